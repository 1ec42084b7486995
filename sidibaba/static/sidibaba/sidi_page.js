/* The page module of a Sidi Baba match: its renderers registered (the sight, the Leader's map, the
 * controls, the log, the screen-reader mode's words), then the page started. */
import "./sidi_view3d.js";
import "./sidi_map.js";
import "./sidi_controls.js";
import "./sidi_log.js";
import "./sidi_speech.js";
import { startMatchPage } from "../matches/match_page.js";
import { EVENT_KINDS } from "./sidi_strings.js";

startMatchPage(EVENT_KINDS);

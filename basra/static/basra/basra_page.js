/* The page module of a Basra match: the renderer registered (basra.js) and the screen-reader mode's words
 * (basra_speech.js), then the page started. */
import "./basra.js";
import "./basra_speech.js";
import { startMatchPage } from "../matches/match_page.js";
import { EVENT_KINDS } from "./basra_strings.js";

startMatchPage(EVENT_KINDS);

/* The page module of a treasure-cave match: the renderer (tiles.js) and the words (tiles_speech.js) registered, then
 * the page started. */
import "./tiles.js";
import "./tiles_speech.js";  // the cave in words, for the screen-reader mode (registered before the page starts)
import { startMatchPage } from "../matches/match_page.js";
import { EVENT_KINDS } from "./tiles_strings.js";

startMatchPage(EVENT_KINDS);

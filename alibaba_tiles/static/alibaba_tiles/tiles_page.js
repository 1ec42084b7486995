/* The page module of a treasure-cave match: the renderer registered (tiles.js), then the page started. */
import "./tiles.js";
import { startMatchPage } from "../matches/match_page.js";
import { EVENT_KINDS } from "./tiles_strings.js";

startMatchPage(EVENT_KINDS);

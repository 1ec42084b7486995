/* What every match page starts once its game's renderers are registered: the socket or the replay
 * player (live.js), with the parts of the page that follow it (the table chat, the end screen).
 * Each game's page module imports its renderers, then calls startMatchPage(): the imports say what
 * runs first, not the order of <script> tags. */
import { start } from "./live.js";
import { attach as attachEnd } from "./endscreen.js";
import { attach as attachChat } from "../chat/chat.js";

/* eventKinds: the game's names of the kinds of its events, which a replay jumps between. */
export function startMatchPage(eventKinds) {
  start([attachChat, attachEnd], eventKinds);
}

/* Sidi Baba: one line saying what the current prompt asks (promptHint), from the legal actions the
 * server offers this seat. Its strings are GUIDE in sidi_strings.js. */
import * as UI from "../matches/ui.js";
import { GUIDE } from "./sidi_strings.js";

const h = UI.h;
// the first of these the seat may do decides the hint (the most pressing first)
const ORDER = ["choose_maze", "place_treasure", "place_chest", "choose_entrance", "choose_character", "open_sesame",
  "roll", "steal", "give_token", "give", "keep", "take", "discard_lamp", "confirm", "offer", "vote_line",
  "play_event", "vote_move"];

function g(key) {
  return GUIDE[key] || "";
}

/* The action type the prompt is about: the most pressing one the seat may do now (`order`, ORDER unless
 * given), or undefined. */
function firstAsked(view, legal, order) {
  if (!legal || !legal.length || view.phase === "over") return undefined;
  const types = {};
  legal.forEach(function (a) { types[a.type] = true; });
  return (order || ORDER).filter(function (type) { return types[type]; })[0];
}

function promptHint(view, legal) {
  const first = firstAsked(view, legal);
  // a lamp discarded after a meeting goes to the Leader, after a curse out of the game: the hint says which
  const leader = first === "discard_lamp" && view.pending && view.pending.dest === "leader";
  const text = first ? g("hint_" + first + (leader ? "_leader" : "")) : "";
  return text ? h("p", { className: "prompt-hint", "data-testid": "prompt-hint", text: text }) : null;
}

export { firstAsked, promptHint };

/* Ali Baba in Basra: one line saying what the current prompt asks (promptHint), for every phase.
 * Its strings are GUIDE in basra_strings.js. */
import * as UI from "../matches/ui.js";
import { GUIDE } from "./basra_strings.js";

const h = UI.h;

function g(key) {
  return GUIDE[key] || "";
}

/* The hint's key: the phase, and for a window its kind, for a roll its purpose; the Forty Thieves' turn its own. */
function hintKey(phase, variant) {
  if (!phase) return "";
  if (phase.name === "turn" && variant === "forty_thieves") return "hint_turn_forty";
  if (phase.name === "window") return "hint_window_" + phase.kind;
  if (phase.name === "pick") return phase.free ? "hint_pick_free" : "hint_pick";
  return "hint_" + phase.name;
}

function promptHint(view, legal) {
  if (view.finished || !legal.length) return null;
  const text = g(hintKey(view.phase, view.variant)) || g("hint_" + (view.phase && view.phase.name)) || "";
  return text ? h("p", { className: "prompt-hint", "data-testid": "prompt-hint", text: text }) : null;
}

export { promptHint };

/* The pending choice of a page that confirms moves (issue 37; the person's setting "Confirm moves",
 * docs/protocol.md, "Confirming moves"). Pure: no page, no socket; tests/js/move_confirm.test.mjs.
 *
 * With confirmation on, the first press on a decision's control only picks it (pending); a second press
 * on the same choice, or Confirm, sends it; another choice replaces it; Cancel (or Escape) drops it. A
 * pending choice lasts while the question stands: a frame whose legal actions differ drops it, so that
 * nothing is ever sent for a decision the player no longer sees. What is sent is the action the game's
 * control was built from (one of frame.legal, domains filled in): this module never makes an action.
 *
 * The state is null (nothing pending) or {key, action, legal}: the choice's key, the action, and the key
 * of the legal actions it was picked among. */

/* A value as JSON with its objects' keys sorted: the same choice gives the same key, whatever the order
 * its action's keys were written in. Arrays keep their order (a line proposed is an order). */
export function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map(function (k) { return JSON.stringify(k) + ":" + canonical(value[k]); }).join(",") + "}";
  }
  return JSON.stringify(value === undefined ? null : value);
}

/* The key of a choice (an action). */
export function choiceKey(action) {
  return canonical(action);
}

/* The key of the question a frame asks: its legal actions. */
export function questionKey(legal) {
  return canonical(legal || []);
}

/* A press on the control of `action`, among the legal actions `legal`, with confirmation `on` or off:
 * {state, send} where send is the action to send now, or null (it is only picked). */
export function press(state, action, legal, on) {
  if (!on) return { state: null, send: action };
  const key = choiceKey(action);
  const question = questionKey(legal);
  if (state && state.key === key && state.legal === question) return { state: null, send: state.action };
  return { state: { key: key, action: action, legal: question }, send: null };
}

/* Confirm: the pending action is sent (null when nothing is pending). */
export function confirm(state) {
  return { state: null, send: state ? state.action : null };
}

/* Cancel (or Escape): nothing pending any more, nothing sent. */
export function cancel() {
  return null;
}

/* A new frame: the pending choice stays while the frame asks the same question (the same legal actions:
 * another player's vote, a seat's notice), else it is dropped. */
export function follow(state, legal) {
  if (!state) return null;
  return state.legal === questionKey(legal) ? state : null;
}

/* Whether a control built for `action` stands for the pending choice (it is drawn as picked). */
export function isPending(state, action) {
  return !!state && state.key === choiceKey(action);
}

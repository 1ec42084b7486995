/* The review panel's rules (review.js draws them; docs/analysis.md): the graph's points, the marks on the
 * timeline, an action in words, the sentences of the largest swings, the progress. Pure: no page, no fetch. */

export const MARKS = ["inaccuracy", "mistake", "blunder"];

/* The decisions that were judged (a Sidi Baba decision the search does not sample is listed, not judged). */
export function judged(decisions) {
  return (decisions || []).filter(function (d) { return typeof d.taken_value === "number"; });
}

/* Why a decision listed was not judged, as the key of its words: it had no other choice (one candidate, "single":
 * a theft from an Adventurer holding jewels alone), or the game's search does not sample it. */
export function notJudgedKey(decision) {
  return decision && decision.skipped === "single" ? "no_choice" : "not_judged";
}

/* The graph: one point per judged decision, x by its step in the match (0..steps), y the estimate of the
 * action taken (0 at the bottom, 1 at the top), in a width x height box. */
export function curve(decisions, steps, width, height) {
  const span = Math.max(1, steps);
  return judged(decisions).map(function (d) {
    return { seq: d.seq, x: round(width * d.seq / span), y: round(height * (1 - d.taken_value)), mark: d.mark || null };
  });
}

/* The SVG polyline's points attribute for those points. */
export function polyline(points) {
  return points.map(function (p) { return p.x + "," + p.y; }).join(" ");
}

/* The marked decisions, in the match's order: {seq, step, mark, loss}; the step the replay jumps to is the
 * one before the action (the decision as the seat faced it). */
export function marks(decisions) {
  return judged(decisions).filter(function (d) { return MARKS.indexOf(d.mark) >= 0; })
    .map(function (d) { return { seq: d.seq, step: d.seq, mark: d.mark, loss: d.loss }; });
}

/* An estimate or a loss on the 0-1 scale as whole points out of 100. */
export function points(value) {
  return Math.round(100 * value);
}

/* An action by its fields, for an action its game does not name (speech.actionText names it in the game's
 * words): its type in words and its values ({"type": "vote_move", "dir": "E"} -> "vote move: dir E"). */
export function actionWords(action) {
  if (!action || typeof action !== "object") return String(action);
  const type = String(action.type || "").replace(/_/g, " ");
  const rest = Object.keys(action).filter(function (k) { return k !== "type"; }).sort().map(function (k) {
    const v = action[k];
    return k.replace(/_/g, " ") + " " + (Array.isArray(v) ? v.join(", ") : (v && typeof v === "object") ? JSON.stringify(v) : String(v));
  });
  return rest.length ? type + ": " + rest.join("; ") : type;
}

/* What a review's estimate is, in its game's own terms and for the seat's role: the first of the strings'
 * `result_<game>_<role>`, `result_<game>` and `result` ("of the group's chance of escaping with the Treasure"). */
export function resultWords(strings, game, role) {
  const keys = (role ? ["result_" + game + "_" + role] : []).concat(["result_" + game, "result"]);
  const found = keys.find(function (k) { return typeof strings[k] === "string"; });
  return found ? strings[found] : "";
}

/* The seat's role as its views say it (Sidi Baba's "leader" or "adventurer"), or undefined. */
export function roleOf(views) {
  const found = Object.values(views || {}).find(function (v) { return v && typeof v.role === "string"; });
  return found ? found.role : undefined;
}

/* The swings' sentences, largest first: `sentence` is the translated template with {move}, {taken},
 * {best}, {loss} and {result} (what the estimate is, in the game's terms: `resultWords`); `words(action, seq)`
 * names an action of the decision at `seq`. A decision that says who gained from it (`gave`: {seats, gain})
 * is told with `gave.sentence`, which adds {gain} and {seats}, the seats named by `gave.names(list)` ("Alice
 * and Bob"). */
export function swingSentences(review, sentence, words, fmt, gave, result) {
  const bySeq = {};
  (review.decisions || []).forEach(function (d) { bySeq[d.seq] = d; });
  return (review.swings || []).filter(function (seq) { return bySeq[seq]; }).map(function (seq) {
    const d = bySeq[seq];
    const values = { move: seq, taken: words(d.taken, seq), best: words(d.best, seq), loss: points(d.loss), result: result || "" };
    if (gave && d.gave && (d.gave.seats || []).length) {
      return { seq: seq, mark: d.mark, text: fmt(gave.sentence, Object.assign(values, { gain: points(d.gave.gain), seats: gave.names(d.gave.seats) })) };
    }
    return { seq: seq, mark: d.mark, text: fmt(sentence, values) };
  });
}

/* The progress bar's value in 0..100. */
export function progress(done, total) {
  if (!total) return 0;
  return Math.min(100, Math.round(100 * done / total));
}

/* Whether the page should ask again for the review's state (it is being worked out). */
export function inProgress(status) {
  return status === "queued" || status === "running";
}

/* How long the page waits before asking again: `first` ms after an answer that moved on (another decision judged,
 * another status), and half as long again as last time after one that did not, up to `most` ms. A review queued
 * behind others, or a long step of Sidi Baba's, is asked about a few times a minute rather than every second. */
export function nextPoll(lastWait, moved, first, most) {
  if (moved || !lastWait) return first;
  return Math.min(most, Math.round(lastWait * 1.5));
}

function round(x) {
  return Math.round(x * 10) / 10;
}

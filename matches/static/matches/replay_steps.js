/* The replay player's rules, apart from the page (replay.js uses them; tests/js/replay_steps.test.mjs checks
 * them): the server's chunks of frames, which step a move lands on (clamped, over the votes when skipped), the
 * pace at a speed, the next step with an event of a kind, a typed move number, the frame drawn for a step and
 * what the keyboard does. Pure functions: no DOM, no fetch, no timer. */

export const REPLAY_LOOKBACK = 40;  // steps of events handed over after a jump, for the renderers' logs
export const REPLAY_STEP_MS = 1000; // one move a second at 1x

/* The server's chunks of `chunk` steps: chunk k holds the steps after actions k*chunk .. (k+1)*chunk-1, and
 * chunk 0 also step 0. The last step of the chunk that holds step v. */
export function chunkEnd(v, chunk) {
  return (Math.floor(Math.max(v - 1, 0) / chunk) + 1) * chunk;
}

/* The range to ask for to get step v: {from, to} (from 0 for the first chunk). */
export function chunkRange(v, chunk) {
  const end = chunkEnd(v, chunk);
  let start = Math.max(0, end - chunk + 1);
  if (start === 1) start = 0;
  return { from: start, to: end };
}

/* The steps from..to that stand for their chunk (the first of each chunk met): a frame missing there means a
 * fetch of its chunk, one fetch per chunk. */
export function chunkProbes(from, to, chunk) {
  const probes = [];
  for (let v = Math.max(0, from); v <= to; v++) {
    probes.push(v);
    v = chunkEnd(v, chunk);
  }
  return probes;
}

/* Step i within 0..steps. */
export function clampStep(i, steps) {
  return Math.max(0, Math.min(steps, i));
}

/* The first step whose events are handed over when step i is drawn after step `current`: i alone when it is
 * the next one, else the REPLAY_LOOKBACK steps before it too (the renderers' logs start over after a jump). */
export function eventsFrom(i, current) {
  return i === current + 1 ? i : i - REPLAY_LOOKBACK;
}

/* The events of steps from..i (the frames there, by version; a missing one gives none). */
export function eventsBetween(frames, from, i) {
  let events = [];
  for (let v = Math.max(0, from); v <= i; v++) {
    if (frames[v]) events = events.concat(frames[v].events || []);
  }
  return events;
}

/* The frame the renderers are given for step i (`stored` the replay JSON's frame of that step), as the live
 * socket would have sent it to `seat`: nothing legal, finished at the last step. */
export function replayFrame(stored, i, steps, seat, matchId, seatNotices) {
  return { type: "view", match: matchId, version: stored.version, seat: seat,
           status: i === steps ? "finished" : "running", view: stored.view, legal: [], to_act: stored.to_act || [],
           server_time: stored.server_time, events: stored.events || [], replay: true,
           // the seats' changes, which each game's log shows where they happened (seat_log.js)
           seat_notices: seatNotices || [] };
}

/* The step `delta` away from `from` within 0..steps, passing over the steps that are only votes
 * (`voteSteps`: step -> true) when `skipVotes` (a long match is mostly votes: a 484-move Sidi Baba replay has a
 * few dozen moves that change the table). */
export function nextStep(from, delta, steps, voteSteps, skipVotes) {
  let i = from + delta;
  if (skipVotes) {
    while (i > 0 && i < steps && voteSteps[i]) i += delta;
  }
  return clampStep(i, steps);
}

/* The speed chosen (the select's value: "0.5", "2", ...); 1 when there is none or it is not a number. */
export function speedOf(value) {
  return Number(value) || 1;
}

/* The pause between two steps while playing, in ms, at a speed. */
export function stepMs(speed) {
  return REPLAY_STEP_MS / speed;
}

/* Whether an event's code is a vote (its code ends in "_vote"). */
export function isVote(code) {
  return /_vote$/.test(code);
}

/* The steps where every event the viewer saw is a vote, from the event index (code -> its steps). */
export function voteOnlySteps(eventIndex) {
  const votes = {}, others = {};
  Object.keys(eventIndex).forEach(function (code) {
    (eventIndex[code] || []).forEach(function (v) { (isVote(code) ? votes : others)[v] = true; });
  });
  const only = {};
  Object.keys(votes).forEach(function (v) { if (!others[v]) only[v] = true; });
  return only;
}

/* The first step after `current` with an event of this kind, or null. */
export function nextOfKind(eventIndex, code, current) {
  const list = eventIndex[code] || [];
  for (let k = 0; k < list.length; k++) if (list[k] > current) return list[k];
  return null;
}

/* A kind of events named: the game's name for it, else its code worded ("lamp_lit" -> "Lamp lit"). */
export function kindLabel(code, kindNames) {
  if (kindNames[code]) return kindNames[code];
  const words = String(code).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/* The event index's kinds in the order of their names. */
export function sortedKinds(eventIndex, kindNames) {
  return Object.keys(eventIndex).sort(function (x, y) {
    return kindLabel(x, kindNames).localeCompare(kindLabel(y, kindNames));
  });
}

/* The move number typed (the text of the field), or null when it is no whole number from 0 to steps. */
export function moveNumber(text, steps) {
  const n = Number(text);
  if (text === "" || !Number.isInteger(n) || n < 0 || n > steps) return null;
  return n;
}

/* What a key pressed on the page does: "toggle" (space: play or pause), "next", "previous", or null (a
 * modifier held, already handled, or typing in a field or pressing a focused button, which keep their own
 * meaning; on the slider, which steps with the arrows itself, only space). `key`: the KeyboardEvent's fields;
 * `onSlider`: whether its target is the replay's slider. */
export function keyAction(key, onSlider) {
  if (key.defaultPrevented || key.altKey || key.ctrlKey || key.metaKey) return null;
  const target = key.target;
  if (target && !onSlider && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName))) return null;
  const space = key.key === " " || key.key === "Spacebar";
  if (onSlider && !space) return null;
  if (space) return "toggle";
  if (key.key === "ArrowRight") return "next";
  if (key.key === "ArrowLeft") return "previous";
  return null;
}

/* The review panel's rules (matches/static/matches/review_steps.js, which review.js draws): the graph's
 * points, the marks on the timeline, an action in words, the swings' sentences and the progress. */
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  actionWords, curve, inProgress, judged, marks, nextPoll, notJudgedKey, points, polyline, progress, resultWords, roleOf, swingSentences,
} from "../../matches/static/matches/review_steps.js";

const REVIEW = {
  decisions: [
    { seq: 2, taken: { type: "take", pos: "1:0" }, best: { type: "take", pos: "1:0" }, taken_value: 0.5, best_value: 0.5, loss: 0, mark: null },
    { seq: 5, taken: { type: "pick" }, skipped: "not sampled" },
    { seq: 8, taken: { type: "take", pos: "2:1" }, best: { type: "take", pos: "0:0" }, taken_value: 0.25, best_value: 0.5, loss: 0.25, mark: "blunder" },
    { seq: 9, taken: { type: "take", pos: "0:1" }, best: { type: "take", pos: "0:2" }, taken_value: 0.4, best_value: 0.45, loss: 0.05, mark: "inaccuracy" },
  ],
  swings: [8, 9],
};

test("the graph has a point per judged decision, placed by its step and its estimate", () => {
  assert.equal(judged(REVIEW.decisions).length, 3);
  const pts = curve(REVIEW.decisions, 10, 100, 100);
  assert.deepEqual(pts.map((p) => [p.seq, p.x, p.y, p.mark]), [[2, 20, 50, null], [8, 80, 75, "blunder"], [9, 90, 60, "inaccuracy"]]);
  assert.equal(polyline(pts), "20,50 80,75 90,60");
});

test("a decision not judged says why: no other choice, or not sampled by the game's search", () => {
  assert.equal(notJudgedKey({ seq: 3, taken: { type: "steal", kind: "jewel" }, skipped: "single" }), "no_choice");
  assert.equal(notJudgedKey(REVIEW.decisions[1]), "not_judged");
});

test("the marks are the marked decisions in the match's order, jumping to the decision as it was faced", () => {
  assert.deepEqual(marks(REVIEW.decisions), [{ seq: 8, step: 8, mark: "blunder", loss: 0.25 }, { seq: 9, step: 9, mark: "inaccuracy", loss: 0.05 }]);
});

test("an action in words: its type and its values", () => {
  assert.equal(actionWords({ type: "vote_move", dir: "E" }), "vote move: dir E");
  assert.equal(actionWords({ type: "pass" }), "pass");
  assert.equal(actionWords({ type: "offer", cards: [3, 4], to_seat: 1 }), "offer: cards 3, 4; to seat 1");
});

test("each swing is a sentence, largest first, with the loss in points of 100", () => {
  const fmt = (s, a) => s.replace(/\{(\w+)\}/g, (m, k) => (a[k] !== undefined ? a[k] : m));
  const said = swingSentences(REVIEW, "{move}: {taken} lost {loss}, {best} better", actionWords, fmt);
  assert.deepEqual(said.map((s) => s.text), ["8: take: pos 2:1 lost 25, take: pos 0:0 better", "9: take: pos 0:1 lost 5, take: pos 0:2 better"]);
  assert.equal(points(0.126), 13);
});

test("a swing that gave another seat its points names who gained, and how much", () => {
  const fmt = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  const review = { decisions: REVIEW.decisions.map((d) => (d.seq === 8 ? { ...d, gave: { seats: [1, 2], gain: 0.214 } } : d)), swings: [8, 9] };
  const gave = { sentence: "{move}: {taken} lost {loss}, gave {gain} to {seats}", names: (seats) => seats.map((s) => "P" + s).join(" and ") };
  const said = swingSentences(review, "{move}: {taken} lost {loss}, {best} better", actionWords, fmt, gave);
  assert.deepEqual(said.map((s) => s.text), ["8: take: pos 2:1 lost 25, gave 21 to P1 and P2", "9: take: pos 0:1 lost 5, take: pos 0:2 better"]);
});

test("a swing says what was lost in its game's own terms, for the seat's role", () => {
  const strings = { result: "of the expected result", result_basra: "of your margin in Piastres",
                    result_sidibaba_leader: "of your chance of stopping them", result_sidibaba_adventurer: "of the group's escape" };
  assert.equal(resultWords(strings, "sidibaba", roleOf({ 3: { role: "leader" } })), "of your chance of stopping them");
  assert.equal(resultWords(strings, "sidibaba", roleOf({ 3: null, 5: { role: "adventurer" } })), "of the group's escape");
  assert.equal(resultWords(strings, "basra", roleOf({ 3: { seat: 0 } })), "of your margin in Piastres");
  assert.equal(resultWords(strings, "alibaba_tiles", undefined), "of the expected result");
  assert.equal(roleOf({}), undefined);
  const fmt = (s, a) => s.replace(/\{(\w+)\}/g, (m, k) => (a[k] !== undefined ? a[k] : m));
  const said = swingSentences(REVIEW, "{move}: {taken} lost {loss} {result}", actionWords, fmt, undefined, "of your margin in Piastres");
  assert.equal(said[0].text, "8: take: pos 2:1 lost 25 of your margin in Piastres");
});

test("the progress bar and whether to ask again", () => {
  assert.equal(progress(0, 0), 0);
  assert.equal(progress(3, 12), 25);
  assert.equal(progress(12, 12), 100);
  assert.ok(inProgress("queued") && inProgress("running") && !inProgress("done") && !inProgress("none"));
});

test("the page asks again after a second while the review moves on, longer while it does not, up to a most", () => {
  assert.equal(nextPoll(0, false, 1000, 4000), 1000);  // the first answer
  assert.equal(nextPoll(1000, true, 1000, 4000), 1000);
  assert.equal(nextPoll(1000, false, 1000, 4000), 1500);
  assert.equal(nextPoll(1500, false, 1000, 4000), 2250);
  assert.equal(nextPoll(3375, false, 1000, 4000), 4000);
  assert.equal(nextPoll(4000, false, 1000, 4000), 4000);
  assert.equal(nextPoll(4000, true, 1000, 4000), 1000);  // a decision judged: every second again
});

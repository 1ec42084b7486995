/* The replay player's rules (matches/static/matches/replay_steps.js, which replay.js follows): the chunks it
 * fetches, stepping and jumping within the match, skipping the votes, the pace at each speed, the next event
 * of a kind, the move number typed, the frame drawn for a step and the keyboard. */
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  chunkEnd, chunkRange, chunkProbes, clampStep, eventsFrom, eventsBetween, replayFrame, nextStep, speedOf,
  stepMs, isVote, voteOnlySteps, nextOfKind, kindLabel, sortedKinds, moveNumber, keyAction,
  REPLAY_LOOKBACK, REPLAY_STEP_MS,
} from "../../matches/static/matches/replay_steps.js";

test("chunk 0 holds step 0 and the steps up to the chunk's size", () => {
  assert.equal(chunkEnd(0, 100), 100);
  assert.equal(chunkEnd(1, 100), 100);
  assert.equal(chunkEnd(100, 100), 100);
  assert.deepEqual(chunkRange(0, 100), { from: 0, to: 100 });
  assert.deepEqual(chunkRange(57, 100), { from: 0, to: 100 });
});

test("the later chunks hold the next chunk-size steps each", () => {
  assert.equal(chunkEnd(101, 100), 200);
  assert.deepEqual(chunkRange(101, 100), { from: 101, to: 200 });
  assert.deepEqual(chunkRange(200, 100), { from: 101, to: 200 });
  assert.deepEqual(chunkRange(201, 100), { from: 201, to: 300 });
  assert.deepEqual(chunkRange(12, 10), { from: 11, to: 20 });
});

test("a range of steps is fetched once per chunk it touches", () => {
  assert.deepEqual(chunkProbes(0, 100, 100), [0]);
  assert.deepEqual(chunkProbes(60, 140, 100), [60, 101]);
  assert.deepEqual(chunkProbes(-40, 250, 100), [0, 101, 201]);
  assert.deepEqual(chunkProbes(5, 4, 100), []);
});

test("a step is kept within the match", () => {
  assert.equal(clampStep(-3, 50), 0);
  assert.equal(clampStep(51, 50), 50);
  assert.equal(clampStep(20, 50), 20);
});

test("next and previous move one step, and stop at the ends", () => {
  assert.equal(nextStep(4, 1, 10, {}, false), 5);
  assert.equal(nextStep(4, -1, 10, {}, false), 3);
  assert.equal(nextStep(10, 1, 10, {}, false), 10);
  assert.equal(nextStep(0, -1, 10, {}, false), 0);
});

test("skipping votes passes over the steps that are only votes, both ways", () => {
  const votes = { 5: true, 6: true, 7: true };
  assert.equal(nextStep(4, 1, 10, votes, true), 8);
  assert.equal(nextStep(8, -1, 10, votes, true), 4);
  assert.equal(nextStep(4, 1, 10, votes, false), 5, "not ticked: every step");
});

test("skipping votes still stops at the first and the last step", () => {
  assert.equal(nextStep(7, 1, 10, { 8: true, 9: true, 10: true }, true), 10);
  assert.equal(nextStep(3, -1, 10, { 0: true, 1: true, 2: true }, true), 0);
});

test("a step is only votes when no other event happened at it", () => {
  const index = { genie_vote: [3, 4, 9], move_vote: [4, 5], moved: [4, 7], lamp_lit: [9] };
  assert.deepEqual(voteOnlySteps(index), { 3: true, 5: true });
  assert.equal(isVote("genie_vote"), true);
  assert.equal(isVote("voted"), false);
});

test("the next event of a kind is the first after the step shown", () => {
  const index = { lamp_lit: [3, 9, 20] };
  assert.equal(nextOfKind(index, "lamp_lit", 0), 3);
  assert.equal(nextOfKind(index, "lamp_lit", 3), 9);
  assert.equal(nextOfKind(index, "lamp_lit", 19), 20);
});

test("no next event of a kind after its last, or of an unknown kind", () => {
  assert.equal(nextOfKind({ lamp_lit: [3, 9] }, "lamp_lit", 9), null);
  assert.equal(nextOfKind({ lamp_lit: [3, 9] }, "moved", 0), null);
});

test("a kind of events is named by the game, else from its code", () => {
  assert.equal(kindLabel("lamp_lit", { lamp_lit: "Lamp lit up" }), "Lamp lit up");
  assert.equal(kindLabel("genie_offer_made", {}), "Genie offer made");
});

test("the kinds are offered in the order of their names", () => {
  const names = { b_code: "Apple", a_code: "Zebra" };
  assert.deepEqual(sortedKinds({ a_code: [1], b_code: [2], c_code: [3] }, names), ["b_code", "c_code", "a_code"]);
});

test("playing steps once a second at 1x, faster or slower with the speed", () => {
  assert.equal(REPLAY_STEP_MS, 1000);
  assert.equal(stepMs(speedOf("1")), 1000);
  assert.equal(stepMs(speedOf("2")), 500);
  assert.equal(stepMs(speedOf("4")), 250);
  assert.equal(stepMs(speedOf("0.5")), 2000);
});

test("no speed chosen, or a wrong one, plays at 1x", () => {
  assert.equal(speedOf(undefined), 1);
  assert.equal(speedOf(""), 1);
  assert.equal(speedOf("fast"), 1);
  assert.equal(speedOf("0"), 1);
});

test("a move number typed is a whole number from 0 to the last step", () => {
  assert.equal(moveNumber("0", 30), 0);
  assert.equal(moveNumber("30", 30), 30);
  assert.equal(moveNumber("12", 30), 12);
  for (const wrong of ["", "31", "-1", "2.5", "x"]) assert.equal(moveNumber(wrong, 30), null, JSON.stringify(wrong));
});

test("the next step is drawn with its own events; a jump hands over the steps before it too", () => {
  assert.equal(eventsFrom(8, 7), 8);
  assert.equal(eventsFrom(8, 3), 8 - REPLAY_LOOKBACK);
  assert.equal(eventsFrom(3, 8), 3 - REPLAY_LOOKBACK);
  assert.equal(REPLAY_LOOKBACK, 40);
});

test("the events handed over are those of the steps in range that are loaded", () => {
  const frames = { 0: { events: [{ code: "a" }] }, 1: {}, 2: { events: [{ code: "b" }, { code: "c" }] }, 3: { events: [{ code: "d" }] } };
  assert.deepEqual(eventsBetween(frames, -38, 2).map((e) => e.code), ["a", "b", "c"]);
  assert.deepEqual(eventsBetween(frames, 3, 3).map((e) => e.code), ["d"]);
  assert.deepEqual(eventsBetween(frames, 4, 9), []);
});

test("a replay's frame offers nothing and is finished at the last step only", () => {
  const stored = { version: 5, view: { board: 1 }, server_time: 1234.5, events: [{ code: "moved" }] };
  const frame = replayFrame(stored, 5, 9, 2, 17, [{ seat: 1, code: "seat_resigned" }]);
  assert.deepEqual(frame, {
    type: "view", match: 17, version: 5, seat: 2, status: "running", view: { board: 1 }, legal: [], to_act: [],
    server_time: 1234.5, events: [{ code: "moved" }], replay: true, seat_notices: [{ seat: 1, code: "seat_resigned" }],
  });
  assert.equal(replayFrame(stored, 9, 9, null, 17, null).status, "finished");
  assert.deepEqual(replayFrame({ version: 0, view: {}, to_act: [1] }, 0, 9, 0, 1).events, []);
  assert.deepEqual(replayFrame({ version: 0, view: {}, to_act: [1] }, 0, 9, 0, 1).to_act, [1]);
});

const key = (k, extra) => Object.assign({ key: k, target: { tagName: "BODY" } }, extra);

test("space plays or pauses, the arrows step", () => {
  assert.equal(keyAction(key(" "), false), "toggle");
  assert.equal(keyAction(key("Spacebar"), false), "toggle");
  assert.equal(keyAction(key("ArrowRight"), false), "next");
  assert.equal(keyAction(key("ArrowLeft"), false), "previous");
  assert.equal(keyAction(key("a"), false), null);
});

test("keys typed in a field or on a focused button keep their own meaning", () => {
  for (const tagName of ["INPUT", "SELECT", "TEXTAREA", "BUTTON"]) {
    assert.equal(keyAction(key(" ", { target: { tagName } }), false), null, tagName);
    assert.equal(keyAction(key("ArrowRight", { target: { tagName } }), false), null, tagName);
  }
  assert.equal(keyAction(key(" ", { target: { tagName: "DIV", isContentEditable: true } }), false), null);
});

test("on the slider the arrows are the slider's own, space still plays", () => {
  const slider = { tagName: "INPUT" };
  assert.equal(keyAction(key(" ", { target: slider }), true), "toggle");
  assert.equal(keyAction(key("ArrowRight", { target: slider }), true), null);
  assert.equal(keyAction(key("ArrowLeft", { target: slider }), true), null);
});

test("a key with a modifier, or handled already, does nothing", () => {
  for (const mod of ["altKey", "ctrlKey", "metaKey", "defaultPrevented"]) {
    assert.equal(keyAction(key("ArrowRight", { [mod]: true }), false), null, mod);
  }
});

/* matches/static/matches/move_confirm.js: the pending choice of a page that confirms moves. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { cancel, choiceKey, confirm, follow, isPending, press } from "../../matches/static/matches/move_confirm.js";

const take = { type: "take", pos: "3:0:1" };
const other = { type: "take", pos: "3:0:2" };
const legal = [take, other];

test("with confirmation off a press sends the action at once", () => {
  assert.deepEqual(press(null, take, legal, false), { state: null, send: take });
});

test("with confirmation on the first press only picks the choice", () => {
  const first = press(null, take, legal, true);
  assert.equal(first.send, null);
  assert.ok(isPending(first.state, take));
  assert.ok(!isPending(first.state, other));
});

test("a second press on the same choice sends it, and nothing stays pending", () => {
  const first = press(null, take, legal, true);
  const second = press(first.state, { pos: "3:0:1", type: "take" }, legal, true);
  assert.deepEqual(second, { state: null, send: take });
});

test("a press on another choice replaces the pending one without sending", () => {
  const first = press(null, take, legal, true);
  const second = press(first.state, other, legal, true);
  assert.equal(second.send, null);
  assert.ok(isPending(second.state, other));
  assert.ok(!isPending(second.state, take));
});

test("Confirm sends the pending choice; with nothing pending it sends nothing", () => {
  const first = press(null, take, legal, true);
  assert.deepEqual(confirm(first.state), { state: null, send: take });
  assert.deepEqual(confirm(null), { state: null, send: null });
});

test("Cancel drops the pending choice; the next press picks again", () => {
  const first = press(null, take, legal, true);
  const state = cancel(first.state);
  assert.equal(state, null);
  assert.equal(press(state, take, legal, true).send, null);
});

test("a new frame asking the same question keeps the pending choice", () => {
  const first = press(null, take, legal, true);
  assert.equal(follow(first.state, [{ pos: "3:0:1", type: "take" }, other]), first.state);
});

test("a new frame with other legal actions drops the pending choice", () => {
  const first = press(null, take, legal, true);
  assert.equal(follow(first.state, [other]), null);
  assert.equal(follow(first.state, []), null);
  assert.equal(follow(null, legal), null);
});

test("a press after the question changed picks again, it does not send the older pick", () => {
  const first = press(null, take, legal, true);
  const again = press(first.state, take, [take], true);
  assert.equal(again.send, null);
  assert.ok(isPending(again.state, take));
});

test("a choice's key ignores the order of its keys and keeps the order of its lists", () => {
  assert.equal(choiceKey({ a: 1, b: [2, 3] }), choiceKey({ b: [2, 3], a: 1 }));
  assert.notEqual(choiceKey({ line: [0, 1] }), choiceKey({ line: [1, 0] }));
  assert.notEqual(choiceKey({ type: "lamp", swap: null }), choiceKey({ type: "lamp", swap: 0 }));
});

test("a choice with values filled in from a domain is its own choice", () => {
  const sell = { type: "sell", cards: { subset_of: [3, 5], max_size: 2 } };
  const first = press(null, { type: "sell", cards: [3] }, [sell], true);
  const second = press(first.state, { type: "sell", cards: [3, 5] }, [sell], true);
  assert.equal(second.send, null);
  assert.deepEqual(press(second.state, { type: "sell", cards: [3, 5] }, [sell], true).send, { type: "sell", cards: [3, 5] });
});

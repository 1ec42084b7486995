/* The live match page's rules about frames and the socket (matches/static/matches/live_rules.js, which
 * live.js follows): the order of frames by version, the events handed on once, the resync on (re)connecting,
 * the back-off of reconnects, the closes that end it, the wait for pending ratings, the generic controls. */
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  frameVerdict, freshEvents, helloFrame, actionFrame, serverClockOffset, isSilent, reconnectDelay, fatalClose,
  ratingsPending, askForRatings, unclaimedActions, withKeptView, SILENCE_LIMIT, RATINGS_SYNC_TRIES,
} from "../../matches/static/matches/live_rules.js";

const view = (version, extra) => Object.assign({ type: "view", version: version }, extra);

test("the first frame is drawn", () => {
  assert.equal(frameVerdict(null, null, view(0), '{"v":0}'), "new");
});

test("a frame older than the one drawn is dropped", () => {
  const last = view(7);
  assert.equal(frameVerdict(last, "seven", view(6), "six"), "older");
  assert.equal(frameVerdict(last, "seven", view(0), "zero"), "older");
});

test("a newer frame is drawn, however many versions it skips", () => {
  assert.equal(frameVerdict(view(7), "seven", view(8), "eight"), "new");
  assert.equal(frameVerdict(view(7), "seven", view(30), "thirty"), "new");
});

test("a change's frame that follows on from the version drawn is drawn", () => {
  assert.equal(frameVerdict(view(7), "seven", view(8, { after: 7 }), "eight"), "new");
  // a seat not shown the actions hidden from it: its next frame skips their versions, and follows on from its own
  assert.equal(frameVerdict(view(7), "seven", view(10, { after: 7 }), "ten"), "new");
});

test("a change's frame that follows on from a newer version than the one drawn is a gap: a frame was missed", () => {
  assert.equal(frameVerdict(view(7), "seven", view(9, { after: 8 }), "nine"), "gap");
  assert.equal(frameVerdict(view(7), "seven", view(12, { after: 10 }), "twelve"), "gap");
});

test("a full frame (no after) is drawn whatever was missed, and an older frame stays older", () => {
  assert.equal(frameVerdict(view(7), "seven", view(12), "twelve"), "new");
  assert.equal(frameVerdict(view(7), "seven", view(6, { after: 5 }), "six"), "older");
  // a change's frame already overtaken by a full frame of its version (a resync's answer came first)
  assert.equal(frameVerdict(view(9), "nine", view(9, { after: 8 }), "nine again"), "new");
});

test("the first frame is drawn even when it follows on from a version (no frame to compare with)", () => {
  assert.equal(frameVerdict(null, null, view(9, { after: 8 }), "nine"), "new");
});

test("the same version in the same text is not drawn again", () => {
  assert.equal(frameVerdict(view(7), "seven", view(7), "seven"), "same");
});

test("the same version in another text is drawn (the ratings recorded after the last move)", () => {
  assert.equal(frameVerdict(view(7), '{"rating":"pending"}', view(7), '{"rating":"+12"}'), "new");
});

test("events are handed on once: a resync frame's repeated events are dropped", () => {
  const first = freshEvents({ version: 5, events: [{ version: 4, code: "a" }, { version: 5, code: "b" }] }, -1);
  assert.deepEqual(first.events.map((e) => e.code), ["a", "b"]);
  assert.equal(first.lastEventVersion, 5);
  const resync = freshEvents({ version: 7, events: [{ version: 5, code: "b" }, { version: 6, code: "c" }, { version: 7, code: "d" }] },
    first.lastEventVersion);
  assert.deepEqual(resync.events.map((e) => e.code), ["c", "d"]);
  assert.equal(resync.lastEventVersion, 7);
});

test("an event without a version takes its frame's", () => {
  const out = freshEvents({ version: 3, events: [{ code: "moved" }] }, 2);
  assert.deepEqual(out.events, [{ version: 3, code: "moved" }]);
  assert.equal(out.lastEventVersion, 3);
  assert.deepEqual(freshEvents({ version: 3, events: [{ code: "moved" }] }, 3).events, []);
});

test("a frame without events hands on none and keeps the newest version seen", () => {
  assert.deepEqual(freshEvents({ version: 9 }, 4), { events: [], lastEventVersion: 4 });
});

test("the hello on connecting names no version before any frame", () => {
  assert.deepEqual(helloFrame(null), { type: "hello", version: null });
});

test("the hello on reconnecting names the last version seen, so the server resyncs from there", () => {
  assert.deepEqual(helloFrame(view(42)), { type: "hello", version: 42 });
});

test("an action is sent with the version it was chosen on", () => {
  assert.deepEqual(actionFrame(view(12), { type: "take", pos: "0:1:2" }),
    { type: "action", version: 12, action: { type: "take", pos: "0:1:2" } });
});

test("the server clock's offset comes from the frame's server_time, else stays", () => {
  assert.equal(serverClockOffset({ server_time: 1010 }, 1000000, 0), 10);
  assert.equal(serverClockOffset({}, 1000000, 3.5), 3.5);
});

test("a socket silent for longer than the limit is dead", () => {
  assert.equal(isSilent(0, SILENCE_LIMIT), false);
  assert.equal(isSilent(0, SILENCE_LIMIT + 1), true);
  assert.equal(SILENCE_LIMIT, 60000);
});

test("reconnects back off from 0.5 s doubling up to 15 s", () => {
  const longest = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => reconnectDelay(n, 1));
  assert.deepEqual(longest, [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
});

test("a reconnect's jitter keeps at least half of the wait", () => {
  assert.equal(reconnectDelay(1, 0), 250);
  assert.equal(reconnectDelay(3, 0.5), 1500);
  assert.equal(reconnectDelay(20, 0), 7500);
});

test("the closes a retry cannot mend stop the page with their reason", () => {
  assert.equal(fatalClose(4401), "close_4401");
  assert.equal(fatalClose(4403), "close_4403");
  assert.equal(fatalClose(4404), "close_4404");
  assert.equal(fatalClose(4429), "close_4429");
});

test("other closes lead to a reconnect", () => {
  for (const code of [1000, 1001, 1006, 1011, 4000]) assert.equal(fatalClose(code), null, String(code));
});

test("a finished match's pending rating asks the server again, at most so many times", () => {
  const pending = { status: "finished", end: { players: [{ rating: { state: "done" } }, { rating: { state: "pending" } }] } };
  assert.equal(ratingsPending(pending), true);
  assert.equal(askForRatings(pending, 0), true);
  assert.equal(askForRatings(pending, RATINGS_SYNC_TRIES - 1), true);
  assert.equal(askForRatings(pending, RATINGS_SYNC_TRIES), false);
});

test("no rating pending, or a running match, asks nothing", () => {
  assert.equal(ratingsPending({ status: "finished", end: { players: [{ rating: { state: "done" } }, {}] } }), false);
  assert.equal(ratingsPending({ status: "running", end: { players: [{ rating: { state: "pending" } }] } }), false);
  assert.equal(ratingsPending({ status: "finished" }), false);
});

test("legal actions no renderer claims are drawn as generic controls, with their index", () => {
  const legal = [{ type: "take" }, { type: "vote" }, { type: "offer" }];
  assert.deepEqual(unclaimedActions(legal, [["take"], undefined, ["offer"]]), [[{ type: "vote" }, 1]]);
  assert.deepEqual(unclaimedActions(legal, []), [[legal[0], 0], [legal[1], 1], [legal[2], 2]]);
});

test("a renderer claiming every action leaves no generic controls", () => {
  assert.deepEqual(unclaimedActions([{ type: "take" }], [[], "*"]), []);
  assert.deepEqual(unclaimedActions(undefined, [[]]), []);
});

test("a change's frame keeps the parts of the view it names from the frame drawn before it", () => {
  const layout = { key: "standard" };
  const full = view(7, { view: { layout: layout, tileset: "box", board: [1, 2] } });
  const change = view(8, { after: 7, kept: ["layout", "tileset"], view: { board: [1] } });
  assert.equal(frameVerdict(full, "seven", change, "eight"), "new");
  const drawn = withKeptView(change, full);
  assert.deepEqual(drawn.view, { layout: layout, tileset: "box", board: [1] });
  assert.equal(drawn.view.layout, layout);  // the same object: nothing copied but the view's own keys
  assert.deepEqual(change.view, { board: [1] });  // the frame as it came is left alone
  // and the next change keeps them from the one drawn
  const next = withKeptView(view(9, { after: 8, kept: ["layout", "tileset"], view: { board: [] } }), drawn);
  assert.deepEqual(next.view, { layout: layout, tileset: "box", board: [] });
});

test("a change's frame that keeps parts of a view it has no frame before to keep them from is a gap", () => {
  assert.equal(frameVerdict(null, null, view(8, { after: 7, kept: ["layout"], view: {} }), "eight"), "gap");
  // a frame without "kept" (a full frame, or a game that keeps nothing) is drawn as before
  const plain = view(8, { view: { board: [] } });
  assert.equal(frameVerdict(null, null, plain, "eight"), "new");
  assert.equal(withKeptView(plain, null), plain);
});

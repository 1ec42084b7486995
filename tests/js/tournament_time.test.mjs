// The tournament pages' times (tournaments/static/tournaments/local_time.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { countdown, withOffset } from "../../tournaments/static/tournaments/local_time.js";

test("a start typed in Paris in winter is sent with its +01:00 offset", () => {
  assert.equal(withOffset("2026-12-01T20:30", -60), "2026-12-01T20:30:00+01:00");
});

test("a start typed west of Greenwich, with a half-hour offset, keeps its sign and minutes", () => {
  assert.equal(withOffset("2026-12-01T20:30", 210), "2026-12-01T20:30:00-03:30");
  assert.equal(withOffset("2026-12-01T20:30:15", 0), "2026-12-01T20:30:15+00:00");
});

test("the countdown shows hours only when there are some and is never negative", () => {
  assert.equal(countdown(3723), "1:02:03");
  assert.equal(countdown(245), "4:05");
  assert.equal(countdown(9.7), "0:09");
  assert.equal(countdown(-5), "0:00");
});

/* The clocks and countdowns of the match pages worded (matches/static/matches/clock.js, which ui.js re-exports
 * to the games' renderers): seconds left, minutes and seconds, hours, days in the page's language. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { secondsLeft, formatClock, dayUnit, timeOfDay } from "../../matches/static/matches/clock.js";

const NBSP = "\u00a0";

test("seconds left round up to the whole second", () => {
  assert.equal(secondsLeft(100, 90), 10);
  assert.equal(secondsLeft(100, 90.2), 10);
  assert.equal(secondsLeft(100, 99.9), 1);
});

test("seconds left never go below 0 once the deadline passed", () => {
  assert.equal(secondsLeft(100, 100), 0);
  assert.equal(secondsLeft(100, 130), 0);
});

test("under an hour a clock shows minutes and two-digit seconds", () => {
  assert.equal(formatClock(0), "0:00");
  assert.equal(formatClock(9), "0:09");
  assert.equal(formatClock(75), "1:15");
  assert.equal(formatClock(600), "10:00");
  assert.equal(formatClock(3599), "59:59");
});

test("from an hour a clock shows hours and two-digit minutes", () => {
  assert.equal(formatClock(3600), "1:00:00");
  assert.equal(formatClock(3600 + 5 * 60 + 7), "1:05:07");
  assert.equal(formatClock(23 * 3600 + 59 * 60 + 59), "23:59:59");
});

test("from a day a clock shows the days, then hours, minutes and seconds", () => {
  assert.equal(formatClock(86400, "d"), "1" + NBSP + "d 0:00:00");
  assert.equal(formatClock(2 * 86400 + 3 * 3600, "d"), "2" + NBSP + "d 3:00:00");
  assert.equal(formatClock(86400 + 10 * 3600 + 4 * 60 + 5, "d"), "1" + NBSP + "d 10:04:05");
});

test("a day is d in English and j in French", () => {
  assert.equal(dayUnit("en"), "d");
  assert.equal(dayUnit(""), "d");
  assert.equal(dayUnit(undefined), "d");
  assert.equal(dayUnit("fr"), "j");
  assert.equal(dayUnit("fr-CA"), "j");
  assert.equal(formatClock(2 * 86400 + 3 * 3600, dayUnit("fr")), "2" + NBSP + "j 3:00:00");
});

test("a clock drops fractions of a second and shows no negative time", () => {
  assert.equal(formatClock(75.9), "1:15");
  assert.equal(formatClock(-5), "0:00");
});

test("a seat notice's time of day is hours and minutes, two digits each", () => {
  assert.equal(timeOfDay(new Date(2024, 0, 1, 9, 5, 59)), "09:05");
  assert.equal(timeOfDay(new Date(2024, 0, 1, 23, 40)), "23:40");
  assert.equal(timeOfDay(new Date(2024, 0, 1, 0, 0)), "00:00");
});

/* static/js/away_banner.js: what the away banner says, and what a screen reader is told (once per line). */
import { test } from "node:test";
import assert from "node:assert/strict";

import { bannerState, lineKey, lineParts } from "../../static/js/away_banner.js";

const texts = {
  due: "Your turn in {game} (match #{match}): a computer player plays for you in {seconds} s unless you go back.",
  dueNow: "Your turn in {game} (match #{match}): a computer player is about to play for you.",
  abortDue: "Your first decision in {game} (match #{match}): the match is aborted in {seconds} s unless you go back.",
  abortDueNow: "Your first decision in {game} (match #{match}): the match is about to be aborted.",
  stoodIn: "A computer player is playing for you in {game} (match #{match}) while you are away.",
};
const due = { match: 7, game: "Basra", state: "due", at: 130, url: "/matches/7/" };

test("a due line counts down the whole seconds left, in a part of its own", () => {
  assert.deepEqual(lineParts(due, 100.2, texts),
    ["Your turn in Basra (match #7): a computer player plays for you in ", "30", " s unless you go back."]);
});

test("at the first decision the line says the match is aborted, not stood in for", () => {
  assert.match(lineParts({ ...due, aborts: true }, 100, texts).join(""), /the match is aborted in 30 s/);
});

test("a countdown run out and a stood-in line have no countdown", () => {
  assert.deepEqual(lineParts(due, 130, texts), [texts.dueNow.replace("{game}", "Basra").replace("{match}", "7"), "", ""]);
  assert.equal(lineParts({ ...due, state: "stood_in" }, 100, texts)[1], "");
});

test("a line is announced when it appears, not while its countdown ticks", () => {
  const first = bannerState([due], 100, null, new Set(), texts);
  assert.equal(first.announce.length, 1);
  assert.match(first.announce[0], /in 30 s unless/);
  let keys = first.keys;
  for (let now = 101; now < 130; now += 1) {
    const next = bannerState([due], now, null, keys, texts);
    assert.deepEqual(next.announce, [], `announced again at ${now}`);
    keys = next.keys;
  }
});

test("a line is announced again when it changes: its countdown runs out, a computer player stands in", () => {
  const ticking = bannerState([due], 100, null, new Set(), texts).keys;
  assert.equal(bannerState([due], 131, null, ticking, texts).announce.length, 1);
  const stood = bannerState([{ ...due, state: "stood_in" }], 140, null, ticking, texts);
  assert.deepEqual(stood.announce, ["A computer player is playing for you in Basra (match #7) while you are away."]);
});

test("the match whose page this is has no line", () => {
  const state = bannerState([due, { ...due, match: 8 }], 100, 7, new Set(), texts);
  assert.deepEqual(state.lines.map((line) => line.entry.match), [8]);
  assert.notEqual(lineKey(due, 100), lineKey({ ...due, match: 8 }, 100));
});

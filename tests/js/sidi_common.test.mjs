/* Sidi Baba's shared page helpers (sidibaba/static/sidibaba/sidi_common.js): the log's sentences. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";

installPage("en");
const S = await import("../../sidibaba/static/sidibaba/sidi_common.js");

test("a sentence starting with a name shows the name as written", () => {
  assert.equal(S.sentence("e_lamp_lit", "{name} lights lamp {segment}.", { name: "newbie1 (you)", segment: 2 }),
    "newbie1 (you) lights lamp 2.");
  assert.equal(S.sentence("e_no_such", "{name} rolls a {value}.", { name: "ali", value: 6 }), "ali rolls a 6.");
});

test("a sentence starting with its own words starts with a capital", () => {
  assert.equal(S.sentence("e_no_such", "the line moves: {move}.", { move: "ahead" }), "The line moves: ahead.");
  assert.equal(S.sentence("e_no_such", "a lamp of {name} is discarded.", { name: "bob" }), "A lamp of bob is discarded.");
});

test("a counted sentence picks its form and keeps the names as written", () => {
  const forms = ["{name} holds {n} lamps", "{name} holds {n} lamp", "{name} holds {n} lamps"];
  assert.equal(S.sentence("e_no_such", forms, { name: "zed", n: 1 }), "zed holds 1 lamp");
  assert.equal(S.sentence("e_no_such", forms, { name: "zed", n: 3 }), "zed holds 3 lamps");
});

/* The sight in words (issue 36): what the lamp shows, as the Leader would tell it at the table. */
const open = { left: "wall", ahead: "open", right: "wall" };

test("a corridor ahead is told with its length and its end", () => {
  assert.equal(S.sightText({ sight: [open, open, { left: "wall", ahead: "wall", right: "wall" }] }),
    "A corridor ahead, 2 squares, then a wall. No opening on either side.");
  assert.equal(S.sightText({ sight: [open, open, open, open] }),
    "A corridor ahead, 3 squares, going on beyond the light. No opening on either side.");
  assert.equal(S.sightText({ sight: [open, { left: "wall", ahead: "daylight", right: "wall" }] }),
    "A corridor ahead, 1 square, then daylight. No opening on either side.");
});

test("what is right ahead is told without a corridor", () => {
  assert.equal(S.sightText({ sight: [{ left: "wall", ahead: "wall", right: "wall" }] }), "A wall right ahead. No opening on either side.");
  assert.equal(S.sightText({ sight: [{ left: "wall", ahead: "blocked", right: "wall" }] }), "A landslide right ahead. No opening on either side.");
});

test("each opening on either side is told with how far it is", () => {
  const sight = [{ left: "open", ahead: "open", right: "wall" }, { left: "wall", ahead: "open", right: "daylight" },
    { left: "wall", ahead: "wall", right: "open" }];
  assert.equal(S.sightText({ sight }), "A corridor ahead, 2 squares, then a wall. An opening on the left, beside you. "
    + "Daylight on the right, after 1 square. An opening on the right, after 2 squares.");
});

test("no sight, no words", () => {
  assert.equal(S.sightText({}), "");
});

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

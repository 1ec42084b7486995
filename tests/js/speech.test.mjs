/* matches/static/matches/speech.js: the screen-reader mode's clock milestones, typed commands and turn line. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";

installPage("en");
const S = await import("../../matches/static/matches/speech.js");

test("each milestone is said once, as the deadline passes it", () => {
  const said = new Set();
  assert.equal(S.milestoneToSay(90, said, true), null);
  assert.equal(S.milestoneToSay(61, said, false), null);
  assert.equal(S.milestoneToSay(60, said, false), 60);
  assert.equal(S.milestoneToSay(59, said, false), null);
  assert.equal(S.milestoneToSay(30, said, false), 30);
  assert.equal(S.milestoneToSay(12, said, false), null);
  assert.equal(S.milestoneToSay(9, said, false), 10);
  assert.equal(S.milestoneToSay(3, said, false), null);
});

test("milestones already passed when a deadline is first seen are not said", () => {
  const said = new Set();
  assert.equal(S.milestoneToSay(20, said, true), null);
  assert.equal(S.milestoneToSay(15, said, false), null);
  assert.equal(S.milestoneToSay(10, said, false), 10);
});

test("a page that missed two milestones says only the tightest, and nothing once time is up", () => {
  const said = new Set();
  S.milestoneToSay(70, said, true);
  assert.equal(S.milestoneToSay(25, said, false), 30);
  assert.equal(S.milestoneToSay(0, new Set([60, 30]), false), null);
});

test("a typed command is its first word, in English or the page's language, without case or accents", () => {
  const words = { turn: "tour t", hand: "main m", clocks: "horloge pendule", last: "derniers d" };
  assert.equal(S.commandOf("turn", words), "turn");
  assert.equal(S.commandOf("  Tour  ", words), "turn");
  assert.equal(S.commandOf("HORLOGE please", words), "clocks");
  assert.equal(S.commandOf("dérniers", words), "last");
  assert.equal(S.commandOf("scores", words), "scores");
  assert.equal(S.commandOf("", words), null);
  assert.equal(S.commandOf("dance", words), null);
});

test("whose turn: this seat's with what it is asked, else who is awaited, else the end", () => {
  const api = { name: (s) => ["ann", "bob", "cid"][s] };
  const running = { status: "running", legal: [], to_act: [1, 2] };
  assert.equal(S.turnText(running, 0, "", api), "Waiting for bob, cid.");
  assert.equal(S.turnText({ status: "running", legal: [{ type: "take" }], to_act: [0] }, 0, "take a tile", api),
    "Your turn: take a tile.");
  assert.equal(S.turnText({ status: "running", legal: [{ type: "take" }] }, 0, "", api), "Your turn.");
  assert.equal(S.turnText({ status: "finished" }, 0, "", api), "The match is over.");
  assert.equal(S.turnText({ status: "running", legal: [], to_act: [] }, null, "", api), "Nobody has a decision to make right now.");
});

/* The treasure cave in words (alibaba_tiles/static/alibaba_tiles/tiles_speech.js), in English, on frames the engine
 * made as the server sends them (tests/js/tiles_speech_frames.json, written by tests/alibaba_tiles/speech_frames.py:
 * a seeded 3-player game with a 60 s clock, and the first seeded games that reach each effect's prompt). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { installPage } from "./page.mjs";

installPage("en");
const S = await import("../../alibaba_tiles/static/alibaba_tiles/tiles_speech.js");
const { eventText } = await import("../../alibaba_tiles/static/alibaba_tiles/tiles_log.js");
const FRAMES = JSON.parse(readFileSync(new URL("./tiles_speech_frames.json", import.meta.url)));
const NAMES = ["Ann", "Bob", "Cyd"];

function apiFor(frame, now = 1_030) {
  return { seat: frame.seat, name: (s) => NAMES[s], isYou: (s) => s === frame.seat, serverNow: () => now };
}

function words(name) {
  const frame = FRAMES[name];
  return S.boardWords(frame, apiFor(frame));
}

function layer(board, title) {
  const found = board.layers.find((l) => l.title.startsWith(title));
  assert.ok(found, title + " among " + board.layers.map((l) => l.title));
  return found.tiles;
}

test("what the seat is asked, in each of the cave's prompts, and nothing when it waits", () => {
  const asked = (name) => S.promptText(FRAMES[name], apiFor(FRAMES[name]));
  assert.equal(asked("start"), "");
  assert.equal(asked("midgame"), "take a tile from the cave");
  assert.equal(asked("take-restricted"), "take a tile from the cave (a white effect forbids you some)");
  assert.equal(asked("lamp"), "keep Aladdin's lamp or swap it for a bazaar tile");
  assert.equal(asked("effect-pink"), "use the magic effect of the pink tile or skip it");
  assert.equal(asked("effect-brown"), "use the magic effect of the brown tile or skip it");
  assert.equal(asked("green"), "take one more face-up tile next to it (green effect) or skip it");
  assert.equal(asked("white"), "forbid a kind or a colour to the others (white effect) or skip it");
  assert.equal(asked("show"), "show one of your tiles: Ann may take it");
  assert.equal(asked("choose"), "take one of the shown tiles");
  assert.equal(asked("finished"), "");
});

test("each event is one sentence: the log's line, the player's name first", () => {
  const frame = FRAMES.midgame;
  const api = apiFor(frame);
  assert.deepEqual(S.eventSentences(frame.events, api), [
    "Ann scored 2 points (brown tile).",
    "Bob took the green ruby.",
    "Bob did not use the effect of the green tile.",
    "Cyd took the white statue.",
    "Cyd uncovered 1 tile.",
    "Cyd forbade white tiles until their next turn (white effect).",
  ]);
  // the very words of the log (tiles_log.js), not a copy of them
  const taken = frame.events[1];
  assert.equal(S.eventSentence(taken, api), "Bob " + eventText(taken, api) + ".");
  assert.deepEqual(S.eventSentences(FRAMES.finished.events, apiFor(FRAMES.finished)),
    ["Ann scored 2 points (blue tile).", "The game is over. Ann wins!"]);
  assert.deepEqual(S.eventSentences([{ code: "seat_resigned", seat: 1, notice: true }], api), []);
});

test("a face-down tile is told only as face down, never what it hides", () => {
  const board = words("start");
  assert.deepEqual(board.layers.map((l) => l.title),
    ["Top layer (4 of 4): 4 tiles", "Layer 3 of 4: 9 tiles", "Layer 2 of 4: 16 tiles", "Bottom layer: 25 tiles"]);
  const bottom = layer(board, "Bottom layer");
  assert.equal(bottom[0], "Row 1, column 1: face down. Covered by, on layer 2: a face-down tile (row 1, column 1).");
  // nothing under a face-down tile names a tile: the frame does not hold them, and the words say none
  const kinds = ["carpet", "chest", "crown", "diamond", "lamp", "necklace", "ring", "ruby", "statue", "sword"];
  for (const text of layer(board, "Bottom layer").concat(layer(board, "Layer 2 of 4"))) {
    assert.ok(kinds.every((k) => !text.includes(k)), text);
    assert.match(text, /^Row \d, column \d: face down\./);
  }
});

test("what covers what: each tile with the tiles still lying on it and those it lies on", () => {
  const start = words("start");
  assert.equal(layer(start, "Top layer")[0], "Row 1, column 1: white chest, face up. Lies on, on layer 3: a face-down tile "
    + "(row 1, column 1), a face-down tile (row 1, column 2), a face-down tile (row 2, column 1), a face-down tile (row 2, column 2).");
  // the middle of the bottom layer lies under four tiles of layer 2
  assert.equal(layer(start, "Bottom layer")[6], "Row 2, column 2: face down. Covered by, on layer 2: a face-down tile "
    + "(row 1, column 1), a face-down tile (row 1, column 2), a face-down tile (row 2, column 1), a face-down tile (row 2, column 2).");
  // later, the top layer is gone: layer 3's tiles are face up and nothing covers them; what they cover names them
  const mid = words("midgame");
  assert.equal(layer(mid, "Top layer").length, 0);
  const third = layer(mid, "Layer 3 of 4");
  assert.ok(third.every((text) => !text.includes("Covered by")), third.join("\n"));
  assert.equal(layer(mid, "Layer 2 of 4")[1], "Row 1, column 2: face down. Covered by, on layer 3: the blue sword (row 1, column 1), "
    + "the green chest (row 1, column 2). Lies on, on layer 1: a face-down tile (row 1, column 2), a face-down tile (row 1, column 3), "
    + "a face-down tile (row 2, column 2), a face-down tile (row 2, column 3).");
});

test("the tiles this seat may take now are listed first and marked, the forbidden ones said so", () => {
  const mid = words("midgame");
  assert.equal(mid.takeable.length, FRAMES.midgame.legal.length);
  assert.equal(mid.takeable[0], "blue sword, row 1, column 1, layer 3 of 4");
  assert.match(layer(mid, "Layer 3 of 4")[0], /^Row 1, column 1: blue sword, face up, you can take it\./);
  assert.deepEqual(words("start").takeable, []);  // not this seat's turn: nothing to take
  const restricted = words("take-restricted");
  assert.equal(restricted.takeable.length, FRAMES["take-restricted"].legal.length);
  assert.match(layer(restricted, "Layer 2 of 4")[2], /^Row 1, column 3: yellow \w+, face up, forbidden to you this turn \(white effect\)\./);
  const green = words("green");
  assert.equal(green.takeable.length, FRAMES.green.legal.filter((a) => a.use).length);
  assert.ok(green.layers.some((l) => l.tiles.some((text) => text.includes("you can take it too (green effect)"))));
});

test("the players' table: your tiles listed, the others' counted until the end", () => {
  const mid = words("midgame");
  assert.equal(mid.table.caption, "The players: their tiles and scores");
  assert.deepEqual(mid.table.head, ["Player", "Tiles", "Effect points"]);
  assert.deepEqual(mid.table.rows, [
    { head: "Ann (you)", cells: ["3 tiles: carpet ×1: brown; chest ×1: white; statue ×1: brown", "2"] },
    { head: "Bob", cells: ["4 tiles", "2"] },
    { head: "Cyd", cells: ["4 tiles", "0"] },
  ]);
  const end = words("finished");
  assert.deepEqual(end.table.head, ["Player", "Tiles", "Effect points", "Set points", "Total", "Rank"]);
  assert.deepEqual(end.table.rows[1].cells.slice(1), ["15", "27", "42", "2"]);
  assert.match(end.table.rows[1].cells[0], /^18 tiles: lamp ×3: white, green, blue; /);
  assert.deepEqual(end.facts, ["The game is over."]);
  assert.deepEqual(mid.facts, ["36 face down.", "Cyd forbade white until their next turn."]);
});

test("the readouts: scores with places, your screen, the clock, whose turn", () => {
  const mid = FRAMES.midgame, api = apiFor(mid);
  assert.equal(S.scoresText(mid, api),
    "Effect points so far (sets are scored at the end): 1. Ann (you), 2 points; 1. Bob, 2 points; 3. Cyd, 0 points.");
  assert.equal(S.scoresText(FRAMES.finished, apiFor(FRAMES.finished)),
    "Final scores: 1. Ann (you), 47 points; 2. Bob, 42 points; 3. Cyd, 28 points.");
  assert.equal(S.handText(mid, api),
    "Behind your screen: 3 tiles: carpet ×1: brown; chest ×1: white; statue ×1: brown. Sets 3 + effects 2 = 5 points.");
  assert.equal(S.handText(FRAMES.start, apiFor(FRAMES.start)), "No tiles yet. Sets 0 + effects 0 = 0 points.");
  assert.equal(S.handText(Object.assign({}, mid, { view: Object.assign({}, mid.view, { me: null }) }), api), "");
  assert.equal(S.clocksText(mid, api), "Your decision: 1:10 left.");
  assert.equal(S.clocksText(FRAMES.start, apiFor(FRAMES.start)), "Bob to decide: 0:30 left.");
  assert.equal(S.clocksText(FRAMES.finished, apiFor(FRAMES.finished)), "");
  assert.equal(S.turnReadout(mid, api), "Your turn: take a tile from the cave. 36 face down. Cyd forbade white until their next turn.");
  assert.equal(S.turnReadout(FRAMES.start, apiFor(FRAMES.start)), "Bob is choosing a tile. 50 face down.");
  assert.equal(S.turnReadout(FRAMES["effect-pink"], apiFor(FRAMES["effect-pink"])),
    "Your turn: use the magic effect of the pink tile or skip it. Score 5 points. 49 face down.");
});

test("the deadline is this seat's decision's, and none while it waits or at the end", () => {
  assert.equal(S.deadlineOf(FRAMES.midgame, apiFor(FRAMES.midgame)), 1_100);
  assert.equal(S.deadlineOf(FRAMES.start, apiFor(FRAMES.start)), null);
  assert.equal(S.deadlineOf(FRAMES.finished, apiFor(FRAMES.finished)), null);
  assert.equal(S.deadlineOf(FRAMES.lamp, apiFor(FRAMES.lamp)), null);  // an untimed table
});

test("a sentence that starts with a player's name keeps the name as written", () => {
  const lower = (frame) => Object.assign(apiFor(frame), { name: (s) => NAMES[s].toLowerCase() });
  assert.equal(S.eventSentence(FRAMES.midgame.events[1], lower(FRAMES.midgame)), "bob took the green ruby.");
  assert.equal(S.turnReadout(FRAMES.start, lower(FRAMES.start)), "bob is choosing a tile. 50 face down.");
  assert.deepEqual(S.boardWords(FRAMES.midgame, lower(FRAMES.midgame)).facts, ["36 face down.", "cyd forbade white until their next turn."]);
});

test("the bazaar of the lamp variant and the tiles shown for a yellow effect, as the frame holds them", () => {
  assert.deepEqual(words("lamp").bazaar, ["pink crown", "green necklace", "yellow chest", "blue ring", "green ruby", "blue diamond"]);
  assert.deepEqual(words("midgame").bazaar, []);
  assert.deepEqual(words("choose").shown, ["Ann: pink chest", "Bob: brown crown"]);
  assert.deepEqual(words("show").shown, ["Bob: no tile shown yet", "Cyd (you): no tile shown yet"]);
});

/* Each game's action naming (tiles_actions.js, basra_actions.js, sidi_actions.js) loaded in Node on a page of a
 * language, with the views a seat would have at a decision of every action type of each engine's legal_actions,
 * for action_words.test.mjs (English) and action_words_fr.test.mjs (French). The views are built by hand with
 * only what the naming reads; Basra's card names and prices come from the game data its page prints. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { installPage } from "./page.mjs";

export const NAMES = ["Ann", "Bob", "Cyd"];

// every action type a seat may take, from each engine's legal_actions (alibaba_tiles/engine/phases/*.py,
// basra/engine/phases/*.py, sidibaba/engine/phases/*.py); the clock's own actions are nobody's decision
export const ACTION_TYPES = {
  alibaba_tiles: ["take", "lamp", "effect", "show", "choose"],
  basra: ["play", "route", "sell", "steal", "buy", "take", "stop", "roll", "return", "announce", "claim", "choose_start",
    "choose", "accept", "decline", "give", "throw", "offer", "trade", "done"],
  sidibaba: ["take", "discard_lamp", "call_discard", "give", "roll", "give_token", "play_event", "pass", "steal", "pause",
    "resume", "vote_move", "call_move", "propose_line", "vote_line", "call_line_vote", "use_genie", "keep", "offer",
    "confirm", "choose_maze", "place_treasure", "place_chest", "choose_entrance", "choose_character", "give_lamp",
    "open_sesame"],
};

const ring = { id: 7, colour: "pink", kind: "ring" };
const crown = { id: 9, colour: "yellow", kind: "crown" };
const lamp = { id: 3, colour: "blue", kind: "lamp" };
const ruby = { id: 12, colour: "green", kind: "ruby" };
const TILES_VIEW = {
  board: [{ pos: "a1", layer: 1, row: 0, col: 0, face_up: true, tile: ring },
    { pos: "b2", layer: 0, row: 1, col: 1, face_up: false, tile: null },
    { pos: "c3", layer: 0, row: 2, col: 2, face_up: true, tile: ruby }],
  bazaar: [{ index: 0, tile: crown }],
  me: { tiles: [crown, ring] },
  shown: [{ seat: 1, shown: true, tile: ruby }],
  this_turn: { tile: lamp, effect_tile: { id: 4, colour: "brown", kind: "sword" } },
};

/* [game, action, view] for every action type (some twice: each of their forms) */
export const CASES = [
  ["alibaba_tiles", { type: "take", pos: "a1" }, TILES_VIEW],
  ["alibaba_tiles", { type: "take", pos: "b2" }, TILES_VIEW],
  ["alibaba_tiles", { type: "lamp", swap: null }, TILES_VIEW],
  ["alibaba_tiles", { type: "lamp", swap: 0 }, TILES_VIEW],
  ["alibaba_tiles", { type: "effect", use: false }, TILES_VIEW],
  ["alibaba_tiles", { type: "effect", use: true }, TILES_VIEW],
  ["alibaba_tiles", { type: "effect", use: true, pos: "c3" }, TILES_VIEW],
  ["alibaba_tiles", { type: "effect", use: true, kind: "crown" }, TILES_VIEW],
  ["alibaba_tiles", { type: "effect", use: true, colour: "blue" }, TILES_VIEW],
  ["alibaba_tiles", { type: "show", tile: 9 }, TILES_VIEW],
  ["alibaba_tiles", { type: "choose", tile: 12 }, TILES_VIEW],
  ["basra", { type: "play", card: 3 }, { position: "m1", phase: { name: "turn" } }],
  ["basra", { type: "route", to: "b1.1" }, { position: "m4", phase: { name: "junction" } }],
  ["basra", { type: "route", to: "m5" }, { position: "m4", phase: { name: "junction" } }],
  ["basra", { type: "sell", cards: [8, 0] }, { position: "m1", phase: { name: "turn" } }],
  ["basra", { type: "steal", turns: 2 }, { position: "m1", phase: { name: "turn" } }],
  ["basra", { type: "buy", card: 10 }, { position: "m1", phase: { name: "pick" } }],
  ["basra", { type: "take", card: 4 }, { position: "m1", phase: { name: "pick", free: true } }],
  ["basra", { type: "stop" }, { position: "m1", phase: { name: "pick" } }],
  ["basra", { type: "roll" }, { position: "m1", phase: { name: "dice" } }],
  ["basra", { type: "return", cards: [4] }, { position: "m1", phase: { name: "chance" } }],
  ["basra", { type: "announce", count: 2 }, { position: "m1", phase: { name: "forty" } }],
  ["basra", { type: "claim", card: 8 }, { position: "m1", phase: { name: "forty" } }],
  ["basra", { type: "choose_start", seat: 1 }, { position: "m1", phase: { name: "round_end" } }],
  ["basra", { type: "choose", gang: "swindlers" }, { position: "m1", phase: { name: "special" } }],
  ["basra", { type: "accept", offer: 1 }, { position: "m1", phase: { name: "window", kind: "bazaar", offers: [{ id: 1, from: 1, to: 0 }] } }],
  ["basra", { type: "decline", offer: 1 }, { position: "m1", phase: { name: "window", kind: "bazaar", offers: [{ id: 1, from: 1, to: 0 }] } }],
  ["basra", { type: "give", card: 0 }, { position: "m1", phase: { name: "window", kind: "give", receiver: 2 } }],
  ["basra", { type: "throw", cards: [0, 4] }, { position: "m1", phase: { name: "window", kind: "throw20" } }],
  ["basra", { type: "offer", to: 1, cards: [8], piastres: 300 }, { position: "m1", phase: { name: "window", kind: "throw20" } }],
  ["basra", { type: "trade", to: 2, give: [0], give_piastres: 0, want: [], want_piastres: 150 }, { position: "m1", phase: { name: "window", kind: "bazaar" } }],
  ["basra", { type: "done" }, { position: "m1", phase: { name: "window", kind: "throw20" } }],
  ["basra", { type: "done" }, { position: "m1", phase: { name: "window", kind: "bazaar" } }],
];

const MAZE = { cols: 6, rows: 6, openings: [[0, 2, "N"], [5, 3, "S"]] };
const SIDI_VIEW = {
  maze: MAZE,
  tokens: [{ id: 21, kind: "emerald" }, { id: 22, kind: "arrow_red" }, { id: 23, kind: "gold2" }],
  keep_choices: [{ id: 30, kind: "light" }],
  event_cards: [{ card: 5, kind: "landslide" }, { card: 6, kind: "movement", steps: 3 }],
  maze_choices: [{ key: "m1", name: "The Spiral" }],
};
function sidi(action, pending) {
  return ["sidibaba", action, Object.assign({}, SIDI_VIEW, { pending: pending || null })];
}
CASES.push(
  sidi({ type: "take", slot: 1 }, { kind: "sharing", table: [null, "necklace"] }),
  sidi({ type: "discard_lamp", owner: 0 }, { kind: "discard", dest: "pile" }),
  sidi({ type: "discard_lamp", owner: 2 }, { kind: "discard", dest: "leader" }),
  sidi({ type: "call_discard" }),
  sidi({ type: "give", token: 23 }),
  sidi({ type: "roll" }, { kind: "dice" }),
  sidi({ type: "give_token", slot: 0, to: 2 }, { kind: "padlock_give", tokens: [{ slot: 0, kind: "carafe" }] }),
  sidi({ type: "play_event", event: 5, use: "landslide", cell: 14 }),
  sidi({ type: "play_event", event: 6, use: "move", path: [3, 9, 15] }),
  sidi({ type: "pass" }),
  sidi({ type: "steal", kind: "jewel" }),
  sidi({ type: "pause" }),
  sidi({ type: "resume" }),
  sidi({ type: "vote_move", move: "E" }),
  sidi({ type: "call_move" }),
  sidi({ type: "propose_line", line: [2, 0, 1] }),
  sidi({ type: "vote_line", accept: true }),
  sidi({ type: "vote_line", accept: false }),
  sidi({ type: "call_line_vote" }),
  sidi({ type: "use_genie", token: 22, direction: "left" }),
  sidi({ type: "use_genie", token: 22 }),
  sidi({ type: "keep", token: 30 }),
  sidi({ type: "offer", tokens: [21, 23] }, { kind: "genie_offer" }),
  sidi({ type: "offer", tokens: [] }, { kind: "genie_offer" }),
  sidi({ type: "confirm" }),
  sidi({ type: "choose_maze", maze: "m1" }),
  sidi({ type: "place_treasure", cell: 7 }),
  sidi({ type: "place_chest", cell: 35 }),
  sidi({ type: "choose_entrance", opening: 1 }),
  sidi({ type: "choose_character", character: "aladdin" }),
  sidi({ type: "give_lamp", to: 1 }),
  sidi({ type: "open_sesame" }),
);

/* The page in `language`, the three games' naming loaded and their speech registered; `name(game, action, view)`
 * the name the review gives (speech.actionText, for seat 0) and `fields(action)` the fallback's. */
export async function loadActionWords(language) {
  installPage(language);
  const frames = JSON.parse(readFileSync(new URL("./basra_frames.json", import.meta.url)));
  const pageData = JSON.stringify(frames.page_data);
  globalThis.document.getElementById = function (id) { return id === "basra-data" ? { textContent: pageData } : null; };
  (await import("../../basra/static/basra/basra_log.js")).read();
  await import("../../alibaba_tiles/static/alibaba_tiles/tiles_speech.js");
  await import("../../basra/static/basra/basra_speech.js");
  await import("../../sidibaba/static/sidibaba/sidi_speech.js");
  const speech = await import("../../matches/static/matches/speech.js");
  const steps = await import("../../matches/static/matches/review_steps.js");
  const api = { seat: 0, name: function (s) { return NAMES[s]; }, isYou: function (s) { return s === 0; } };
  return {
    name: function (game, action, view) { return speech.actionText(game, action, view, api); },
    fields: steps.actionWords,
  };
}

/* The checks every language runs on its names (`NAMED`: the names of CASES, in their order), each file in its own
 * process (a module loads once per process): every action type named, each name as written, none the fields. */
export function testActionWords(W, NAMED) {
  test("every action type of each game's legal_actions is named", () => {
    Object.keys(ACTION_TYPES).forEach(function (game) {
      const named = CASES.filter(function (c) { return c[0] === game; }).map(function (c) { return c[1].type; });
      assert.deepEqual(ACTION_TYPES[game].filter(function (type) { return named.indexOf(type) < 0; }), [], game);
    });
    assert.equal(NAMED.length, CASES.length);
  });

  test("each action is named in its game's words, from the seat's view", () => {
    CASES.forEach(function (c, i) {
      assert.equal(W.name(c[0], c[1], c[2]), NAMED[i], JSON.stringify(c[1]));
    });
  });

  test("no name is the action's fields (the fallback) nor shows a raw field", () => {
    CASES.forEach(function (c) {
      const name = W.name(c[0], c[1], c[2]);
      assert.notEqual(name, W.fields(c[1]), JSON.stringify(c[1]));
      assert.doesNotMatch(name, /\b(type|pos|swap|slot|token|owner|cell|opening|card|cards|undefined|null)\b\s*[:=]?\s*\d/, name);
      assert.doesNotMatch(name, /_/, name);
    });
  });

  test("an action a game does not name, and a game without names, fall back to the action's fields", () => {
    assert.equal(W.name("basra", { type: "mystery", n: 3 }, {}), "mystery: n 3");
    assert.equal(W.name("no_such_game", { type: "vote_move", dir: "E" }, {}), "vote move: dir E");
  });
}

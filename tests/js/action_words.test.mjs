/* Each game names its actions in its own words in English (tiles_actions.js, basra_actions.js, sidi_actions.js, through
 * the speech's `action` part that the review reads: matches/static/matches/speech.js, actionText), for every action
 * type of each engine's legal_actions, from the view the seat had (action_words_page.mjs; a module loads once per
 * process, so each language has its file). */
import { test } from "node:test";
import assert from "node:assert/strict";

import { ACTION_TYPES, CASES, loadActionWords } from "./action_words_page.mjs";

const W = await loadActionWords("en");

// the names of CASES, in their order
const NAMED = [
  "Take the pink ring (layer 2)",
  "Take a face-down tile (layer 1)",
  "Keep the lamp",
  "Swap the lamp for the yellow crown from the bazaar",
  "Skip the effect",
  "Use the effect of the brown sword",
  "Take the green ruby (layer 1) too (green effect)",
  "Forbid crown tiles to the others until your next turn (white effect)",
  "Forbid blue tiles to the others until your next turn (white effect)",
  "Show the yellow crown",
  "Take the green ruby, shown by Bob",
  "Play 3",
  "Which way? the branch",
  "Which way? main route",
  "Sell Clairvoyants (Swindlers, value 80), Beggars (Swindlers, value 20)",
  "Steal for 2 turns",
  "Buy Clairvoyants (Swindlers, value 80) for 40 Piastres",
  "Take Conmen (Swindlers, value 40) for free",
  "Stop",
  "Roll the dice",
  "Return Conmen (Swindlers, value 40)",
  "Turn 2 cards",
  "Claim Clairvoyants (Swindlers, value 80)",
  "Bob starts round two",
  "Choose Swindlers",
  "Accept #1 (Bob)",
  "Decline #1 (Bob)",
  "Give Beggars (Swindlers, value 20) to Cyd",
  "Throw away Beggars (Swindlers, value 20), Conmen (Swindlers, value 40)",
  "Offer Clairvoyants (Swindlers, value 80) to Bob for 300 Piastres",
  "Trade with Cyd: give Beggars (Swindlers, value 20), get 150 Piastres",
  "I am done (keep my cards)",
  "I am done",
  "Take necklace",
  "Discard one of my unlit lamps",
  "Cyd gives an unlit lamp to the Leader",
  "Decide the discard (lead)",
  "Give gold 2",
  "Roll the die",
  "Hand carafe to Cyd",
  "Play Landslide: row 3, column 3",
  "Play Movement 3 (walk 3): row 3, column 4",
  "Pass",
  "Steal a jewel",
  "Pause",
  "Resume",
  "Vote E: step ahead",
  "Go now (lead)",
  "Propose the line Cyd → you → Bob",
  "Accept the line",
  "Refuse the line",
  "Decide the line vote",
  "Use red arrow → left",
  "Use red arrow",
  "Keep Let There Be Light",
  "Offer emerald, gold 2 to the genie",
  "Offer nothing",
  "Ask the genie now",
  "Choose the maze The Spiral",
  "Hide the Treasure: row 2, column 2",
  "Place a chest: row 6, column 6",
  "Let the Adventurers enter by the opening by row 6, column 4",
  "Be Aladdin",
  "Give a lamp to Bob",
  "Open Sesame!",
];

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

/* Basra in words for the screen-reader mode (basra/static/basra/basra_speech.js), in English: the prompt, the
 * events' sentences, the deadline, the board's tables and the readouts, on frames recorded from the engine. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { loadBasraSpeech, row } from "./basra_speech_page.mjs";

const { S, frame, api } = await loadBasraSpeech("en");

function part(parts, heading) { return parts.filter(function (p) { return p.heading === heading; })[0]; }
function allText(parts) { return JSON.stringify(parts); }

test("the prompt is the status bar's words for what this seat is asked, and nothing while it waits", () => {
  const turn = frame("turn");
  assert.equal(S.promptText(turn, api(turn)), "sell cards, then play a movement card");
  const pick = frame("pick");
  assert.equal(S.promptText(pick, api(pick)), "take cards from the packs");
  const roll = frame("roll");
  assert.equal(S.promptText(roll, api(roll)), "roll: the black die");
  for (const name of ["turn_other", "pick_other", "roll_other", "over"]) {
    const f = frame(name);
    assert.equal(S.promptText(f, api(f)), "", name);
  }
});

test("every phase and window has its words, the Forty Thieves' decisions included", () => {
  const asked = {
    junction: "choose the way at the junction", choose_gang: "choose the gang", give_back: "return cards",
    choose_start: "choose who starts round two", announce: "announce how many thieves to turn", claim: "claim a thief",
  };
  for (const [name, words] of Object.entries(asked)) {
    const f = frame("turn");
    f.view.phase = { name: name, seat: f.seat, at: null };
    assert.equal(S.promptText(f, api(f)), words, name);
  }
  const windows = { throw20: "throw cards away for 20 each, or sell them", throw100: "last chance: throw cards away for 100 each",
    give: "everyone gives the mover a card", x10: "everyone rolls: roll × cards × 10" };
  for (const [kind, words] of Object.entries(windows)) {
    const f = frame("offer_other");
    f.view.phase.kind = kind;
    assert.equal(S.promptText(f, api(f)), words, kind);
  }
  const roll = frame("roll");
  roll.view.phase.purpose = "x50";
  assert.equal(S.promptText(roll, api(roll)), "roll: roll × 50 Piastres");
});

test("in a window the prompt says the window and each offer waiting for this seat's answer", () => {
  const offer = frame("offer");
  assert.equal(S.promptText(offer, api(offer)), "the Grand Bandit Bazaar; answer offer #1 from Bob");
  const other = frame("offer_other");  // Ann sees no offer of the two others'
  assert.equal(S.promptText(other, api(other)), "the Grand Bandit Bazaar");
  offer.view.phase.done = [offer.seat];  // done, still asked to answer
  assert.equal(S.promptText(offer, api(offer)), "answer offer #1 from Bob");
});

test("the deadline is the decision's clock, an offer to answer lapsing sooner, or none while the seat waits", () => {
  const turn = frame("turn");
  assert.equal(S.deadline(turn, api(turn)), turn.view.phase.at);
  const waiting = frame("turn_other");
  assert.equal(S.deadline(waiting, api(waiting)), null);
  const offer = frame("offer");
  assert.equal(S.deadline(offer, api(offer)), offer.view.phase.at);
  offer.view.phase.offers[0].at = offer.view.phase.at - 3;
  assert.equal(S.deadline(offer, api(offer)), offer.view.phase.at - 3);
  const over = frame("over");
  assert.equal(S.deadline(over, api(over)), null);
});

test("each new event is one sentence in the log's words", () => {
  const pick = frame("pick");
  assert.deepEqual(S.sentences(pick.events, pick, api(pick)), ["Ann played a 1.", "Ann moved Ali Baba 1 step."]);
  const roll = frame("roll");
  assert.deepEqual(S.sentences(roll.events, roll, api(roll)), ["Ann is done.", "The window closes."]);
  const offer = frame("offer");
  assert.deepEqual(S.sentences(offer.events, offer, api(offer)), ["Bob made an offer to Cyd."]);
  const over = frame("over");
  assert.deepEqual(S.sentences(over.events, over, api(over)).slice(-3), ["Cyd was paid 100 (end of the round).",
    "Round 2 is over.", "The game is over."]);
  assert.deepEqual(S.sentences([], pick, api(pick)), []);
});

test("a sentence starting with a name keeps the name as written", () => {
  const pick = frame("pick");
  const lower = { seat: 0, name: (s) => ["ann", "bob", "cyd"][s] };
  assert.deepEqual(S.sentences(pick.events, pick, lower), ["ann played a 1.", "ann moved Ali Baba 1 step."]);
});

test("the route is a table of every place in order, each space's mark spelled out, Ali Baba's place marked", () => {
  const pick = frame("pick");
  const parts = S.boardParts(pick, api(pick));
  const route = part(parts, "The route");
  assert.equal(route.table.caption, "The route of Ali Baba from Start, each place in order, and where he stands");
  assert.deepEqual(route.table.head, ["Place", "Quarter", "What is there", "Ali Baba"]);
  assert.deepEqual(route.table.rows.slice(0, 4).map((r) => r.head), ["Start", "step 1", "step 2", "step 3"]);
  assert.deepEqual(row(route, "Start").cells, ["1", "Start: each round ends here, every card pays its value", ""]);
  assert.deepEqual(row(route, "step 1").cells, ["1", "empty space: the mover may buy up to three cards", "Ali Baba is here"]);
  assert.equal(row(route, "step 2").cells[1], "a capture of the Swindlers");
  assert.equal(row(route, "step 3").cells[1], "chance: the mover rolls a die and gets 50 Piastres per pip");
  assert.equal(row(route, "step 4").cells[1],
    "empty space: the mover may buy up to three cards; a junction: a branch leaves here and joins the route again at step 8");
  // a branch's spaces follow the junction they leave from
  const heads = route.table.rows.map((r) => r.head);
  assert.deepEqual(heads.slice(heads.indexOf("step 4"), heads.indexOf("step 4") + 5),
    ["step 4", "branch from step 4, space 1", "branch from step 4, space 2", "branch from step 4, space 3", "step 5"]);
  assert.equal(route.table.rows.filter((r) => r.cells[2]).length, 1);
  // no cell is one of the drawn board's letters or symbols
  route.table.rows.forEach((r) => r.cells.forEach((cell) => assert.doesNotMatch(cell, /^(S|T|D|R|TD|ST|⇄|\?|★|⌂|×50|#|→A)$/)));
  const where = part(parts, "Where Ali Baba stands");
  assert.deepEqual(where.lines, ["Round 1. Your turn: take cards from the packs.",
    "Ali Baba stands on step 1, in quarter 1: empty space: the mover may buy up to three cards."]);
});

test("the quarters and the packs are tables of their prices, Ali Baba's quarter named", () => {
  const pick = frame("pick");
  const parts = S.boardParts(pick, api(pick));
  const quarters = part(parts, "The quarters and their prices");
  assert.deepEqual(quarters.table.head, ["Quarter", "Places", "Swindlers", "Thieves", "Defrauders", "Robbers"]);
  assert.deepEqual(row(quarters, "Quarter 1, where Ali Baba is").cells,
    ["Start to step 13", "40 Piastres", "60 Piastres", "80 Piastres", "100 Piastres"]);
  assert.deepEqual(row(quarters, "Quarter 2").cells, ["step 14 to step 26", "80 Piastres", "40 Piastres", "100 Piastres", "60 Piastres"]);
  const packs = part(parts, "The four packs");
  assert.deepEqual(packs.table.head, ["Gang", "Cards left", "Card on top", "Price here"]);
  assert.deepEqual(row(packs, "Swindlers").cells.slice(0, 1).concat(row(packs, "Swindlers").cells.slice(2)), ["16", "40 Piastres"]);
  assert.match(row(packs, "Swindlers").cells[1], /^[A-Z][\w -]+ \(Swindlers, value \d+\)$/);
});

test("in Forty Thieves the packs are face down and the cave is told", () => {
  const cave = frame("cave");
  const parts = S.boardParts(cave, api(cave));
  const packs = part(parts, "The four packs");
  packs.table.rows.forEach((r) => assert.equal(r.cells[1], "face down"));
  assert.deepEqual(part(parts, "The cave").lines, ["Cyd: 37 × 1000 Piastres before Ann, under 13 tokens · 37 turns to go"]);
});

test("the players' table gives every player's Piastres and cards, other hands only as counts", () => {
  const roll = frame("roll_other");
  const parts = S.boardParts(roll, api(roll));
  const players = part(parts, "Players");
  assert.equal(players.table.caption, "Each player's Piastres, movement cards and bandit cards");
  assert.deepEqual(players.table.head, ["Player", "Piastres", "Movement cards", "Bandit cards"]);
  assert.deepEqual(row(players, "Ann, whose turn it is").cells, ["2753 Piastres", "6",
    "Clairvoyants (Swindlers, value 80), Fences (Defrauders, value 20), Fraudsters (Defrauders, value 160)"]);
  assert.deepEqual(row(players, "Bob").cells, ["2047 Piastres", "7", "no cards"]);
  assert.deepEqual(part(parts, "Your movement cards").lines, ["1, 1, 2, 2, 2, 3, 3"]);
  // Ann's movement cards are not in Bob's frame, and nothing of them is told
  assert.equal(roll.view.hands, undefined);
  assert.doesNotMatch(allText(parts), /2, 2, 3, 4, 4, 5/);
});

test("the dice and the Destiny Table are told with their numbers", () => {
  const roll = frame("roll");
  roll.view.dice = { black: 3, white: 2 };
  const destiny = part(S.boardParts(roll, api(roll)), "Destiny Table");
  assert.deepEqual(destiny.lines, ["Dice: black die 3, white die 2.", "Destiny number 26."]);
  assert.equal(destiny.table.head[1], "white die 1");
  assert.deepEqual(row(destiny, "black die 3").cells, ["29", "26", "17", "20", "19", "12"]);
  const fresh = frame("turn");
  assert.deepEqual(part(S.boardParts(fresh, api(fresh)), "Destiny Table").lines, ["Dice: black die not rolled, white die not rolled."]);
});

test("a window is told with who is done, whom it waits for, and the offers this seat may see", () => {
  const offer = frame("offer");
  const window = part(S.boardParts(offer, api(offer)), "Window: the Grand Bandit Bazaar");
  assert.deepEqual(window.lines, ["Nobody is done yet.", "Waiting for Ann, Bob, Cyd"]);
  assert.deepEqual(window.items, ["Offer #1 from Bob: you get Fraudsters (Defrauders, value 160) and 1953 Piastres; you give 2135 Piastres"]);
  const other = frame("offer_other");
  assert.deepEqual(part(S.boardParts(other, api(other)), "Window: the Grand Bandit Bazaar").items, []);
});

test("the readouts: the hand, the scores and whose turn", () => {
  const roll = frame("roll");
  assert.equal(S.handText(roll, api(roll)), "Your movement cards: 2, 2, 3, 4, 4, 5. Your bandit cards: Clairvoyants (Swindlers, value 80), "
    + "Fences (Defrauders, value 20), Fraudsters (Defrauders, value 160). You have 2753 Piastres.");
  const cave = frame("cave");
  assert.equal(S.handText(cave, api(cave)), "Your movement cards: 1, 1, 1, 1, 1, 1, 1, 2. You hold no bandit cards. You have 2500 Piastres. "
    + "In the cave: Cyd: 37 × 1000 Piastres before Ann, under 13 tokens · 37 turns to go.");
  assert.equal(S.scoresText(roll, api(roll)),
    "Round 1. Ann: 2753 Piastres, 3 bandit cards; Bob: 2047 Piastres, 0 bandit cards; Cyd: 2500 Piastres, 0 bandit cards.");
  assert.equal(S.turnText(roll, api(roll)), "Round 1. Your turn: roll: the black die.");
  const waiting = frame("roll_other");
  assert.equal(S.turnText(waiting, api(waiting)), "Round 1. Waiting for Ann.");
  const bazaar = frame("offer_other");  // Cyd's turn, and everyone may act in the window
  assert.equal(S.turnText(bazaar, api(bazaar)), "Round 1. Cyd's turn. Your turn: the Grand Bandit Bazaar.");
});

test("at the end the scores are the ranking and the players' table has the ranks", () => {
  const over = frame("over");
  assert.equal(S.scoresText(over, api(over)), "Bob wins! 1. Bob: 3750 Piastres, 0 bandit cards; 2. Ann: 3619 Piastres, 0 bandit cards; "
    + "3. Cyd: 791 Piastres, 0 bandit cards.");
  const players = part(S.boardParts(over, api(over)), "Players");
  assert.deepEqual(players.lines, ["Bob wins!"]);
  assert.deepEqual(players.table.head, ["Player", "Rank", "Piastres", "Movement cards", "Bandit cards"]);
  assert.deepEqual(row(players, "Bob").cells.slice(0, 2), ["1", "3750 Piastres"]);
  assert.equal(S.turnText(over, api(over)), "");
});

test("a Forty Thieves turn asks to steal, never to sell (nothing is sold in that variant)", () => {
  const f = frame("cave");
  f.view.phase = { name: "turn", seat: f.seat, at: null };
  assert.equal(f.view.variant, "forty_thieves");
  assert.equal(S.promptText(f, api(f)), "steal from the cave if you like, then play a movement card");
  const plain = frame("turn");
  assert.equal(plain.view.variant, "standard");
  assert.equal(S.promptText(plain, api(plain)), "sell cards, then play a movement card");
});

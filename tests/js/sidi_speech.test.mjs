/* Sidi Baba in words for the screen-reader mode (sidibaba/static/sidibaba/sidi_speech.js), in English: what a seat
 * is asked, the events as sentences, the board (an Adventurer's sight, lamps and line; the Leader's maze walked row
 * by row and his cards), the readouts and the deadline, on views shaped as the server sends them. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";
import { ADVENTURER, LEADER, apiFor } from "./sidi_frames.mjs";

installPage("en");
const Sp = await import("../../sidibaba/static/sidibaba/sidi_speech.js");

const VOTE = { type: "vote_move", move: { one_of: ["E"] } };
const adventurer = apiFor(1, 15);
const leader = apiFor(0, 15);

/* Every text of a board outline, flattened. */
function texts(sections) {
  const out = [];
  sections.forEach(function (s) {
    out.push(s.heading);
    (s.lines || []).concat(s.items || []).forEach(function (t) { out.push(t); });
    if (s.table) {
      out.push(s.table.caption);
      s.table.rows.forEach(function (r) { out.push(r.head); r.cells.forEach(function (c) { out.push(c); }); });
    }
  });
  return out;
}

test("an Adventurer's board is his sight in words, the lamps and the line with what each holds as far as he knows", () => {
  const board = Sp.boardOutline(ADVENTURER, adventurer, 15);
  assert.deepEqual(board.map(function (s) { return s.heading; }), ["What the lamp shows", "The lamps", "The line, from the lead"]);
  assert.deepEqual(board[0].lines, [
    "You stand outside the cave, facing its entrance.",
    "A corridor ahead, 1 square, then a wall. An opening on the left, after 1 square. Daylight on the right, after 1 square.",
  ]);
  assert.deepEqual(board[1].lines, ["Lamp 1, lit by Ann (you): 0:45 left.", "The Leader's pile holds 0 lamps."]);
  assert.equal(board[2].ordered, true);
  assert.deepEqual(board[2].items, [
    "Ann (you), Aladdin, the lead: 5 unlit lamps; holds gold 1, gold 1, gold 1, gold 2, emerald.",
    "Bob, Sinbad: 6 unlit lamps; holds 4 jewels and 1 genie.",
  ]);
});

test("an Adventurer's board never names a square: no maze, no row or column, nothing beyond his sight", () => {
  const words = texts(Sp.boardOutline(ADVENTURER, adventurer, 15)).join(" | ");
  assert.doesNotMatch(words, /\b(row|column|square \d)|Test corridor|chest|Treasure|token\b/i);
  assert.equal(Sp.boardOutline(ADVENTURER, adventurer, 15).some(function (s) { return s.table; }), false);
  // even a view that (wrongly) held the Leader's maze would not be walked for an Adventurer while the match runs
  const leaked = Object.assign({}, ADVENTURER, { maze: LEADER.maze, chests: LEADER.chests, treasure_at: 24 });
  assert.equal(Sp.boardOutline(leaked, adventurer, 15).some(function (s) { return s.table; }), false);
});

test("the Leader walks the maze row by row: each square's ways out and what lies there", () => {
  const board = Sp.boardOutline(LEADER, leader, 15);
  assert.deepEqual(board.map(function (s) { return s.heading; }), ["The maze, row by row", "The lamps", "The line, from the lead", "Your Event cards"]);
  const table = board[0].table;
  assert.equal(table.caption, "The maze Test corridor, row by row");
  assert.deepEqual(table.head, ["Square", "Ways out", "What lies there"]);
  assert.equal(table.rows.length, 25);
  const rows = {};
  table.rows.forEach(function (r) { rows[r.head] = r.cells; });
  assert.deepEqual(rows["Row 1, column 1"], ["open to the east; north: the entrance; west: an opening to daylight", "the line, outside this opening"]);
  assert.deepEqual(rows["Row 1, column 2"], ["open to the east and west", "nothing"]);
  assert.deepEqual(rows["Row 1, column 4"], ["open to the east and west", "a closed chest"]);
  assert.deepEqual(rows["Row 1, column 5"], ["open to the south and west", "nothing"]);
  assert.deepEqual(rows["Row 2, column 1"], ["open to the east and south", "a blue arrow pointing east"]);
  assert.deepEqual(rows["Row 2, column 3"], ["open to the east and west", "your token"]);
  assert.deepEqual(rows["Row 3, column 3"], ["open to the east and west", "a closed chest"]);
  assert.deepEqual(rows["Row 5, column 5"], ["open to the west", "the Treasure, closed"]);
  assert.deepEqual(table.rows.map(function (r) { return r.head; }).slice(0, 6),
    ["Row 1, column 1", "Row 1, column 2", "Row 1, column 3", "Row 1, column 4", "Row 1, column 5", "Row 2, column 1"]);
  assert.deepEqual(board[3].items, ["Teleportation: Move the Adventurers three squares along open corridors, facing kept (not on a chest). Or walk your token 2 squares."]);
  assert.deepEqual(board[3].lines, ["19 cards left in the Event deck."]);
});

test("the line inside the maze is on its square, facing its way", () => {
  const inside = Object.assign({}, LEADER, { pos: [12, 1], leader_at: null, chests: { closed: [3], open: [9] } });
  const rows = {};
  Sp.mazeTable(inside).rows.forEach(function (r) { rows[r.head] = r.cells; });
  assert.equal(rows["Row 3, column 3"][1], "the line, facing east");
  assert.equal(rows["Row 2, column 5"][1], "an opened chest");
  assert.equal(rows["Row 1, column 1"][1], "nothing");
});

test("what the seat is asked, in the page's prompt order, in short words", () => {
  assert.equal(Sp.askedText(ADVENTURER, [VOTE, { type: "propose_line" }], 1), "vote the next move");
  const voted = Object.assign({}, ADVENTURER, { votes: [null, "E", null] });
  assert.equal(Sp.askedText(voted, [VOTE, { type: "call_move" }, { type: "propose_line" }], 1), "call the move, or wait for the other votes");
  assert.equal(Sp.askedText(voted, [VOTE, { type: "propose_line" }], 1), "wait for the other votes, or change yours");
  assert.equal(Sp.askedText(ADVENTURER, [{ type: "propose_line" }], 1), "propose another order for the line, if you like");
  assert.equal(Sp.askedText(ADVENTURER, [{ type: "take", slot: { one_of: [0, 1] } }, VOTE], 1), "take one share of the loot");
  const meeting = Object.assign({}, ADVENTURER, { pending: { kind: "discard_vote", dest: "leader", votes: [] } });
  assert.equal(Sp.askedText(meeting, [{ type: "discard_lamp", owner: { one_of: [1, 2] } }], 1), "vote whose unlit lamp the Leader takes");
  const chest = Object.assign({}, LEADER, { pending: { kind: "chest_window", deadline: 30, cell: 3, treasure: false } });
  assert.equal(Sp.askedText(chest, [{ type: "play_event", event: 14, use: "move" }, { type: "pass" }, { type: "pause" }], 0),
    "answer the chest just found with an Event, or pass");
  assert.equal(Sp.askedText(LEADER, [{ type: "pause" }], 0), "watch the line; you may stop time");
  assert.equal(Sp.askedText(Object.assign({}, LEADER, { phase: "setup" }), [{ type: "place_chest", cell: { one_of: [1, 2] } }], 0),
    "place a chest on a free square");
  assert.equal(Sp.askedText(ADVENTURER, [], 1), "");
});

test("each new event is the log's sentence, a run of votes folded into one", () => {
  const events = [
    { code: "move_vote", seat: 2, move: "E", version: 3 }, { code: "move_vote", seat: 1, move: "E", version: 4 },
    { code: "moved", move: "E", version: 4 }, { code: "lamp_expired", segment: 1, seat: 1, version: 5 },
  ];
  assert.deepEqual(Sp.eventSentences(events, ADVENTURER, adventurer), [
    "Votes: Bob E, Ann (you) E.", "The line moves: E: step ahead.", "Lamp 1 has gone out.",
    // after a move, what now lies ahead, as the Leader tells it at the table
    "A corridor ahead, 1 square, then a wall. An opening on the left, after 1 square. Daylight on the right, after 1 square.",
  ]);
  const chest = Object.assign({}, ADVENTURER, { outside: false, moves_made: 1, front: { chest: "closed" } });
  assert.deepEqual(Sp.eventSentences([{ code: "moved", move: "E", version: 4 }], chest, adventurer).slice(1, 2), ["A closed chest in front of you."]);
  assert.deepEqual(Sp.eventSentences([{ code: "lamp_lit", seat: 2, segment: 2, version: 7 }], ADVENTURER, adventurer), ["Bob lights lamp 2."]);
  // the Leader's Teleportation puts the line elsewhere: the new sight is told too
  assert.equal(Sp.eventSentences([{ code: "event_played", event: "teleportation", use: "teleportation", version: 8 }], ADVENTURER, adventurer).length, 2);
  assert.equal(Sp.eventSentences([{ code: "event_played", event: "teleportation", use: "move", version: 8 }], ADVENTURER, adventurer).length, 1);
  // the Leader knows the maze: his squares are named by row and column
  assert.deepEqual(Sp.eventSentences([{ code: "position", pos: [7, 1], version: 6 }], LEADER, leader), ["The line is at row 2, column 3."]);
});

test("the readouts: scores, hand and clocks", () => {
  assert.equal(Sp.handText(ADVENTURER), "You hold gold 1, gold 1, gold 1, gold 2, emerald.");
  assert.equal(Sp.handText(Object.assign({}, ADVENTURER, { tokens: [] })), "You hold no token.");
  assert.equal(Sp.handText(LEADER), "Your Event cards: Teleportation. Your lamp pile: 0.");
  assert.match(Sp.scoresText(ADVENTURER, adventurer), /^No score until the end\. Ann \(you\), Aladdin, the lead: /);
  const over = Object.assign({}, ADVENTURER, { phase: "over", winner: "adventurers" });
  assert.match(Sp.scoresText(over, adventurer), /^The Adventurers escaped\. /);
  assert.equal(Sp.clocksText(ADVENTURER, adventurer, 15), "Lamp 1, lit by Ann (you): 0:45 left.");
  const chest = Object.assign({}, LEADER, { pending: { kind: "chest_window", deadline: 30, cell: 3, treasure: false } });
  assert.equal(Sp.clocksText(chest, leader, 20), "Lamp 1, lit by Ann: 0:40 left. A chest was just found: you may answer before it opens (0:10 left).");
  const paused = Object.assign({}, ADVENTURER, { paused: { until: 50, remaining: 33 } });
  assert.equal(Sp.clocksText(paused, adventurer, 20), "Lamp 1, lit by Ann (you): time is stopped (0:33 left).");
});

test("the deadline: the lamp for an Adventurer, an answer's for the Leader, none while time is stopped", () => {
  const legal = [VOTE, { type: "propose_line" }];
  assert.equal(Sp.deadlineOf(ADVENTURER, legal), 60);
  assert.equal(Sp.deadlineOf(LEADER, [{ type: "pause" }]), null);
  const chest = Object.assign({}, LEADER, { pending: { kind: "chest_window", deadline: 30, cell: 3, treasure: false } });
  assert.equal(Sp.deadlineOf(chest, [{ type: "pass" }]), 30);
  assert.equal(Sp.deadlineOf(Object.assign({}, ADVENTURER, { paused: { until: 50, remaining: 33 } }), legal), null);
  assert.equal(Sp.deadlineOf(Object.assign({}, ADVENTURER, { phase: "setup", setup_deadline: 90 }), [{ type: "choose_character" }]), 90);
  assert.equal(Sp.deadlineOf(ADVENTURER, []), null);
  assert.equal(Sp.deadlineOf(Object.assign({}, ADVENTURER, { phase: "over" }), legal), null);
});

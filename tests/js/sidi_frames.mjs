/* Sidi Baba views as the server sends them (sidibaba/engine/views.py, view(state, seat)), for the page scripts'
 * tests: a three-seat table on the test corridor (tests/e2e/test_sidibaba_play.py, 5x5, its two openings at the
 * top left square) just after Open Sesame, the line outside the entrance (opening 0, the north side of row 1,
 * column 1) and facing south into it; the Treasure at row 5, column 5; a closed chest at row 1, column 4; the
 * Leader's token at row 2, column 3; a blue arrow at row 2, column 1. Made with the engine (set_up, then the
 * corridor and the placements edited in), then copied here. */
export const NAMES = ["Leila", "Ann", "Bob"];

export const CORRIDOR = {
  cells: ["E EW EW EW SW", "ES EW EW EW NW", "NE EW EW EW SW", "ES EW EW EW NW", "NE EW EW EW W"],
  cols: 5, key: "e2e-corridor", name: "Test corridor", openings: [[0, 0, "N"], [0, 0, "W"]], rows: 5,
};

const SHARED = {
  backs: [null, { genies: 0, jewels: 5 }, { genies: 1, jewels: 4 }], bag_size: 62, characters: [null, "aladdin", "sinbad"],
  chests_opened: 0, drawing: [0, 0, 0], end_reason: null, event_deck: 19, event_hand: 1, front: {}, game: "sidibaba",
  genie_answer: null, genie_used: false, lamps: [0, 5, 6], lamps_out: 0, landslides_placed: 0, leader_lamps: 0,
  line: [1, 2], line_vote: null, lit: 1, moves_before_lamp: 0, moves_made: 0, moves_so_far: [], outside: true,
  paused: null, pending: null, phase: "play", players: 3, segment: 1, segment_ends_at: 60.0, segment_seconds: 60,
  setup_deadline: null, setup_ready: true,
  sight: [{ ahead: "open", left: "wall", right: "wall" }, { ahead: "wall", left: "open", right: "daylight" }],
  treasure: "closed", votes: [null, null, null], window_open: false, winner: null,
};

export const ADVENTURER = Object.assign({}, SHARED, {
  role: "adventurer", seat: 1, keep_choices: null,
  tokens: [{ id: 66, kind: "gold1" }, { id: 67, kind: "gold1" }, { id: 68, kind: "gold1" }, { id: 14, kind: "gold2" }, { id: 34, kind: "emerald" }],
});

export const LEADER = Object.assign({}, SHARED, {
  role: "leader", seat: 0, maze: CORRIDOR, arrows_at: [[5, "blue", 1]], chests: { closed: [3, 9, 12, 17, 21], open: [] },
  entrance: 0, event_cards: [{ card: 14, kind: "teleportation", steps: 2 }], facing: "S", landslides: [], leader_at: 7,
  pos: [-1, 2], trail: [], treasure_at: 24,
});

/* The api a match page gives its scripts (matches/static/matches/live.js), for the seat `seat`. */
export function apiFor(seat, now) {
  return {
    seat: seat,
    name: function (s) { return NAMES[s]; },
    isYou: function (s) { return s === seat; },
    serverNow: function () { return now; },
  };
}

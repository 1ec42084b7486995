/* Sidi Baba in words for the screen-reader mode (matches/static/matches/speech.js; issue 36). At the table the
 * Adventurers never see the maze: the Leader tells them what lies ahead. Here the page does: an Adventurer's board
 * is the lamp's sight in words, the lamps, the line and the tokens as far as he may know them; the Leader's is the
 * maze as a table he can walk row by row, square by square, and his Event cards. Every text is built by a pure
 * function of the frame's view (and the seats' names) exported below; the DOM part is the last function. It words
 * only what the frame holds: an Adventurer's frame has no maze, so his board cannot name a square. */
import * as UI from "../matches/ui.js";
import { registerSpeech, wordsTable } from "../matches/speech.js";
import * as S from "./sidi_common.js";
import { firstAsked } from "./sidi_guide.js";
import { eventSentence, votesFolded } from "./sidi_sentences.js";
import { actionText } from "./sidi_actions.js";
import { ASKED, SPOKEN } from "./sidi_strings.js";

const SIDES = ["n", "e", "s", "w"];  // the maze's sides in the order of its letters N, E, S, W (the facing 0..3)
// what a seat may be asked once nothing of the page's prompt order (sidi_guide.js) is: the calls of the lead, a
// genie, then what is always open (another order for the line; the Leader's pause)
const LATER = ["call_discard", "call_line_vote", "call_move", "use_genie", "resume", "propose_line", "pause"];

function say(key, data) {
  let s = SPOKEN[key] || ASKED[key] || key;
  if (Array.isArray(s)) { const n = (data || {}).n; s = s[n === 0 ? 0 : n === 1 ? 1 : 2]; }
  return UI.fmt(s, data || {});
}
function clock(seconds) { return UI.formatClock(Math.max(0, Math.round(seconds))); }

/* What this seat is asked now, in short lower-case words ("" when nothing): the page's prompt (sidi_guide.js) picks
 * the most pressing action, and a vote already cast asks only to wait or call. */
function askedText(view, legal, seat) {
  const first = firstAsked(view, legal) || firstAsked(view, legal, LATER);
  if (!first) return "";
  if (first === "discard_lamp" && view.pending && view.pending.dest === "leader") return ASKED.discard_lamp_leader;
  if (first === "play_event" && view.pending && view.pending.kind === "chest_window") return ASKED.play_event_chest;
  if (first === "vote_move" && (view.votes || [])[seat]) {
    return (legal || []).some(function (a) { return a.type === "call_move"; }) ? ASKED.call_move : ASKED.voted;
  }
  return ASKED[first] || "";
}

// what the Leader would tell at the table about the square in front, beyond the sight's walls and daylight
const TOLD_IN_FRONT = ["chest", "treasure", "leader", "arrows", "landslide"];
/* An event after which the line stands somewhere new: a move, or the Leader's Teleportation (the Adventurers are
 * told only that he plays it). */
function putsTheLineElsewhere(e) {
  return e.code === "moved" || (e.code === "event_played" && e.use === "teleportation");
}

/* The new events of this seat, one sentence each as the log says them (a run of votes is one sentence). After a
 * move an Adventurer is told what now lies ahead, as the Leader tells it at the table: what stands in front, if
 * anything, and the sight in words. */
function eventSentences(events, view, api) {
  const cols = view && view.maze ? view.maze.cols : null;
  const fresh = (events || []).filter(function (e) { return !e.notice; });
  const out = votesFolded(fresh).map(function (e) { return eventSentence(e, api, cols); });
  const moved = fresh.some(putsTheLineElsewhere);
  if (moved && view && view.role !== "leader" && view.phase === "play" && view.sight) {
    const front = view.front || {};
    if (TOLD_IN_FRONT.some(function (k) { return front[k]; })) out.push(S.frontText(view));
    out.push(S.sightText(view));
  }
  return out;
}

/* A seat's name for the board: "Ann (you)" for the reader. */
function who(seat, api) { return api.name(seat) + (api.isYou(seat) ? " (" + S.t("you", "you") + ")" : ""); }

function kindsText(tokens) {
  return tokens.map(function (tk) { return S.kindName(tk.kind); }).join(", ");
}

/* What an Adventurer holds as the reader may know it: his own tokens by kind, another's as jewels and genies. */
function holdings(view, seat, api) {
  if (api.isYou(seat) && view.tokens) return view.tokens.length ? say("holds", { kinds: kindsText(view.tokens) }) : say("holds_nothing");
  const hands = view.hands && view.hands[seat];
  if (hands) return hands.length ? say("holds", { kinds: kindsText(hands) }) : say("holds_nothing");  // the end shows all
  const backs = (view.backs || [])[seat] || { jewels: 0, genies: 0 };
  if (!backs.jewels && !backs.genies) return say("holds_nothing");
  return say("holds_backs", { jewels: say("jewels_n", { n: backs.jewels }), genies: say("genies_n", { n: backs.genies }) });
}

/* The line from the lead: one sentence per Adventurer (name, character, unlit lamps, tokens). */
function lineSentences(view, api) {
  return (view.line || []).map(function (seat, i) {
    const character = (view.characters || [])[seat];
    return say(i === 0 ? "member_lead" : "member", {
      name: who(seat, api), character: character ? ", " + S.characterName(character) : "",
      lamps: say("unlit", { n: (view.lamps || [])[seat] || 0 }), tokens: holdings(view, seat, api),
    });
  });
}

/* The lamps: the one burning and its time (or the pause), those gone out, the Leader's pile. */
function lampSentences(view, api, now) {
  const out = [];
  if (view.segment && view.lit !== null && view.lit !== undefined && view.phase === "play") {
    const name = who(view.lit, api);
    if (view.paused) out.push(say("lamp_paused", { segment: view.segment, name: name, time: clock(view.paused.remaining) }));
    else out.push(say("lamp_burning", { segment: view.segment, name: name, time: clock(view.segment_ends_at - now) }));
  } else out.push(say("lamp_none"));
  if (view.lamps_out) out.push(say("lamps_out", { n: view.lamps_out }));
  out.push(say("leader_pile", { n: view.leader_lamps || 0 }));
  return out;
}

/* The genie's answer while its moves are still to come (as the page shows it). */
function genieSentence(view) {
  const answer = view.genie_answer;
  if (!answer || !answer.moves || !answer.moves.length) return null;
  if ((view.moves_made || 0) - (answer.after_moves || 0) >= answer.moves.length) return null;
  return say("genie_says", { moves: answer.moves.map(function (m) { return S.t("move_" + m, m); }).join(", ") });
}

/* One square of the maze for the Leader: its name, its ways out (open sides; an opening to daylight, the entrance)
 * and what lies there. `maze` as the server sends it (cells: per row, per square, its open inner sides). */
function squareWords(view, cell) {
  const maze = view.maze;
  const r = Math.floor(cell / maze.cols), c = cell % maze.cols;
  const open = (maze.cells[r].split(" ")[c] || "").toUpperCase();
  const sides = SIDES.filter(function (d) { return open.indexOf(d.toUpperCase()) >= 0; }).map(function (d) { return say("side_" + d); });
  const ways = [];
  if (sides.length) ways.push(say("open_to", { sides: listed(sides) }));
  (maze.openings || []).forEach(function (o, i) {
    if (o[0] !== r || o[1] !== c) return;
    const side = say("side_" + String(o[2]).toLowerCase());
    ways.push(say(i === view.entrance ? "entrance" : "opening", { side: side }));
  });
  const there = [];
  if (view.treasure_at === cell) there.push(say(view.treasure === "shared" ? "treasure_shared" : view.treasure === "closed" ? "treasure_closed" : "treasure_open"));
  const chests = view.chests || { closed: [], open: [] };
  if ((chests.closed || []).indexOf(cell) >= 0) there.push(say("chest_closed"));
  if ((chests.open || []).indexOf(cell) >= 0) there.push(say("chest_open"));
  if ((view.landslides || []).indexOf(cell) >= 0) there.push(say("landslide"));
  (view.arrows_at || []).forEach(function (a) {
    if (a[0] === cell) there.push(say("arrow", { colour: S.t("col_" + a[1], a[1]), side: say("side_" + SIDES[a[2]]) }));
  });
  if (view.pos && view.pos[0] === cell) there.push(say("the_line", { side: say("side_" + SIDES[view.pos[1]]) }));
  if (view.leader_at === cell) there.push(say(view.role === "leader" ? "leader_token" : "leader_token_theirs"));
  return {
    square: say("col_n", { n: c + 1 }),
    ways: ways.length ? ways.join(say("parts")) : say("walled"),
    there: there.length ? there.join(say("parts")) : say("nothing_there"),
  };
}

/* The line outside an opening (before its first step): said on the opening's square. */
function outsideNote(view) {
  if (!view.pos || view.pos[0] >= 0 || !view.maze) return null;
  const o = view.maze.openings[-1 - view.pos[0]];
  return o ? { cell: o[0] * view.maze.cols + o[1], text: say("the_line_outside") } : null;
}

function listed(words) {
  if (words.length < 2) return words.join("");
  return say("and", { a: words.slice(0, -1).join(", "), b: words[words.length - 1] });
}

/* The maze as a table the Leader walks row by row: one row of the table per square. */
function mazeTable(view) {
  const maze = view.maze;
  const outside = outsideNote(view);
  const rows = [];
  for (let r = 0; r < maze.rows; r++) {
    for (let c = 0; c < maze.cols; c++) {
      const cell = r * maze.cols + c;
      const words = squareWords(view, cell);
      if (outside && outside.cell === cell) words.there = (words.there === say("nothing_there") ? "" : words.there + say("parts")) + outside.text;
      rows.push({ head: say("row_n", { n: r + 1 }) + ", " + words.square, cells: [words.ways, words.there] });
    }
  }
  return { caption: maze.name ? say("maze_named", { name: S.mazeName(maze.name) }) : say("maze"), head: [say("square"), say("ways"), say("there")], rows: rows };
}

/* The Leader's Event cards, each with what it does. */
function cardSentences(view) {
  const cards = view.event_cards || [];
  if (!cards.length) return [say("no_cards")];
  return cards.map(function (card) { return say("card", { event: S.eventName(card), help: S.eventHelp(card) }); });
}

/* The board in words as plain data: sections of {heading, lines (paragraphs), items (a list), ordered, table}. */
function boardOutline(view, api, now) {
  const sections = [];
  const leader = view.role === "leader";
  if (view.maze && (leader || view.phase === "over")) {
    sections.push({ heading: say("maze"), table: mazeTable(view) });
  }
  if (!leader) {
    const sight = view.sight ? [S.frontText(view), S.sightText(view)].filter(Boolean) : [say("not_in_cave")];
    const genie = genieSentence(view);
    if (genie) sight.push(genie);
    sections.push({ heading: say("sight"), lines: sight });
  }
  sections.push({ heading: say("lamps"), lines: lampSentences(view, api, now) });
  sections.push({ heading: say("line"), items: lineSentences(view, api), ordered: true });
  if (view.role === "leader") {
    sections.push({ heading: say("cards"), items: cardSentences(view), lines: [say("deck", { n: view.event_deck || 0 })] });
  }
  return sections;
}

/* The readouts. */
function scoresText(view, api) {
  const line = lineSentences(view, api).join(" ");
  if (view.phase === "over") return say(view.winner === "leader" ? "scores_over_leader" : "scores_over_escaped", { line: line });
  return say("scores_running", { line: line });
}

function handText(view) {
  if (view.role === "leader") {
    const cards = (view.event_cards || []).map(function (card) { return S.eventName(card); });
    return cards.length ? say("hand_leader", { cards: cards.join(", "), n: view.leader_lamps || 0 }) : say("hand_leader_none", { n: view.leader_lamps || 0 });
  }
  const tokens = view.tokens || [];
  return tokens.length ? say("hand_mine", { tokens: kindsText(tokens) }) : say("hand_nothing");
}

/* The time this seat must decide by (server seconds), or null: the set-up's, a pending answer's (the Leader's chest
 * window, a theft), else the burning lamp's while the line explores. A stopped time runs for no one. */
function deadlineOf(view, legal) {
  if (view.phase === "over" || view.paused || !legal || !legal.length) return null;
  if (view.phase === "setup") return view.setup_deadline === undefined ? null : view.setup_deadline;
  const p = view.pending;
  if (p && p.deadline !== undefined && p.deadline !== null) return p.deadline;
  if (view.role === "leader") return null;  // the lamp burns against the Adventurers: the Leader only waits for it
  return view.segment_ends_at === undefined ? null : view.segment_ends_at;
}

function clocksText(view, api, now) {
  const lines = [];
  if (view.phase === "setup" && view.setup_deadline) lines.push(say("clock_setup", { time: clock(view.setup_deadline - now) }));
  else if (view.phase === "play") lines.push(lampSentences(view, api, now)[0]);
  const p = view.pending;
  if (p && p.deadline !== undefined && p.deadline !== null && !view.paused) {
    lines.push(say(p.kind === "theft" ? "pending_theft" : "pending_chest", { time: clock(p.deadline - now) }));
  }
  return lines.filter(Boolean).join(" ");
}

/* The DOM of the board: headings, paragraphs, lists and the maze's table (with its caption and header cells). */
function boardNode(sections) {
  const h = UI.h;
  return h("div", { className: "sidi-board-words" }, sections.map(function (section) {
    const parts = [h("h4", { text: section.heading })];
    if (section.table) parts.push(wordsTable(section.table));
    if (section.items) parts.push(h(section.ordered ? "ol" : "ul", {}, section.items.map(function (item) { return h("li", { text: item }); })));
    (section.lines || []).forEach(function (line) { parts.push(h("p", { text: line })); });
    return h("section", {}, parts);
  }));
}

function viewOf(frame) { return (frame && frame.view) || {}; }

registerSpeech("sidibaba", {
  prompt: function (frame, api) { return askedText(viewOf(frame), frame.legal, api.seat); },
  sentences: function (events, frame, api) { return eventSentences(events, viewOf(frame), api); },
  board: function (frame, api) { return boardNode(boardOutline(viewOf(frame), api, api.serverNow())); },
  readouts: {
    scores: function (frame, api) { return scoresText(viewOf(frame), api); },
    hand: function (frame) { return handText(viewOf(frame)); },
    clocks: function (frame, api) { return clocksText(viewOf(frame), api, api.serverNow()); },
  },
  deadline: function (frame) { return deadlineOf(viewOf(frame), frame.legal); },
  action: actionText,
});

export {
  askedText, eventSentences, boardOutline, lineSentences, lampSentences, squareWords, mazeTable, cardSentences,
  scoresText, handText, deadlineOf, clocksText,
};

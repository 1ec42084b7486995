/* Ali Baba in Basra in words, for the screen-reader mode (matches/static/matches/speech.js).
 *
 * What a sighted player takes in at a glance, as text: what this seat is asked now (the status bar's own words:
 * basra_log.js's phaseWords), each new event as the log says it (eventSentence), the board as tables with captions
 * and header cells (the route place by place with what each space does, from the legend's words, and where Ali
 * Baba stands; the quarters and their prices; the packs; the dice and the Destiny Table; the window and its
 * offers; the cave; every player's Piastres and cards) and the readouts (scores, hand, turn). It words only what
 * the frame holds: another player's movement cards only as a count, a pack's cards only when the frame shows them.
 * The builders are pure (a frame and the page's api in, strings or plain parts out: tests/js/basra_speech.test.mjs);
 * boardNode turns the parts into the DOM. Its strings are BASRA_SPEECH in basra_strings.js. */
import * as UI from "../matches/ui.js";
import { registerSpeech, turnText as frameTurnText, wordsTable } from "../matches/speech.js";
import * as B from "./basra_log.js";
import { meaning } from "./basra_legend.js";
import { stashLine } from "./basra_cave.js";
import { BASRA_SPEECH } from "./basra_strings.js";
import { actionText } from "./basra_actions.js";

const h = UI.h;
const fmt = UI.fmt;
const t = B.t;

function s(key, fallback) {
  return BASRA_SPEECH[key] || fallback;
}
function counted(key, n, one, many) {
  const forms = BASRA_SPEECH[key];
  if (Array.isArray(forms) && forms.length === 3) return forms[n === 0 ? 0 : n === 1 ? 1 : 2];
  return n === 1 ? one : many;
}

/* Clauses of one sentence, separated as the language does ("a; b" in English, "a ; b" in French). */
function clauses(list) {
  return list.reduce(function (first, then) { return fmt(s("clauses", "{first}; {then}"), { first: first, then: then }); });
}

function viewOf(frame) { return (frame && frame.view) || {}; }
/* The game data the match is played with: the frame's own (a table's saved board and prices), else the page's. */
function dataOf(view) { return Object.assign({}, B.data(), view.data || {}); }
function deciding(frame, api) { return Boolean(frame) && frame.status === "running" && UI.decides(frame, api.seat); }

/* What this seat is asked now, in lower-case words ("" when nothing): the status bar's words for the phase or the
 * window, what a roll is for, and each offer made to this seat that waits for its answer. */
export function promptText(frame, api) {
  if (!deciding(frame, api)) return "";
  const phase = viewOf(frame).phase || {};
  const answers = (phase.offers || []).filter(function (o) { return o.to === api.seat; }).map(function (o) {
    return fmt(s("answer_offer", "answer offer #{id} from {name}"), { id: o.id, name: api.name(o.from) });
  });
  if (phase.name === "window" && (phase.done || []).indexOf(api.seat) >= 0) return answers.length ? clauses(answers) : "";
  let what = B.phaseWords(phase, viewOf(frame).variant);
  if (phase.purpose) what = fmt(s("roll_for", "{what}: {purpose}"), { what: what, purpose: B.purposeWords(phase) });
  return clauses([what].concat(answers));
}

/* Each new event of this viewer as one sentence, in the log's words. */
export function sentences(events, frame, api) {
  return (events || []).map(function (e) { return B.eventSentence(e, api); }).filter(Boolean);
}

/* The server time by which this seat must decide: the decision's clock, in a window the window's end or an offer
 * to this seat lapsing sooner; null when the seat has nothing to decide or no clock runs. */
export function deadline(frame, api) {
  if (!deciding(frame, api)) return null;
  const phase = viewOf(frame).phase || {};
  const times = [phase.at].concat((phase.offers || []).filter(function (o) { return o.to === api.seat; })
    .map(function (o) { return o.at; })).filter(function (at) { return typeof at === "number"; });
  return times.length ? Math.min.apply(null, times) : null;
}

/* Every place of the board in route order: the main route from Start, each branch's spaces after its junction.
 * [{id, name, space, main (on the main route), junction (the branch leaving there) or null, junctionTo (its end's step)}] */
export function places(board) {
  const spaces = {};
  (board.spaces || []).forEach(function (sp) { spaces[sp.id] = sp; });
  const stepOf = {};
  const main = (board.route || []).filter(function (id) { return id !== board.start; });
  main.forEach(function (id, i) { stepOf[id] = i + 1; });
  const leaving = {};
  (board.branches || []).forEach(function (b) { leaving[b.from] = b; });
  const out = [{ id: board.start, name: t("space_start", "Start"), space: spaces[board.start] || {}, main: true, junction: null }];
  main.forEach(function (id) {
    const branch = leaving[id] || null;
    out.push({ id: id, name: fmt(s("step", "step {n}"), { n: stepOf[id] }), space: spaces[id] || {}, main: true,
      junction: branch, junctionTo: branch ? stepOf[branch.to] : null });
    (branch ? branch.spaces : []).forEach(function (bid, j) {
      out.push({ id: bid, name: fmt(s("branch_step", "branch from step {from}, space {n}"), { from: stepOf[id], n: j + 1 }),
        space: spaces[bid] || {}, main: false, junction: null });
    });
  });
  return out;
}

function spaceWords(place) {
  const what = meaning(place.space);
  return place.junction ? clauses([what, fmt(s("junction_to", "a junction: a branch leaves here and joins the route again at step {to}"), { to: place.junctionTo })]) : what;
}

function quarterName(n) { return fmt(t("quarter", "Quarter {n}"), { n: n }); }

function priceIn(data, quarter, gang) {
  const row = ((data.prices || {}).quarters || {})[String(quarter)];
  return row && row[gang] !== undefined ? B.cash(row[gang]) : "";
}

/* The board in words: a list of parts, each {heading, lines: [text], table: {caption, head: [text],
 * rows: [{head, cells: [text]}]}, items: [text]} (every field but heading optional). */
export function boardParts(frame, api) {
  const view = viewOf(frame);
  if (!view.cash) return [];
  const data = dataOf(view);
  const board = data.board || {};
  const all = places(board);
  const here = all.filter(function (p) { return p.id === view.position; })[0];
  const parts = [];
  const gangs = ((data.cards || {}).gangs || []).map(function (g) { return g.key; });

  // where Ali Baba stands, and what the table waits for
  const lines = [];
  if (!view.finished && view.phase) {
    const turn = view.current === api.seat ? t("your_turn", "Your turn") : fmt(t("their_turn", "{name}'s turn"), { name: api.name(view.current) });
    lines.push(fmt(s("status", "{round}. {turn}: {what}."), { round: fmt(t("round", "Round {n}"), { n: view.round }), turn: turn, what: B.phaseWords(view.phase, view.variant) }));
  }
  if (here) lines.push(fmt(s("ali_stands", "Ali Baba stands on {place}, in quarter {quarter}: {what}."), { place: here.name, quarter: here.space.quarter, what: spaceWords(here) }));
  parts.push({ heading: s("where", "Where Ali Baba stands"), lines: lines });

  const window = windowPart(view, api);
  if (window) parts.push(window);

  parts.push({ heading: s("route", "The route"), table: {
    caption: s("route_caption", "The route of Ali Baba from Start, each place in order, and where he stands"),
    head: [s("place_h", "Place"), t("quarter_h", "Quarter"), s("what_h", "What is there"), s("ali_h", "Ali Baba")],
    rows: all.map(function (p) {
      return { head: p.name, cells: [String(p.space.quarter || ""), spaceWords(p), p === here ? s("ali_here", "Ali Baba is here") : ""] };
    }),
  } });

  const quarters = Object.keys((data.prices || {}).quarters || {}).sort();
  parts.push({ heading: s("quarters", "The quarters and their prices"), table: {
    caption: s("quarters_caption", "Each quarter: its places on the route, and what one card of each gang costs to buy, and pays when sold, there"),
    head: [t("quarter_h", "Quarter"), s("places_h", "Places")].concat(gangs.map(B.gangName)),
    rows: quarters.map(function (q) {
      const inside = all.filter(function (p) { return p.main && String(p.space.quarter) === q; });
      const span = inside.length ? fmt(s("places", "{from} to {to}"), { from: inside[0].name, to: inside[inside.length - 1].name }) : "";
      const atAli = here && String(here.space.quarter) === q;
      return { head: atAli ? fmt(s("quarter_here", "Quarter {n}, where Ali Baba is"), { n: q }) : quarterName(q),
        cells: [span].concat(gangs.map(function (g) { return priceIn(data, q, g); })) };
    }),
  } });

  parts.push(packsPart(view, data, here, gangs));
  parts.push(dicePart(view, data));
  const cave = cavePart(view, api);
  if (cave) parts.push(cave);
  parts.push(playersPart(view, api));
  if (view.hand) {
    parts.push({ heading: t("your_cards", "Your movement cards"), lines: [view.hand.length ? view.hand.join(", ") : s("hand_no_movement", "You hold no movement cards.")] });
  }
  return parts;
}

function packsPart(view, data, here, gangs) {
  const quarter = here ? here.space.quarter : null;
  const lines = [];
  const rows = gangs.map(function (g) {
    const pack = (view.packs || {})[g] || {};
    let top = t("face_down", "face down");
    if ("top" in pack) top = pack.top === null ? t("nothing_cards", "nothing") : B.cardName(pack.top);
    if (pack.cards) lines.push(fmt(s("pack_cards", "Cards in the {gang} pack: {cards}."), { gang: B.gangName(g), cards: pack.cards.length ? B.cardList(pack.cards) : t("nothing_cards", "nothing") }));
    return { head: B.gangName(g), cells: [String(pack.count === undefined ? "" : pack.count), top, quarter === null ? "" : priceIn(data, quarter, g)] };
  });
  return { heading: t("packs", "The four packs"), table: {
    caption: s("packs_caption", "Each gang's pack: the cards left, the card on top, and its price in Ali Baba's quarter"),
    head: [s("gang_h", "Gang"), s("left_h", "Cards left"), s("top_h", "Card on top"), s("price_here_h", "Price here")], rows: rows,
  }, lines: lines };
}

function dicePart(view, data) {
  const dice = view.dice || {};
  const rolled = function (v) { return v ? String(v) : s("not_rolled", "not rolled"); };
  const lines = [fmt(s("dice", "Dice: black die {black}, white die {white}."), { black: rolled(dice.black), white: rolled(dice.white) })];
  const table = (data.cards || {}).destiny_table || [];
  if (dice.black && dice.white && table[dice.black - 1]) lines.push(fmt(t("ev_destiny", "Destiny number {n}"), { n: table[dice.black - 1][dice.white - 1] }) + ".");
  return { heading: t("destiny", "Destiny Table"), lines: lines, table: {
    caption: t("destiny_note", "Rows: the black die; columns: the white die. Where they meet is the Destiny number: the bandits whose cards show it are caught."),
    head: [t("destiny_corner", "rows: black die / columns: white die")].concat([1, 2, 3, 4, 5, 6].map(function (n) { return t("white", "white die") + " " + n; })),
    rows: table.map(function (row, r) { return { head: t("black", "black die") + " " + (r + 1), cells: row.map(String) }; }),
  } };
}

function windowPart(view, api) {
  const phase = view.phase || {};
  if (phase.name !== "window" || view.finished) return null;
  const done = phase.done || [];
  const waitingSeats = view.to_act || [];
  const waiting = waitingSeats.filter(function (x) { return done.indexOf(x) < 0; }).map(api.name);
  const answering = waitingSeats.filter(function (x) { return done.indexOf(x) >= 0; }).map(api.name);
  const lines = [done.length ? fmt(t("done_list", "Done: {names}"), { names: done.map(api.name).join(", ") }) : t("window_none_done", "Nobody is done yet.")];
  if (waiting.length) lines.push(fmt(t("waiting_for", "Waiting for {names}"), { names: waiting.join(", ") }));
  if (answering.length) lines.push(fmt(t("must_answer", "Still to answer an offer: {names}"), { names: answering.join(", ") }));
  return { heading: fmt(t("window", "Window: {kind}"), { kind: B.phaseWords(phase) }), lines: lines,
    items: (phase.offers || []).map(function (o) { return B.offerText(o, api); }) };
}

function cavePart(view, api) {
  const cave = view.cave;
  if (!cave) return null;
  const lines = (cave.stashes || []).map(function (stash) { return stashLine(stash, api); });
  if (!lines.length) lines.push(t("cave_nobody", "Nobody is in the cave."));
  if ((cave.turned || []).length) lines.push(t("cave_turned", "Cards turned:") + " " + B.cardList(cave.turned));
  (cave.claimed || []).forEach(function (cards, seat) {
    if (cards.length) lines.push(t("cave_claimed", "Thieves claimed (immune to their type)") + ", " + api.name(seat) + ": " + B.cardList(cards));
  });
  const discards = Object.keys(cave.discard_counts || {}).filter(function (g) { return cave.discard_counts[g]; });
  if (discards.length) lines.push(t("cave_discards", "Discard piles:") + " " + discards.map(function (g) { return B.gangName(g) + " " + cave.discard_counts[g]; }).join(", "));
  return { heading: t("cave", "The cave"), lines: lines };
}

function ranksOf(view) {
  return view.finished && view.result && view.result.ranks ? view.result.ranks : null;
}

function playersPart(view, api) {
  const ranks = ranksOf(view);
  const rows = [];
  for (let seat = 0; seat < (view.players || 0); seat++) {
    const cards = (view.bandits || [])[seat] || [];
    const name = seat === view.current && !view.finished ? fmt(s("current", "{name}, whose turn it is"), { name: api.name(seat) }) : api.name(seat);
    rows.push({ head: name, cells: (ranks ? [String(ranks[seat])] : []).concat([B.cash((view.cash || [])[seat] || 0),
      String((view.hand_counts || [])[seat] || 0), cards.length ? B.cardList(cards) : t("no_cards", "no cards")]) });
  }
  const lines = [];
  if (ranks) lines.push(winnerText(view, api));
  return { heading: t("players", "Players"), lines: lines, table: {
    caption: s("players_caption", "Each player's Piastres, movement cards and bandit cards"),
    head: [t("player", "Player")].concat(ranks ? [t("rank", "Rank")] : [])
      .concat([t("piastres", "Piastres"), s("movement_h", "Movement cards"), t("bandits", "Bandit cards")]),
    rows: rows,
  } };
}

function winnerText(view, api) {
  const ranks = ranksOf(view) || [];
  const winners = ranks.map(function (r, seat) { return r === 1 ? api.name(seat) : null; }).filter(function (n) { return n !== null; });
  return winners.length > 1 ? fmt(t("winners", "{names} share the victory!"), { names: winners.join(" & ") })
    : fmt(t("winner", "{name} wins!"), { name: winners[0] });
}

function scoreLine(view, seat, api) {
  const n = ((view.bandits || [])[seat] || []).length;
  return fmt(counted("score_line", n, "{name}: {cash}, {n} bandit card", "{name}: {cash}, {n} bandit cards"),
    { name: api.name(seat), cash: B.cash((view.cash || [])[seat] || 0), n: n });
}

/* The scores: each player's Piastres (what wins) and bandit cards; at the end the winner and the ranking. */
export function scoresText(frame, api) {
  const view = viewOf(frame);
  if (!view.cash) return "";
  const seats = view.cash.map(function (c, seat) { return seat; });
  const ranks = ranksOf(view);
  if (ranks) {
    seats.sort(function (a, b) { return ranks[a] - ranks[b] || a - b; });
    return winnerText(view, api) + " " + clauses(seats.map(function (seat) {
      return fmt(s("ranked", "{rank}. {line}"), { rank: ranks[seat], line: scoreLine(view, seat, api) });
    })) + ".";
  }
  return fmt(t("round", "Round {n}"), { n: view.round }) + ". " + clauses(seats.map(function (seat) { return scoreLine(view, seat, api); })) + ".";
}

/* What this seat holds: its movement cards, bandit cards and Piastres, and its stash in the cave. */
export function handText(frame, api) {
  const view = viewOf(frame);
  const seat = api.seat;
  if (seat === null || seat === undefined || !view.cash) return "";
  const parts = [];
  if (view.hand) parts.push(view.hand.length ? fmt(s("hand_movement", "Your movement cards: {cards}."), { cards: view.hand.join(", ") }) : s("hand_no_movement", "You hold no movement cards."));
  const cards = (view.bandits || [])[seat] || [];
  parts.push(cards.length ? fmt(s("hand_bandits", "Your bandit cards: {cards}."), { cards: B.cardList(cards) }) : s("hand_no_bandits", "You hold no bandit cards."));
  parts.push(fmt(s("hand_cash", "You have {cash}."), { cash: B.cash(view.cash[seat]) }));
  ((view.cave || {}).stashes || []).filter(function (st) { return st.owner === seat; }).forEach(function (st) {
    parts.push(fmt(s("hand_stash", "In the cave: {stash}."), { stash: stashLine(st, api) }));
  });
  return parts.join(" ");
}

/* Whose turn: the round, whose turn it is when the table waits for someone else too (a window), then the page's
 * own line (speech.js): this seat's prompt, or whom the table waits for. */
export function turnText(frame, api) {
  const view = viewOf(frame);
  if (!frame || frame.status !== "running" || view.finished) return "";
  const parts = [fmt(t("round", "Round {n}"), { n: view.round }) + "."];
  const waited = frame.to_act || [];
  if (view.current !== api.seat && !(waited.length === 1 && waited[0] === view.current)) {
    parts.push(fmt(t("their_turn", "{name}'s turn"), { name: api.name(view.current) }) + ".");
  }
  parts.push(frameTurnText(frame, api.seat, promptText(frame, api), api));
  return parts.join(" ");
}

/* The parts as DOM: a heading (h4) each, its lines as paragraphs, its table with caption and header cells, its
 * items as a list; no control. */
export function boardNode(parts) {
  return h("div", { className: "sr-basra" }, [].concat.apply([], parts.map(function (part) {
    const nodes = [h("h4", { text: part.heading })];
    (part.lines || []).forEach(function (line) { nodes.push(h("p", { text: line })); });
    if (part.items && part.items.length) nodes.push(h("ul", {}, part.items.map(function (item) { return h("li", { text: item }); })));
    if (part.table) nodes.push(wordsTable(part.table));
    return nodes;
  })));
}

registerSpeech("basra", {
  prompt: promptText,
  sentences: sentences,
  board: function (frame, api) { return boardNode(boardParts(frame, api)); },
  readouts: { turn: turnText, scores: scoresText, hand: handText },
  deadline: deadline,
  action: actionText,
});

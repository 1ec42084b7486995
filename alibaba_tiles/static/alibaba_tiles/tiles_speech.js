/* Ali Baba's treasure cave in words, for the screen-reader mode (matches/static/matches/speech.js).
 *
 * Registered as registerSpeech("alibaba_tiles", ...): what this seat is asked now (in the words of the page's own
 * prompt), each new event as the page's log says it (tiles_log.js), the cave as structured text (each layer from the
 * top, each tile with what it is, whether this seat may take it now, what covers it and what it lies on; then the
 * players' tiles and scores as a table) and the readouts of the scores, of what lies behind your screen and of the
 * clock. It words only what the frame holds: a face-down tile is "face down", never what it hides; another player's
 * tiles are a count until the end. The text builders are pure functions of a frame and the page's api (seat, name,
 * isYou, serverNow), exported for the Node tests; boardNode is the thin DOM part. */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";
import { SPEECH } from "../matches/match_strings.js";
import { registerSpeech, turnText, wordsTable } from "../matches/speech.js";
import { layerText } from "./tiles_guide.js";
import { eventText } from "./tiles_log.js";
import { actionText } from "./tiles_actions.js";

const h = UI.h;
const fmt = UI.fmt;
const t = C.t;

function capital(text) {
  const s = String(text || "").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function fullStop(text) {
  const s = String(text || "").trim();
  if (!s) return "";
  return /[.!?…]$/.test(s) ? s : s + ".";
}

/* A line as a sentence: a capital first, a full stop last (unless it ends with its own). */
function sentence(text) {
  return fullStop(capital(text));
}

/* A template's line as a sentence; one that starts with a player's name keeps the name as written ("ann"). */
function sentenceOf(template, args) {
  const text = fmt(template, args);
  return /^\{/.test(template) ? fullStop(text) : sentence(text);
}

function seatName(seat, api) {
  return api.isYou(seat) ? fmt(t("you_mark", "{name} (you)"), { name: api.name(seat) }) : api.name(seat);
}

function deciding(frame, api) {
  return !!frame && frame.status === "running" && !!frame.view && !frame.view.finished && UI.decides(frame, api.seat);
}

/* ---------------------------------------------------------------- what is asked, what happened */

/* What this seat is asked now, in lower-case words ("" when nothing): the page's prompts (tiles.js, renderPrompt). */
export function promptText(frame, api) {
  const view = (frame && frame.view) || {};
  const legal = (frame && frame.legal) || [];
  if (!legal.length || view.finished) return "";
  const types = legal.map(function (a) { return a.type; });
  if (types.indexOf("take") >= 0) {
    return (view.forbidden || []).length ? t("ask_take_restricted") : t("ask_take");
  }
  if (types.indexOf("lamp") >= 0) return t("ask_lamp");
  const effects = legal.filter(function (a) { return a.type === "effect"; });
  if (effects.length) {
    if (effects.some(function (a) { return a.use && a.pos; })) return t("ask_green");
    if (effects.some(function (a) { return a.use && (a.kind || a.colour); })) return t("ask_white");
    const mine = (view.pending || []).filter(function (p) { return p.seat === api.seat && p.decision === "effect"; })[0];
    return fmt(t("ask_effect"), { colour: C.colourName((mine && mine.effect) || "") });
  }
  if (types.indexOf("show") >= 0) return fmt(t("ask_show"), { name: api.name(view.current) });
  if (types.indexOf("choose") >= 0) return t("ask_choose");
  return "";
}

/* One event as one sentence: the log's line (tiles_log.js, the player's name then what they did). */
export function eventSentence(e, api) {
  const who = e.seat === null || e.seat === undefined ? "" : api.name(e.seat);
  const what = eventText(e, api);
  return who ? fullStop(who + " " + what) : sentence(what);
}

export function eventSentences(events, api) {
  return (events || []).filter(function (e) { return e && !e.notice; })
    .map(function (e) { return eventSentence(e, api); }).filter(Boolean);
}

/* ---------------------------------------------------------------- the cave */

function squareText(cell) {
  return fmt(t("square", "row {row}, column {col}"), { row: cell.row + 1, col: cell.col + 1 });
}

/* A tile inside a list of what covers or lies under another ("the pink ring (row 1, column 2)"). */
function tileAt(cell) {
  const tile = cell.tile ? C.tileInText(cell.tile) : t("a_face_down_tile", "a face-down tile");
  return fmt(t("tile_at", "{tile} ({square})"), { tile: tile, square: squareText(cell) });
}

/* What the tile is: face up with its colour and kind, or face down (after the end, and in the replay that shows
 * everything, a tile still face down is named, saying so). */
function tileWhat(cell) {
  if (!cell.tile) return t("face_down", "face down");
  if (cell.face_up) return fmt(t("face_up", "{tile}, face up"), { tile: C.tileLabel(cell.tile) });
  return C.tileLabel(cell.tile) + ", " + t("was_face_down", "it was still face down");
}

/* The cave as plain data, top layer first: {facts, takeable, layers: [{title, tiles}], bazaar, shown, table}. */
export function boardWords(frame, api) {
  const view = frame.view || {};
  const layout = view.layout || {};
  const layers = (layout.layers || []).length;
  const covers = layout.covers || {};
  const onBoard = {};
  (view.board || []).forEach(function (cell) { onBoard[cell.pos] = cell; });
  const coveredBy = {};
  Object.keys(covers).forEach(function (upper) {
    (covers[upper] || []).forEach(function (below) { (coveredBy[below] = coveredBy[below] || []).push(upper); });
  });
  const legal = deciding(frame, api) ? frame.legal || [] : [];
  const take = {}, green = {};
  legal.forEach(function (a) {
    if (a.type === "take") take[a.pos] = true;
    else if (a.type === "effect" && a.use && a.pos) green[a.pos] = true;
  });
  const forbidden = {};
  if (legal.length) (view.forbidden || []).forEach(function (p) { forbidden[p] = true; });
  const byOrder = function (a, b) { return a.row - b.row || a.col - b.col; };
  const present = function (positions) {
    return (positions || []).map(function (p) { return onBoard[p]; }).filter(Boolean).sort(byOrder);
  };

  function entry(cell) {
    let head = fmt(t("entry", "{square}: {what}"), { square: squareText(cell), what: tileWhat(cell) });
    if (take[cell.pos]) head += ", " + t("take_it", "you can take it");
    else if (green[cell.pos]) head += ", " + t("take_it_too", "you can take it too (green effect)");
    else if (forbidden[cell.pos]) head += ", " + t("forbidden", "forbidden to you this turn (white effect)");
    const parts = [sentence(head)];
    const above = present(coveredBy[cell.pos]);
    if (above.length) {
      parts.push(fmt(t("covered_by", "Covered by, on layer {n}: {tiles}."), { n: cell.layer + 2, tiles: above.map(tileAt).join(", ") }));
    }
    const below = present(covers[cell.pos]);
    if (below.length) {
      parts.push(fmt(t("lies_on", "Lies on, on layer {n}: {tiles}."), { n: cell.layer, tiles: below.map(tileAt).join(", ") }));
    }
    return parts.join(" ");
  }

  const layerList = [];
  for (let layer = layers - 1; layer >= 0; layer--) {
    const cells = (view.board || []).filter(function (cell) { return cell.layer === layer; }).sort(byOrder);
    const title = fmt(C.plural("layer_count", cells.length, "{layer}: {n} tile", "{layer}: {n} tiles"),
      { layer: layerText(layer, layers), n: cells.length });
    layerList.push({ title: capital(title), tiles: cells.map(entry) });
  }
  const takeable = (view.board || []).filter(function (cell) { return take[cell.pos] || green[cell.pos]; })
    .sort(function (a, b) { return b.layer - a.layer || byOrder(a, b); })
    .map(function (cell) {
      return fmt(t("takeable_at", "{tile}, {square}, {layer}"),
        { tile: C.tileLabel(cell.tile), square: squareText(cell), layer: layerText(cell.layer, layers) });
    });
  const bazaar = (view.bazaar || []).map(function (b) { return C.tileLabel(b.tile); });
  const shown = view.finished ? [] : (view.shown || []).map(function (x) {
    const what = x.tile ? C.tileLabel(x.tile) : (x.shown ? t("hidden_shown", "shown (hidden)") : t("not_yet_title", "no tile shown yet"));
    return fmt(t("entry", "{square}: {what}"), { square: seatName(x.seat, api), what: what });
  });
  return {
    facts: facts(view, api), takeable: takeable, layers: layerList,
    bazaar: bazaar, shown: shown, table: playersTable(view, api),
  };
}

/* What the status bar and the banners say at a glance: tiles face down, the last round, the white effects. */
function facts(view, api) {
  if (view.finished) return [t("game_over", "The game is over.")];
  const out = [sentence(fmt(C.plural("face_down_count", view.face_down, "{n} face down", "{n} face down"), { n: view.face_down }))];
  if (view.final_round) {
    out.push(sentence(fmt(C.plural("final_round_count", view.turns_left, "Last round: {n} turn left", "Last round: {n} turns left"),
      { n: view.turns_left })));
  }
  (view.restrictions || []).forEach(function (r) {
    const what = r.kind ? C.kindName(r.kind) : C.colourName(r.colour);
    out.push(api.isYou(r.by)
      ? sentenceOf(t("you_forbade", "You forbade {what} until your next turn"), { what: what })
      : sentenceOf(t("forbade", "{name} forbade {what} until their next turn"), { name: api.name(r.by), what: what }));
  });
  return out;
}

/* A seat's tiles by kind, the largest set first (then by name, as a reader looks them up): "ring ×2: pink, blue;
 * crown ×1: yellow". */
function kindGroups(tiles) {
  return C.setsOf(tiles, C.kindName).map(function (set) {
    return fmt(t("kind_group", "{kind} ×{n}: {tiles}"), {
      kind: C.kindName(set.kind), n: set.tiles.length,
      tiles: set.tiles.map(function (tile) { return C.colourName(tile.colour); }).join(", "),
    });
  }).join(t("separator", "; "));
}

function tileCount(n) {
  return fmt(C.plural("tiles_count", n, "{n} tile", "{n} tiles"), { n: n });
}

/* The tiles a seat holds as far as this view shows them: listed for your own (and for everyone's at the end or
 * in the replay that shows everything), a count for the others. */
function heldText(view, seat) {
  const f = view.final;
  const tiles = f ? f.hands[seat] : view.hands ? view.hands[seat] : view.me && view.seat === seat ? view.me.tiles : null;
  const count = f ? f.tile_counts[seat] : (view.tile_counts || [])[seat] || 0;
  if (!tiles || !tiles.length) return tileCount(count);
  return fmt(t("held", "{count}: {tiles}"), { count: tileCount(tiles.length), tiles: kindGroups(tiles) });
}

/* The players' tiles and scores: {caption, head: [...], rows: [{head, cells}]}; at the end with the ranks. */
function playersTable(view, api) {
  const f = view.final;
  const head = [t("player", "Player"), t("tiles_h", "Tiles"), t("effect_points_h", "Effect points")];
  if (f) head.push(t("set_points", "Set points"), t("total", "Total"), t("rank", "Rank"));
  const rows = [];
  for (let seat = 0; seat < (view.players || 0); seat++) {
    const cells = [heldText(view, seat), String((f ? f.effect_points : view.scores || [])[seat] || 0)];
    if (f) cells.push(String(f.set_points[seat]), String(f.totals[seat]), String(f.ranks[seat]));
    rows.push({ head: seatName(seat, api), cells: cells });
  }
  return { caption: t("players_caption", "The players: their tiles and scores"), head: head, rows: rows };
}

/* The board in words as a Node: headings, lists and the players' table (no control). */
export function boardNode(frame, api) {
  const words = boardWords(frame, api);
  const list = function (items) { return h("ul", {}, items.map(function (text) { return h("li", { text: text }); })); };
  const parts = [h("p", { text: words.facts.join(" ") })];
  if (words.takeable.length) parts.push(h("h4", { text: t("you_can_take", "You can take now") }), list(words.takeable));
  words.layers.forEach(function (layer) {
    parts.push(h("h4", { text: layer.title }));
    if (layer.tiles.length) parts.push(list(layer.tiles));
  });
  if (words.bazaar.length) parts.push(h("h4", { text: t("bazaar", "Bazaar") }), list(words.bazaar));
  if (words.shown.length) parts.push(h("h4", { text: t("shown", "Shown tiles (yellow)") }), list(words.shown));
  parts.push(wordsTable(words.table, { "data-testid": "sr-players" }));
  return h("div", { className: "sr-cave" }, parts);
}

/* ---------------------------------------------------------------- the readouts */

/* Each player's score and place, you marked: the effect points so far, or the final totals at the end. */
export function scoresText(frame, api) {
  const view = (frame && frame.view) || {};
  const f = view.final;
  const points = f ? f.totals : view.scores || [];
  const seats = points.map(function (_, seat) { return seat; });
  const rank = function (seat) {
    return f ? f.ranks[seat] : 1 + points.filter(function (p) { return p > points[seat]; }).length;
  };
  seats.sort(function (a, b) { return rank(a) - rank(b) || a - b; });
  const list = seats.map(function (seat) {
    return fmt(C.plural("score_item", points[seat], "{rank}. {name}, {n} point", "{rank}. {name}, {n} points"),
      { rank: rank(seat), name: seatName(seat, api), n: points[seat] });
  }).join(t("separator", "; "));
  return fmt(f ? t("scores_final", "Final scores: {list}.") : t("scores_running", "Effect points so far (sets are scored at the end): {list}."),
    { list: list });
}

/* What lies behind your screen, and your points with your sets ("" for a spectator: nothing is held). */
export function handText(frame) {
  const view = (frame && frame.view) || {};
  const me = view.me;
  if (!me) return "";
  const points = fmt(C.plural("points_line_count", me.set_points + me.effect_points,
    "Sets {sets} + effects {effects} = {total} point", "Sets {sets} + effects {effects} = {total} points"),
  { sets: me.set_points, effects: me.effect_points, total: me.set_points + me.effect_points });
  if (!me.tiles.length) return t("no_tiles", "No tiles yet.") + " " + sentence(points);
  return fmt(t("hand_line", "Behind your screen: {tiles}. {points}."), { tiles: heldText(view, view.seat), points: points });
}

/* The time left for the open decision: yours, or whom the table waits for ("" when no clock runs). */
export function clocksText(frame, api) {
  const view = (frame && frame.view) || {};
  if (!frame || frame.status !== "running" || view.finished || view.deadline === null || view.deadline === undefined) return "";
  const time = UI.formatClock(UI.secondsLeft(view.deadline, api.serverNow()));
  if (deciding(frame, api)) return fmt(SPEECH.clock_left, { time: time });
  const names = (frame.to_act || []).map(function (seat) { return api.name(seat); }).join(", ");
  return names ? fmt(t("others_clock", "{names} to decide: {time} left."), { names: names, time: time }) : "";
}

/* Whose turn: yours with what you are asked (and what the effect does), else who decides what; then the facts. */
export function turnReadout(frame, api) {
  const view = (frame && frame.view) || {};
  if (!frame || frame.status !== "running" || view.finished) return "";
  const lines = [];
  if (deciding(frame, api)) {
    lines.push(turnText(frame, api.seat, promptText(frame, api), api));
    const mine = (view.pending || []).filter(function (p) { return p.seat === api.seat && p.decision === "effect"; })[0];
    const tile = view.this_turn && view.this_turn.effect_tile;
    // what the effect does, as the prompt's own line says it (tiles.js, effectText)
    if (mine) lines.push(fmt(t("eff_" + mine.effect, ""), { kind: tile ? C.kindName(tile.kind) : "" }));
  } else {
    (view.pending || []).forEach(function (p) {
      const what = t("doing_" + p.decision, "{name}");
      lines.push(sentenceOf(what, { name: api.name(p.seat), colour: C.colourName(p.effect || "") }));
    });
  }
  return lines.concat(facts(view, api)).join(" ");
}

/* The server time by which this seat must decide, or null. */
export function deadlineOf(frame, api) {
  const view = (frame && frame.view) || {};
  if (!deciding(frame, api) || view.deadline === undefined) return null;
  return view.deadline;
}

registerSpeech("alibaba_tiles", {
  prompt: promptText,
  sentences: function (events, frame, api) { return eventSentences(events, api); },
  board: boardNode,
  readouts: { turn: turnReadout, scores: scoresText, hand: handText, clocks: clocksText },
  deadline: deadlineOf,
  action: actionText,
});

/* Ali Baba's treasure cave: the "what happened" log, from the events the page receives.
 * Each event's code and data (alibaba_tiles/engine/rules.py) is worded here in the page's language. */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";
import { newLog as newEventLog } from "../matches/event_log.js";
import { seatLine } from "../matches/seat_log.js";

const h = UI.h;
const fmt = UI.fmt;
const t = C.t, kindName = C.kindName, colourName = C.colourName, chip = C.chip;
const plural = C.plural, tileInText = C.tileInText;

/* One event of the running account in the page's language, from its code and data (engine/rules.py). */
function eventText(e, api) {
  const colour = colourName(e.colour || "");
  switch (e.code) {
    case "tile_taken":
      return fmt(t("ev_take", "took {tile}"), { tile: tileInText(e.tile) });
    case "tiles_flipped": {
      const n = e.count !== undefined ? e.count : (e.tiles || e.positions || []).length;
      return fmt(plural("ev_flip", n, "uncovered {n} tile", "uncovered {n} tiles"), { n: n });
    }
    case "final_round":
      return t("ev_final_round", "flipped the last face-down tile: the round is completed, then everyone takes one last turn");
    case "effect_unusable":
      return fmt(t("ev_no_effect", "could not use the effect of the {colour} tile"), { colour: colour });
    case "effect_skipped":
      return fmt(t("ev_skip", "did not use the effect of the {colour} tile"), { colour: colour });
    case "effect_used":
      if (e.colour === "green") return fmt(t("ev_green", "also took {tile} (green effect)"), { tile: tileInText(e.tile) });
      if (e.colour === "yellow") return t("ev_yellow", "asked the others to show a tile (yellow effect)");
      if (e.colour === "white") {
        const r = e.restriction || {};
        const what = r.kind
          ? fmt(t("ev_what_kind", "{kind} tiles"), { kind: kindName(r.kind) })
          : fmt(t("ev_what_colour", "{colour} tiles"), { colour: colourName(r.colour) });
        return fmt(t("ev_white", "forbade {what} until their next turn (white effect)"), { what: what });
      }
      return fmt(plural("ev_scored", e.points || 0, "scored {n} point ({colour} tile)", "scored {n} points ({colour} tile)"),
        { n: e.points || 0, colour: colour });
    case "lamp_kept":
      return t("ev_kept_lamp", "kept the lamp");
    case "lamp_swapped":
      return fmt(t("ev_swap", "swapped {lamp} for {tile} from the bazaar"), { lamp: tileInText(e.lamp), tile: tileInText(e.tile) });
    case "tile_offered":
      return t("ev_showing", "showed a tile");
    case "tile_shown":
      return fmt(t("ev_shown_secret", "showed {tile} (the others see it once everyone has shown)"), { tile: tileInText(e.tile) });
    case "tile_revealed":
      return fmt(t("ev_show", "showed {tile}"), { tile: tileInText(e.tile) });
    case "tile_chosen":
      return fmt(t("ev_choose", "took {tile} from {name}"), { tile: tileInText(e.tile), name: api.name(e.owner) });
    case "timed_out":
      return t("ev_timeout", "ran out of time");
    case "game_over": {
      const ranks = e.ranks || [];
      const winners = [];
      for (let i = 0; i < ranks.length; i++) if (ranks[i] === 1) winners.push(api.name(i));
      const line = t("game_over", "The game is over.");
      if (!winners.length) return line;
      return line + " " + (winners.length > 1
        ? fmt(t("winners", "{names} share the victory!"), { names: winners.join(" & ") })
        : fmt(t("winner", "{name} wins!"), { name: winners[0] }));
    }
    default:
      return e.code || "";
  }
}

/* The events of the current turn and the previous `players` turns, newest first (at most 14). */
function renderRecent(view, log, api) {
  const keep = (view.turn || 0) - (view.players || 0);
  const items = log.filter(function (e) { return e.notice || (e.turn || 0) >= keep; }).slice(-14).reverse();
  // It scrolls: focusable, so that a keyboard can scroll it too (and named for who lands on it).
  const ul = h("ul", { className: "recent", "data-testid": "recent", tabindex: 0, "aria-label": t("recent", "What happened") });
  items.forEach(function (e) {
    if (e.notice) {
      ul.appendChild(h("li", { className: "ev-seat notice", "data-code": e.code, "data-version": e.version }, [seatLine(e, api)]));
      return;
    }
    const who = e.seat === null || e.seat === undefined ? "" : api.name(e.seat) + " ";
    let chips = e.code === "lamp_swapped" ? [chip(e.tile, "mini")] : (e.tile ? [chip(e.tile, "mini")] : []);
    if (e.code === "tiles_flipped" && e.tiles) chips = e.tiles.map(function (tl) { return chip(tl, "mini"); });
    ul.appendChild(h("li", { className: "ev-" + e.code + (e.code === "tile_shown" ? " private" : ""), "data-code": e.code, "data-version": e.version }, [
      who ? h("strong", { text: who }) : null,
    ].concat(chips).concat([" ", eventText(e, api)])));
  });
  if (!items.length) ul.appendChild(h("li", { className: "muted", text: t("nothing_yet", "Nothing has happened yet.") }));
  return h("section", { className: "card log" }, [h("h2", { text: t("recent", "What happened") }), ul]);
}

/* The events received, oldest first, each with the version that made it. */
/* The log keeps the recent turns (a round of the table), in the order of the moves, and the seats'
 * changes (seat_log.js) made since the move before the first of them, each after the moves of its version. */
function newLog() {
  return newEventLog(function (log, frame) {
    const view = frame.view || {};
    const keep = (view.turn || 0) - (view.players || 0);
    const moves = log.filter(function (e) { return !e.notice && (e.turn || 0) >= keep; });
    // a notice at version v came after the move that made v: one just before the window's first move is in it
    const from = moves.length ? Math.min.apply(null, moves.map(function (e) { return e.version; })) - 1 : 0;
    const notices = log.filter(function (e) { return e.notice && e.version >= from; });
    return moves.concat(notices).sort(function (a, b) { return a.version - b.version || (a.notice ? 1 : 0) - (b.notice ? 1 : 0); });
  });
}

export { eventText, renderRecent, newLog };

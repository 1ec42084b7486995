/* Ali Baba's treasure cave: the panels beside the cave (white-effect bans, the players, your screen,
 * the bazaar, the tiles shown for a yellow effect, and everyone's tiles in the omniscient replay). */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";

const h = UI.h;
const fmt = UI.fmt;
const t = C.t, kindName = C.kindName, colourName = C.colourName, icon = C.icon, chip = C.chip;
const setRows = C.setRows;

function restrictionBanner(view, api) {
  const list = view.restrictions || (view.restriction ? [view.restriction] : []);
  if (!list.length || view.finished) return null;
  const wrap = h("div", { className: "restrictions" });
  list.forEach(function (r) {
    const what = r.kind ? kindName(r.kind) : colourName(r.colour);
    const text = api.isYou(r.by)
      ? fmt(t("you_forbade", "You forbade {what} until your next turn"), { what: what })
      : fmt(t("forbade", "{name} forbade {what} until their next turn"), { name: api.name(r.by), what: what });
    wrap.appendChild(h("div", { className: "banner", "data-testid": "restriction" }, [
      r.colour ? h("span", { className: "swatch c-" + r.colour }) : h("span", { className: "chip-icon", text: icon(r.kind), title: kindName(r.kind) }),
      " ", text,
    ]));
  });
  return wrap;
}

function renderPlayers(view, api) {
  const list = h("ol", { className: "seats", "data-testid": "scoreboard" });
  for (let i = 0; i < view.players; i++) {
    const pend = (view.pending || []).filter(function (p) { return p.seat === i; })[0];
    const li = h("li", {
      className: "seat-row" + (i === view.current && !view.finished ? " current" : "") + (i === api.seat ? " me" : ""),
      "data-testid": "seat-" + i,
    }, [
      h("span", { className: "seat-name" }, [
        i === view.current && !view.finished ? h("span", { className: "turn-mark", text: "▶", title: t("current", "to play") }) : null,
        api.name(i),
        api.isYou(i) ? h("span", { className: "badge you", text: t("you_short", "you") }) : null,
        // the bot / away / resigned badges, kept by the shared page (matches/static/matches/live.js)
        h("span", { className: "seat-badges", "data-seat-badges": String(i), "data-testid": "seat-badges-" + i }),
      ]),
      h("span", { className: "seat-stats" }, [
        h("span", { title: t("tiles", "tiles"), "data-testid": "tile-count-" + i }, [fmt(C.plural("tiles_count", view.tile_counts[i], "{n} tile", "{n} tiles"), { n: view.tile_counts[i] })]),
        h("span", { className: "score", title: t("effect_points", "effect points"), "data-testid": "score-" + i }, ["★ ", String(view.scores[i])]),
      ]),
      pend && !view.finished ? h("span", { className: "pending muted", text: t("dec_" + pend.decision, pend.decision) }) : null,
    ]);
    list.appendChild(li);
  }
  return h("section", { className: "card players" }, [h("h2", { text: t("players", "Players") }), list,
    h("p", { className: "muted small", text: t("public_score", "★ effect points so far (sets are scored at the end).") })]);
}


function renderScreen(view) {
  const me = view.me;
  if (!me) return null;
  const sec = h("section", { className: "card screen", "data-testid": "my-screen" }, [
    h("h2", { text: t("your_screen", "Behind your screen") }),
  ]);
  if (!me.tiles.length) {
    sec.appendChild(h("p", { className: "muted", text: t("no_tiles", "No tiles yet.") }));
  } else {
    setRows(me.tiles).forEach(function (r) { sec.appendChild(r); });
  }
  sec.appendChild(h("p", { className: "points", "data-testid": "my-points" }, [
    fmt(C.plural("points_line_count", me.set_points + me.effect_points, "Sets {sets} + effects {effects} = {total} point", "Sets {sets} + effects {effects} = {total} points"), {
      sets: me.set_points, effects: me.effect_points, total: me.set_points + me.effect_points,
    }),
  ]));
  return sec;
}

function renderBazaar(view) {
  if (!view.bazaar || !view.bazaar.length) return null;
  return h("section", { className: "card bazaar", "data-testid": "bazaar" }, [
    h("h2", { text: t("bazaar", "Bazaar") }),
    h("div", { className: "chips" }, view.bazaar.map(function (b) { return chip(b.tile); })),
  ]);
}

function renderShown(view, api) {
  if (!view.shown || !view.shown.length || view.finished) return null;
  return h("section", { className: "card shown", "data-testid": "shown" }, [
    h("h2", { text: t("shown", "Shown tiles (yellow)") }),
    h("div", { className: "chips" }, view.shown.map(function (x) {
      return h("span", { className: "shown-one" }, [
        h("span", { className: "muted", text: api.name(x.seat) + ": " }),
        x.tile ? chip(x.tile) : h("span", { className: "muted", text: x.shown ? t("hidden_shown", "shown (hidden)") : t("not_yet", "…"),
          title: x.shown ? null : t("not_yet_title", "no tile shown yet") }),
      ]);
    })),
  ]);
}

/* Everyone's tiles while the match runs: only the omniscient replay's view has them. */
function renderHands(view, api) {
  if (!view.hands || view.finished) return null;
  return h("section", { className: "card screen", "data-testid": "all-hands" }, [h("h2", { text: t("all_hands", "Everyone's tiles") })]
    .concat(view.hands.map(function (tiles, i) {
      return h("div", { className: "hand" }, [h("h3", { text: api.name(i) })].concat(
        tiles.length ? setRows(tiles) : [h("p", { className: "muted", text: t("no_tiles", "No tiles yet.") })]));
    })));
}

export { restrictionBanner, renderPlayers, renderScreen, renderBazaar, renderShown, renderHands };

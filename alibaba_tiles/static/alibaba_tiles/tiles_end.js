/* Ali Baba's treasure cave: the end screen (ranks, sets, points, tie-breaks, everyone's tiles). */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";
import { ratingCell } from "../matches/endscreen.js";

const h = UI.h;
const fmt = UI.fmt;
const t = C.t, kindName = C.kindName, icon = C.icon, chip = C.chip;
const setRows = C.setRows;

function tieBreakNotes(final, api) {
  const notes = [];
  const n = final.totals.length;
  const seen = {};
  for (let i = 0; i < n; i++) {
    if (seen[i]) continue;
    const same = [];
    for (let j = 0; j < n; j++) if (final.totals[j] === final.totals[i]) { same.push(j); seen[j] = true; }
    if (same.length < 2) continue;
    const names = same.map(function (k) { return api.name(k); }).join(", ");
    const counts = same.map(function (k) { return final.tile_counts[k]; });
    const allEqual = counts.every(function (c) { return c === counts[0]; });
    if (allEqual) {
      notes.push(fmt(t("tie_shared", "{names} have {points} points and {tiles} tiles each: they share rank {rank}."), {
        names: names, points: final.totals[i], tiles: counts[0], rank: final.ranks[same[0]],
      }));
    } else {
      notes.push(fmt(t("tie_tiles", "{names} have {points} points each: the tie goes to fewer tiles ({detail})."), {
        names: names, points: final.totals[i],
        detail: same.map(function (k) { return api.name(k) + " " + final.tile_counts[k]; }).join(", "),
      }));
    }
  }
  if (!notes.length) notes.push(t("no_tie", "No tie: the highest total wins."));
  return notes;
}

function renderEnd(view, api) {
  const f = view.final;
  if (!f) return null;
  // Each seat's rating change (matches/endscreen.js), on the live page once the match is over.
  const frame = api.frame ? api.frame() : null;
  const end = frame && frame.end ? frame.end : null;
  const order = [];
  for (let i = 0; i < f.totals.length; i++) order.push(i);
  order.sort(function (a, b) { return f.ranks[a] - f.ranks[b] || a - b; });
  const table = h("table", { className: "list end-table", tabindex: 0 }, [  // it scrolls on a phone: a keyboard may scroll it
    h("thead", {}, [h("tr", {}, [
      h("th", { text: t("rank", "Rank") }), h("th", { text: t("player", "Player") }),
      h("th", { text: t("sets", "Sets") }), h("th", { text: t("set_points", "Set points") }),
      h("th", { text: t("effect_points_h", "Effect points") }), h("th", { text: t("total", "Total") }),
      h("th", { text: t("tiles_h", "Tiles") }),
      end ? h("th", { text: t("rating_h", "Rating") }) : null,
    ])]),
  ]);
  const body = h("tbody");
  order.forEach(function (i) {
    const sets = f.sets[i] || {};
    const kinds = Object.keys(sets).sort(function (a, b) { return sets[b] - sets[a]; });
    body.appendChild(h("tr", { className: (f.ranks[i] === 1 ? "winner" : "") + (i === api.seat ? " me" : ""), "data-testid": "final-" + i }, [
      h("td", { className: "rank", text: (f.ranks[i] === 1 ? "♛ " : "") + f.ranks[i] }),
      h("td", {}, [api.name(i), api.isYou(i) ? h("span", { className: "badge you", text: t("you_short", "you") }) : null]),
      h("td", { className: "sets" }, kinds.map(function (k) {
        return h("span", { className: "set-pill", title: kindName(k) }, [h("span", { className: "chip-icon", text: icon(k), title: kindName(k) }), " " + kindName(k) + " ×" + sets[k]]);
      })),
      h("td", { text: String(f.set_points[i]) }),
      h("td", { text: String(f.effect_points[i]) }),
      // on a phone the set and effect columns fold into the total, which says its two parts
      h("td", { className: "total" }, [String(f.totals[i]), h("small", { className: "total-parts", "data-testid": "total-parts-" + i,
        title: t("set_points", "Set points") + " + " + t("effect_points_h", "Effect points"), text: " (" + f.set_points[i] + " + " + f.effect_points[i] + ")" })]),
      h("td", { text: String(f.tile_counts[i]) }),
      end ? ratingCell(end, i) : null,
    ]));
  });
  table.appendChild(body);
  const winners = order.filter(function (i) { return f.ranks[i] === 1; }).map(function (i) { return api.name(i); });
  const sec = h("section", { className: "card end-screen", "data-testid": "end-screen" }, [
    h("h2", { text: winners.length > 1
      ? fmt(t("winners", "{names} share the victory!"), { names: winners.join(" & ") })
      : fmt(t("winner", "{name} wins!"), { name: winners[0] || "" }) }),
    h("div", { className: "table-wrap" }, [table]),
    h("div", { className: "tiebreak", "data-testid": "tie-break" }, tieBreakNotes(f, api).map(function (n) { return h("p", { text: n }); })
      .concat([h("p", { className: "muted small", text: t("scoring_rule", "Sets score 1, 3, 6, 10, 15, 21 for 1–6 tiles of a kind; effect points are added. Highest total wins; a tie goes to the player with fewer tiles; still tied, they share it.") })])),
  ]);
  const hands = h("div", { className: "hands" });
  order.forEach(function (i) {
    hands.appendChild(h("div", { className: "hand" }, [
      h("h3", { text: api.name(i) }),
      h("div", {}, setRows(f.hands[i] || [])),
    ]));
  });
  sec.appendChild(h("details", { className: "all-hands" }, [h("summary", { text: t("all_hands", "Everyone's tiles") }), hands]));
  if (f.leftover && f.leftover.length) {
    sec.appendChild(h("details", {}, [
      h("summary", { text: t("leftover", "Tiles that stayed out of the cave") }),
      h("div", { className: "chips" }, f.leftover.map(function (tl) { return chip(tl, "mini"); })),
    ]));
  }
  return sec;
}

export { renderEnd };

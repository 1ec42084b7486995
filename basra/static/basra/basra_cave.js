/* Ali Baba in Basra, Forty Thieves variant: the cave at the table.
 *
 * Drawn from the public view's "cave" (docs/rules/basra.md): every stash lies before the player whose
 * turn frees it (the engine's `before`), under `tokens` tokens of its owner (one per time the stay goes
 * round the table); a token comes off as each turn ends, so the stash travels towards its owner's hand.
 * Stashes, the cards turned, the thieves claimed (immunities) and the discard piles are public; the
 * packs are wholly face down, so nothing of them but their counts is drawn.
 */
import * as UI from "../matches/ui.js";
import * as B from "./basra_log.js";

const h = UI.h, s = UI.svg, fmt = UI.fmt;
const COLOURS = ["#b3261e", "#1f5fa8", "#2e7d32", "#8e44ad", "#c77700", "#00796b"];
const SIZE = 260, MID = SIZE / 2, SEAT_R = 100, STASH_R = 62;

function spot(seat, players, radius) {
  const angle = -Math.PI / 2 + seat * 2 * Math.PI / players;  // clockwise from the top (SVG y grows downwards)
  return [MID + radius * Math.cos(angle), MID + radius * Math.sin(angle)];
}

function text(x, y, value, cls) {
  const el = s("text", { x: x, y: y, "text-anchor": "middle", class: cls || "" });
  el.textContent = value;
  return el;
}

/* The table seen from above: the seats clockwise, the mover marked, each stash before its seat. */
function table(view, api) {
  const cave = view.cave, n = view.players;
  const root = s("svg", { viewBox: "0 0 " + SIZE + " " + SIZE, class: "cave-table", role: "img",
    "aria-label": B.t("cave_table", "The table and the stashes of the cave"), "data-testid": "cave-table" });
  root.appendChild(s("circle", { cx: MID, cy: MID, r: SEAT_R - 18, class: "cave-cloth" }));
  root.appendChild(text(MID, MID + 5, "↻", "cave-turning"));
  for (let seat = 0; seat < n; seat++) {
    const p = spot(seat, n, SEAT_R);
    const g = s("g", { class: "cave-seat" + (seat === view.current ? " current" : ""), "data-testid": "cave-seat-" + seat });
    g.appendChild(s("circle", { cx: p[0], cy: p[1], r: 17, fill: COLOURS[seat % COLOURS.length] }));
    g.appendChild(text(p[0], p[1] + 4, String(api.name(seat) || seat).slice(0, 3), "cave-seat-name"));
    root.appendChild(g);
  }
  const atSeat = {};
  cave.stashes.forEach(function (stash) {
    const k = atSeat[stash.before] = (atSeat[stash.before] || 0) + 1;
    const p = spot(stash.before + (k - 1) * 0.28, n, STASH_R - (k - 1) * 6);
    const colour = COLOURS[stash.owner % COLOURS.length];
    const g = s("g", { class: "cave-stash", "data-testid": "cave-stash-" + stash.owner, "data-before": stash.before,
      "data-tokens": stash.tokens, "data-amount": stash.amount });
    const title = s("title");
    title.textContent = stashLine(stash, api);
    g.appendChild(title);
    g.appendChild(s("rect", { x: p[0] - 16, y: p[1] - 11, width: 32, height: 22, rx: 4, class: "cave-cash" }));
    g.appendChild(text(p[0], p[1] + 4, stash.amount / 1000 + "k", "cave-amount"));
    for (let i = 0; i < stash.tokens; i++) {  // the owner's tokens on the cash
      g.appendChild(s("circle", { cx: p[0] - 12 + i * 7, cy: p[1] - 13, r: 4, fill: colour, class: "cave-token" }));
    }
    root.appendChild(g);
  });
  return root;
}

function stashLine(stash, api) {
  return fmt(B.plural("stash_line", stash.tokens, "{owner}: {thousands} × 1000 Piastres before {seat}, under {n} token",
    "{owner}: {thousands} × 1000 Piastres before {seat}, under {n} tokens"),
    { owner: api.name(stash.owner), thousands: stash.amount / 1000, seat: api.name(stash.before), n: stash.tokens }) +
    " · " + fmt(B.plural("turns_to_go", stash.turns_left, "{n} turn to go", "{n} turns to go"), { n: stash.turns_left });
}

function render(view, api) {
  const cave = view.cave;
  if (!cave) return null;
  const sec = h("section", { className: "card cave", "data-testid": "cave" }, [h("h2", { text: B.t("cave", "The cave") }), table(view, api)]);
  const list = h("ul", { className: "cave-stashes", "data-testid": "cave-stashes" });
  cave.stashes.forEach(function (stash) {
    list.appendChild(h("li", { "data-testid": "stash-" + stash.owner, text: stashLine(stash, api) }));
  });
  if (!cave.stashes.length) list.appendChild(h("li", { className: "muted", "data-testid": "cave-nobody", text: B.t("cave_nobody", "Nobody is in the cave.") }));
  sec.appendChild(list);
  if (cave.turned && cave.turned.length) {
    sec.appendChild(h("p", { "data-testid": "cave-turned" }, [B.t("cave_turned", "Cards turned:") + " "].concat(cave.turned.map(B.cardChip))));
  }
  const claimed = h("ul", { className: "cave-claimed", "data-testid": "cave-claimed" });
  (cave.claimed || []).forEach(function (cards, seat) {
    if (!cards.length) return;
    claimed.appendChild(h("li", { "data-testid": "claimed-" + seat }, [h("strong", { text: api.name(seat) + " " })].concat(cards.map(B.cardChip))));
  });
  if (claimed.children.length) sec.appendChild(h("div", {}, [h("h3", { text: B.t("cave_claimed", "Thieves claimed (immune to their type)") }), claimed]));
  const discards = Object.keys(cave.discard_counts || {}).filter(function (g) { return cave.discard_counts[g]; });
  if (discards.length) {
    sec.appendChild(h("p", { className: "muted", "data-testid": "cave-discards", text: B.t("cave_discards", "Discard piles:") + " " +
      discards.map(function (g) { return B.gangName(g) + " " + cave.discard_counts[g]; }).join(", ") }));
  }
  return sec;
}

export { render, stashLine };

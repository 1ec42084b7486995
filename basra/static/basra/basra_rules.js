/* Ali Baba in Basra: the pictures of the rules page, drawn with the match page's board (basra_board.js) and the
 * same card, movement-card and dice styles as basra.js. */
import * as UI from "../matches/ui.js";
import * as B from "./basra_log.js";
import { legend as boardLegend } from "./basra_legend.js";
import { draw } from "./basra_board.js";

const h = UI.h;
const fmt = UI.fmt;
B.read();
const data = JSON.parse(document.getElementById("basra-data").textContent);

function cardChip(c) { return B.cardChip(c.id); }

const figures = {
  board: function () {
    const labels = { board: B.t("board_label", "The board of Basra"), quarter: function (n) { return fmt(B.t("quarter", "Quarter {n}"), { n: n }); } };
    const drawn = draw(data.board, data.board.start, labels, {}, function () {});
    drawn.svg.removeAttribute("data-testid");
    drawn.svg.querySelectorAll("[data-testid]").forEach(function (el) { el.removeAttribute("data-testid"); });
    return h("div", { className: "rules-board" }, [drawn.svg]);
  },
  legend: function () {
    const legend = boardLegend(data.board);
    legend.open = true;
    legend.querySelectorAll("[data-testid]").forEach(function (el) { el.removeAttribute("data-testid"); });
    return legend;
  },
  cards: function () {
    const one = {};
    data.cards.cards.forEach(function (c) { if (!one[c.gang]) one[c.gang] = c; });
    const cards = Object.keys(one).map(function (g) { return cardChip(one[g]); });
    const moves = [1, 2, 3, 4, 5].map(function (n) { return h("span", { className: "move-card", text: String(n) }); });
    const dice = [h("span", { className: "die black", title: B.t("black", "black die"), text: "4" }), " ",
      h("span", { className: "die white", title: B.t("white", "white die"), text: "3" })];
    return h("div", { className: "rules-pieces" }, [h("div", {}, cards), h("div", {}, moves), h("div", {}, dice)]);
  },
};

document.querySelectorAll("[data-figure]").forEach(function (fig) {
  const make = figures[fig.dataset.figure];
  if (!make) return;
  const picture = make();
  picture.setAttribute("data-testid", "figure-" + fig.dataset.figure);
  fig.insertBefore(picture, fig.firstChild);
});

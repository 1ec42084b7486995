/* Ali Baba's treasure cave: the pictures of the rules page, drawn by the match page's own board renderer
 * (renderBoard from tiles.js) and chips (tiles_common.js), so they look like the real pieces. */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";
import { groupLegal, renderBoard } from "./tiles.js";

const h = UI.h;

/* A view with just what the board renderer reads: one layer per entry of `layers` ({rows, cols}), each
 * tile above the bottom covering the four below it, and the given tiles ([pos, kind, colour] face up;
 * a pos alone is face down). */
function sampleView(layers, tiles) {
  const covers = {};
  layers.forEach(function (size, L) {
    for (let r = 0; r < size.rows; r++) for (let c = 0; c < size.cols; c++) {
      covers[L + ":" + r + ":" + c] = L === 0 ? [] : [[0, 0], [1, 0], [0, 1], [1, 1]].map(function (d) {
        return (L - 1) + ":" + (r + d[0]) + ":" + (c + d[1]);
      });
    }
  });
  const board = tiles.map(function (t) {
    const p = t[0].split(":").map(Number);
    return { pos: t[0], layer: p[0], row: p[1], col: p[2], face_up: !!t[1], tile: t[1] ? { kind: t[1], colour: t[2] } : null };
  });
  return { layout: { layers: layers, covers: covers }, board: board, forbidden: [] };
}

function draw(view, takeable) {
  const legal = groupLegal((takeable || []).map(function (pos) { return { type: "take", pos: pos }; }));
  const svg = renderBoard(view, legal, null, function () {});
  svg.removeAttribute("data-testid");
  svg.classList.add("rules-cave");
  const wrap = h("div", { className: "cave-wrap rules-cave-wrap" }, [svg]);
  wrap.style.width = Math.round(Number(svg.getAttribute("viewBox").split(" ")[2]) * 0.8) + "px";  // tiles at 4/5 of the cave's size
  return wrap;
}

const figures = {
  pyramid: function () {
    let tiles = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) tiles.push(["0:" + r + ":" + c]);
    tiles = tiles.concat([["1:0:0"], ["1:0:1"], ["1:1:0"], ["1:1:1"], ["2:0:0", "crown", "yellow"]]);
    return draw(sampleView([{ rows: 3, cols: 3 }, { rows: 2, cols: 2 }, { rows: 1, cols: 1 }], tiles), ["2:0:0"]);
  },
  colours: function () {
    const kinds = ["carpet", "chest", "ring", "ruby", "lamp", "sword"];
    const colours = ["pink", "blue", "brown", "green", "yellow", "white"];
    return draw(sampleView([{ rows: 1, cols: 6 }], colours.map(function (c, i) { return ["0:0:" + i, kinds[i], c]; })));
  },
  sets: function () {
    const tiles = [{ kind: "sword", colour: "white" }, { kind: "sword", colour: "blue" }, { kind: "sword", colour: "pink" }, { kind: "ring", colour: "green" }];
    return h("div", { className: "screen rules-sets" }, C.setRows(tiles));
  },
};

document.querySelectorAll("[data-figure]").forEach(function (fig) {
  const make = figures[fig.dataset.figure];
  if (!make) return;
  const picture = make();
  picture.setAttribute("data-testid", "figure-" + fig.dataset.figure);
  fig.insertBefore(picture, fig.firstChild);
});

/* Ali Baba in Basra: the board drawn in SVG from the game data (the same layout as basra/board_svg.py).
 *
 * The main route runs clockwise round a square, 13 steps a side, from Start in the top left corner;
 * each quarter is a side, walls stand at the corners between quarters, and a branch's spaces sit one
 * cell inside the spaces they skip. Ali Baba walks the path of the last "moved" event, a space at a time.
 */
import * as UI from "../matches/ui.js";
import { BASRA } from "./basra_strings.js";

const s = UI.svg;
const CELL = 40, SIDE = 13;
const FILLS = { start: "#f3d36b", empty: "#f4ead2", gang: "#d98c6a", special: "#9fb7d9", chance: "#a8d5a2" };
// a gang's letter is the first of its name in the page's language (basra_strings.js: S, T, D, R; E, V, F, B in French)
const GANG_MARKS = BASRA.gang_marks;
const CHANCE_MARKS = { x50: "×50", "200": "200", black_die: "■", white_die: "□", two_out: "+2", two_in: "−2",
  bazaar: "⇄", hand: "→A", numbered: "#", x10: "×10" };  // no emoji: "→A" (a card to Ali Baba's mover) shows in any font
const SPECIAL_MARKS = { choose: "?", die: "⚀", all: "★" };
const QUARTER_TINTS = ["#e9d8b4", "#dcc9a0", "#d1bd92", "#c6b184"];

function ringCell(position) {
  const p = position % (4 * SIDE);
  const side = Math.floor(p / SIDE), offset = p % SIDE;
  return [[offset, 0], [SIDE, offset], [SIDE - offset, SIDE], [0, SIDE - offset]][side];
}

function inward(cell) {
  let col = cell[0], row = cell[1];
  const half = SIDE / 2;
  if (col === 0 || col === SIDE) col += (col < half ? 1 : -1);
  if (row === 0 || row === SIDE) row += (row < half ? 1 : -1);
  return [col, row];
}

/* space id -> [column, row] */
function layout(board) {
  const where = {};
  where[board.start] = ringCell(0);
  const mainAt = {};
  board.route.slice(0, -1).forEach(function (sid, i) { mainAt[sid] = i + 1; where[sid] = ringCell(i + 1); });
  (board.branches || []).forEach(function (b) {
    const base = mainAt[b.from] || 0;
    b.spaces.forEach(function (sid, j) { where[sid] = inward(ringCell(base + 1 + j)); });
  });
  return where;
}

function mark(space) {
  if (space.type === "gang") return (space.gangs || []).map(function (g) { return GANG_MARKS[g] || "?"; }).join("");
  if (space.type === "chance") return CHANCE_MARKS[space.kind] || "!";
  if (space.type === "special") return SPECIAL_MARKS[space.kind] || "?";
  return space.type === "start" ? "⌂" : "";
}

function centre(cell) { return [cell[0] * CELL + 4 + CELL / 2, cell[1] * CELL + 4 + CELL / 2]; }

/* The board: spaces, quarters, walls, junctions and Ali Baba; `routes` maps a space id to the legal
 * action that sends him there (the junction choice), `send(action, space)` fires it. */
function draw(board, position, labels, routes, send) {
  const where = layout(board);
  const spaces = {};
  board.spaces.forEach(function (sp) { spaces[sp.id] = sp; });
  const junctions = {};
  (board.branches || []).forEach(function (b) { junctions[b.from] = true; });
  const size = (SIDE + 1) * CELL + 8;
  // A picture while nothing on it can be pressed; at a junction choice its spaces are buttons, and a picture
  // (role img) may hold no control (axe's nested-interactive): a named group then.
  const choosing = Object.keys(routes).length > 0;
  const root = s("svg", { viewBox: "0 0 " + size + " " + size, class: "basra-board", role: choosing ? "group" : "img",
    "aria-label": labels.board, "data-testid": "board" });
  // the four quarters, tinted behind their side of the route
  for (let q = 0; q < 4; q++) {
    const a = centre(ringCell(q * SIDE + 1)), b = centre(ringCell(q * SIDE + SIDE - 1));
    root.appendChild(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "quarter-band", stroke: QUARTER_TINTS[q],
      "data-testid": "quarter-" + (q + 1) }));
    const mid = centre([[6.5, 3], [10, 6.5], [6.5, 10], [3, 6.5]][q]);  // inside the ring, clear of the branches
    const label = s("text", { x: mid[0], y: mid[1], class: "quarter-label", "text-anchor": "middle" });
    label.textContent = labels.quarter(q + 1);
    root.appendChild(label);
  }
  Object.keys(where).forEach(function (sid) {
    const cell = where[sid], sp = spaces[sid] || {};
    const x = cell[0] * CELL + 4, y = cell[1] * CELL + 4;
    const route = routes[sid];
    const g = s("g", { class: "space type-" + sp.type + (junctions[sid] ? " junction" : "") + (route ? " choosable" : ""),
      "data-space": sid, "data-testid": "space-" + sid, tabindex: route ? "0" : null, role: route ? "button" : null,
      "data-choice": route ? UI.choiceKey(route) : null });
    const title = s("title");
    title.textContent = labels.quarter(sp.quarter) + " · " + (labels.space ? labels.space(sp) : sp.type) +
      (junctions[sid] && labels.junction ? " · " + labels.junction : "");
    g.appendChild(title);
    g.appendChild(s("rect", { x: x, y: y, width: CELL - 2, height: CELL - 2, rx: 5, fill: FILLS[sp.type] || "#ddd" }));
    const text = s("text", { x: x + CELL / 2 - 1, y: y + CELL / 2 + 4, "text-anchor": "middle" });
    text.textContent = mark(sp);
    g.appendChild(text);
    if (route) {
      g.addEventListener("click", function () { send(route, g); });
      g.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); send(route, g); } });
    }
    root.appendChild(g);
  });
  // the walls between the quarters stand at the corners
  [0, SIDE, 2 * SIDE, 3 * SIDE].forEach(function (p) {
    const c = ringCell(p);
    root.appendChild(s("rect", { x: c[0] * CELL + 2, y: c[1] * CELL + 2, width: CELL + 2, height: CELL + 2, class: "wall" }));
  });
  const at = centre(where[position] || where[board.start]);
  const figure = s("g", { class: "ali-baba", "data-testid": "ali-baba", "data-space": position,
    transform: "translate(" + at[0] + "," + at[1] + ")" }, [
    s("circle", { r: 13, class: "ali-body" }),
    s("text", { y: 5, "text-anchor": "middle", class: "ali-mark" }),
  ]);
  figure.lastChild.textContent = "A";
  root.appendChild(figure);
  return { svg: root, where: where, figure: figure };
}

/* Walks the figure along `path` (space ids), one space every 180 ms; returns a function that stops it. */
function walk(drawn, path) {
  const steps = (path || []).filter(function (sid) { return drawn.where[sid]; });
  if (steps.length < 2) return function () {};
  let i = 0;
  const timer = setInterval(function () {
    const c = centre(drawn.where[steps[i]]);
    drawn.figure.setAttribute("transform", "translate(" + c[0] + "," + c[1] + ")");
    drawn.figure.dataset.walking = i < steps.length - 1 ? "1" : "0";
    i += 1;
    if (i >= steps.length) clearInterval(timer);
  }, 180);
  return function () { clearInterval(timer); };
}

export { draw, walk, layout, mark };

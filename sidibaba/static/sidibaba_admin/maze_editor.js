/* The maze editor of the admin: a grid drawn from the JSON textarea and written back to it.
 * Validity and the first-person preview come from the engine through the admin's check endpoint;
 * nothing of the game's geometry is recomputed here. */
import { svgElement, askEngine, showStatus, startEditors } from "../matches/admin_editor.js";

const DIRS = "NESW";
const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];
const CELL = 40;
const PAD = 14;
const MIN_SIZE = 5;
const MAX_SIZE = 12;

function isSize(n) {
  return Number.isInteger(n) && n >= 1 && n <= 20;
}

class MazeEditor {
  constructor(root) {
    this.root = root;
    this.text = root.dataset;
    this.textarea = document.getElementById(root.dataset.for);
    this.svg = root.querySelector(".maze-grid");
    this.rowsInput = root.querySelector(".maze-rows");
    this.colsInput = root.querySelector(".maze-cols");
    this.status = root.querySelector(".maze-status");
    this.canvas = root.querySelector(".maze-view");
    this.caption = root.querySelector(".maze-preview-caption");
    this.maze = null;
    this.selected = null; // {r, c}
    this.facing = 0;
    this.request = 0;
    this.timer = null;
    this.textarea.addEventListener("input", () => this.readText(true));
    this.rowsInput.addEventListener("change", () => this.resize(+this.rowsInput.value, this.maze && this.maze.cols));
    this.colsInput.addEventListener("change", () => this.resize(this.maze && this.maze.rows, +this.colsInput.value));
    root.querySelectorAll(".maze-facing button").forEach((button) => {
      button.addEventListener("click", () => {
        this.facing = +button.dataset.facing;
        this.draw();
        this.check();
      });
    });
    this.readText(false);
    this.check();
  }

  // --- the JSON <-> the grid ---------------------------------------------------------------

  readText(later) {
    let maze;
    try {
      maze = JSON.parse(this.textarea.value);
    } catch {
      maze = null;
    }
    if (!maze || typeof maze !== "object" || !isSize(maze.rows) || !isSize(maze.cols)) {
      this.maze = null;
      this.draw();
      this.showErrors([this.text.textBadJson]);
      return;
    }
    this.maze = maze;
    this.sides = this.parseSides(maze);
    this.draw();
    if (later) this.checkSoon();
  }

  parseSides(maze) {
    const sides = [];
    for (let r = 0; r < maze.rows; r++) {
      const line = Array.isArray(maze.cells) && typeof maze.cells[r] === "string" ? maze.cells[r].split(" ") : [];
      const row = [];
      for (let c = 0; c < maze.cols; c++) {
        row.push(new Set((line[c] || "").split("").filter((ch) => DIRS.includes(ch))));
      }
      sides.push(row);
    }
    return sides;
  }

  writeText() {
    this.maze.cells = this.sides.map((row) =>
      row.map((set) => DIRS.split("").filter((d) => set.has(d)).join("") || ".").join(" "));
    this.textarea.value = JSON.stringify(this.maze, null, 2);
    this.draw();
    this.checkSoon();
  }

  openings() {
    return Array.isArray(this.maze.openings) ? this.maze.openings : (this.maze.openings = []);
  }

  inside(r, c) {
    return r >= 0 && r < this.maze.rows && c >= 0 && c < this.maze.cols;
  }

  toggleEdge(r, c, d) {
    const k = DIRS.indexOf(d);
    const nr = r + DR[k];
    const nc = c + DC[k];
    if (this.inside(nr, nc)) {
      const back = DIRS[(k + 2) % 4];
      if (this.sides[r][c].has(d)) {
        this.sides[r][c].delete(d);
        this.sides[nr][nc].delete(back);
      } else {
        this.sides[r][c].add(d);
        this.sides[nr][nc].add(back);
      }
    } else {
      const list = this.openings();
      const at = list.findIndex((o) => Array.isArray(o) && o[0] === r && o[1] === c && o[2] === d);
      if (at >= 0) list.splice(at, 1);
      else list.push([r, c, d]);
    }
    this.writeText();
  }

  resize(rows, cols) {
    if (!this.maze || !Number.isInteger(rows) || !Number.isInteger(cols)) return;
    rows = Math.min(MAX_SIZE, Math.max(MIN_SIZE, rows));
    cols = Math.min(MAX_SIZE, Math.max(MIN_SIZE, cols));
    // the input's change also fires when it loses focus: redrawing then would swallow the click that took it
    if (rows === this.maze.rows && cols === this.maze.cols) {
      this.rowsInput.value = rows;
      this.colsInput.value = cols;
      return;
    }
    const old = this.sides;
    const sides = [];
    for (let r = 0; r < rows; r++) {
      const row = [];
      for (let c = 0; c < cols; c++) {
        const set = r < old.length && c < old[r].length ? new Set(old[r][c]) : new Set();
        // a side that now leads out of the grid is closed; openings are listed apart
        for (const d of [...set]) {
          const k = DIRS.indexOf(d);
          if (r + DR[k] < 0 || r + DR[k] >= rows || c + DC[k] < 0 || c + DC[k] >= cols) set.delete(d);
        }
        row.push(set);
      }
      sides.push(row);
    }
    // a new square opens towards the one above it (new row) or before it (new column): still reachable
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const isNew = r >= old.length || c >= old[0].length;
        if (!isNew) continue;
        if (c >= old[0].length) {
          sides[r][c].add("W");
          sides[r][c - 1].add("E");
        } else {
          sides[r][c].add("N");
          sides[r - 1][c].add("S");
        }
      }
    }
    const oldRows = this.maze.rows;
    const oldCols = this.maze.cols;
    this.maze.rows = rows;
    this.maze.cols = cols;
    this.sides = sides;
    // an opening in the south or east wall moves with that wall
    const moved = this.openings().map((o) => {
      if (!Array.isArray(o) || o.length !== 3) return o;
      if (o[2] === "S" && o[0] === oldRows - 1) return [rows - 1, o[1], o[2]];
      if (o[2] === "E" && o[1] === oldCols - 1) return [o[0], cols - 1, o[2]];
      return o;
    });
    const seen = new Set();
    this.maze.openings = moved.filter((o) => {
      if (Array.isArray(o)) {
        if (seen.has(o.join(","))) return false;
        seen.add(o.join(","));
      }
      if (!Array.isArray(o) || o.length !== 3) return true;
      const [r, c, d] = o;
      const k = DIRS.indexOf(d);
      return r >= 0 && r < rows && c >= 0 && c < cols && k >= 0
        && !(r + DR[k] >= 0 && r + DR[k] < rows && c + DC[k] >= 0 && c + DC[k] < cols);
    });
    if (this.selected && (this.selected.r >= rows || this.selected.c >= cols)) this.selected = null;
    this.writeText();
  }

  // --- drawing -----------------------------------------------------------------------------

  draw() {
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    this.root.querySelectorAll(".maze-facing button").forEach((b) => {
      b.classList.toggle("active", +b.dataset.facing === this.facing);
    });
    if (!this.maze) {
      svg.setAttribute("width", 0);
      svg.setAttribute("height", 0);
      return;
    }
    const { rows, cols } = this.maze;
    this.rowsInput.value = rows;
    this.colsInput.value = cols;
    const width = cols * CELL + 2 * PAD;
    const height = rows * CELL + 2 * PAD;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const openings = new Set(this.openings().filter(Array.isArray).map((o) => o.join(",")));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const cell = svgElement("rect", {
          x: PAD + c * CELL, y: PAD + r * CELL, width: CELL, height: CELL,
          class: "cell" + (this.selected && this.selected.r === r && this.selected.c === c ? " selected" : ""),
          "data-row": r, "data-col": c,
        });
        cell.addEventListener("click", () => {
          this.selected = { r, c };
          this.draw();
          this.check();
        });
        svg.appendChild(cell);
      }
    }
    // each edge once: every square's north and west side, plus the south and east outer sides
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        this.drawEdge(r, c, "N", openings);
        this.drawEdge(r, c, "W", openings);
        if (r === rows - 1) this.drawEdge(r, c, "S", openings);
        if (c === cols - 1) this.drawEdge(r, c, "E", openings);
      }
    }
    if (this.selected) this.drawFacing();
  }

  drawEdge(r, c, d, openings) {
    const x0 = PAD + c * CELL;
    const y0 = PAD + r * CELL;
    const ends = {
      N: [x0, y0, x0 + CELL, y0], S: [x0, y0 + CELL, x0 + CELL, y0 + CELL],
      W: [x0, y0, x0, y0 + CELL], E: [x0 + CELL, y0, x0 + CELL, y0 + CELL],
    }[d];
    const k = DIRS.indexOf(d);
    const outer = !this.inside(r + DR[k], c + DC[k]);
    let kind;
    if (outer) kind = openings.has(`${r},${c},${d}`) ? "opening" : "wall";
    else kind = this.sides[r][c].has(d) ? "open" : "wall";
    const line = { x1: ends[0], y1: ends[1], x2: ends[2], y2: ends[3] };
    // the clickable band along the edge (a line alone is too thin to hit)
    const band = d === "N" || d === "S"
      ? { x: ends[0] + 5, y: ends[1] - 6, width: CELL - 10, height: 12 }
      : { x: ends[0] - 6, y: ends[1] + 5, width: 12, height: CELL - 10 };
    const hit = svgElement("rect", { ...band, class: "hit", "data-row": r, "data-col": c, "data-side": d,
      "data-kind": kind, "data-outer": outer ? "1" : "0" });
    hit.addEventListener("click", () => this.toggleEdge(r, c, d));
    this.svg.appendChild(hit);
    this.svg.appendChild(svgElement("line", { ...line, class: `edge ${kind}`, "pointer-events": "none" }));
  }

  drawFacing() {
    const { r, c } = this.selected;
    const cx = PAD + c * CELL + CELL / 2;
    const cy = PAD + r * CELL + CELL / 2;
    const angle = this.facing * 90;
    this.svg.appendChild(svgElement("polygon", {
      points: `${cx},${cy - 12} ${cx + 8},${cy + 8} ${cx - 8},${cy + 8}`,
      transform: `rotate(${angle} ${cx} ${cy})`, class: "facing",
    }));
  }

  // --- the engine's answer -----------------------------------------------------------------

  checkSoon() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), 250);
  }

  async check() {
    clearTimeout(this.timer);
    if (!this.maze) return;
    const number = ++this.request;
    this.showStatus([{ text: this.text.textChecking, kind: "checking" }]);
    const cell = this.selected ? this.selected.r * this.maze.cols + this.selected.c : null;
    let answer;
    try {
      answer = await askEngine(this.root, { maze: this.maze, cell, facing: this.facing });
    } catch (err) {
      if (number === this.request) this.showErrors([String(err)]);
      return;
    }
    if (number !== this.request) return; // an older answer after a newer edit
    if (answer.errors && answer.errors.length) this.showErrors(answer.errors);
    else this.showStatus([{ text: this.text.textPlayable, kind: "ok" }]);
    this.drawView(answer);
  }

  showErrors(errors) {
    this.showStatus(errors.map((text) => ({ text, kind: "error" })));
    this.drawView({});
  }

  showStatus(items) {
    showStatus(this.root, this.status, items);
  }

  drawView(answer) {
    const ctx = this.canvas.getContext("2d");
    const W = this.canvas.width;
    const H = this.canvas.height;
    ctx.fillStyle = "#1d140b";
    ctx.fillRect(0, 0, W, H);
    if (!answer.sight) {
      this.canvas.dataset.sight = "";
      this.caption.textContent = answer.sight_error
        || (this.selected ? (answer.errors && answer.errors.length ? this.text.textNotPlayable : "")
          : this.text.textNoPreview);
      return;
    }
    this.canvas.dataset.sight = JSON.stringify(answer.sight);
    this.caption.textContent = `${this.text.textSquare} ${this.selected.r},${this.selected.c} → ${DIRS[this.facing]}`;
    const scale = [1, 0.62, 0.4, 0.26, 0.17];
    const rect = (d) => ({
      x0: W / 2 - (W / 2) * scale[d], x1: W / 2 + (W / 2) * scale[d],
      y0: H / 2 - (H / 2) * scale[d], y1: H / 2 + (H / 2) * scale[d],
    });
    const colours = { wall: ["#b48a52", "#9a7443", "#7f5f36", "#654b2a"], open: "#0d0905", daylight: "#fff1b8", blocked: "#6d5a48" };
    const poly = (points, fill) => {
      ctx.beginPath();
      points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.strokeStyle = "#2a1c0e";
      ctx.stroke();
    };
    answer.sight.forEach((square, i) => {
      const near = rect(i);
      const far = rect(i + 1);
      const shade = colours.wall[Math.min(i, 3)];
      poly([[near.x0, near.y1], [near.x1, near.y1], [far.x1, far.y1], [far.x0, far.y1]], "#3b2a18"); // floor
      poly([[near.x0, near.y0], [near.x1, near.y0], [far.x1, far.y0], [far.x0, far.y0]], "#2c1f12"); // ceiling
      for (const side of ["left", "right"]) {
        const nx = side === "left" ? near.x0 : near.x1;
        const fx = side === "left" ? far.x0 : far.x1;
        const what = square[side];
        if (what === "wall") {
          poly([[nx, near.y0], [fx, far.y0], [fx, far.y1], [nx, near.y1]], shade);
        } else {
          // a side passage: its far wall faces us between the two depths
          poly([[nx, far.y0], [fx, far.y0], [fx, far.y1], [nx, far.y1]],
            what === "daylight" ? colours.daylight : what === "blocked" ? colours.blocked : colours.open);
        }
      }
      if (i === answer.sight.length - 1) {
        const what = square.ahead;
        const fill = what === "wall" ? shade : colours[what] || colours.open;
        poly([[far.x0, far.y0], [far.x1, far.y0], [far.x1, far.y1], [far.x0, far.y1]], fill);
      }
    });
  }
}

startEditors(".maze-editor", MazeEditor);

/* The pyramid editor of the admin: the layers drawn as grids from the JSON textarea and written back to it.
 * Whether the layout can be played, and its preview, come from the engine through the admin's check
 * endpoint; the only geometry here is where a new slot lies (on the squares under it), which a person
 * can change by clicking. */
import { svgElement, askEngine, showStatus, startEditors } from "../matches/admin_editor.js";

const CELL = 30;
const PAD = 3;
const MAX_SIZE = 10;
const MAX_LAYERS = 6;

function isSize(n) {
  return Number.isInteger(n) && n >= 1 && n <= 50;
}

function posName(layer, row, col) {
  return `${layer}:${row}:${col}`;
}

function layerOf(pos) {
  return Number(String(pos).split(":")[0]);
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// The rows (or columns) of the layer below that a square of the layer above lies on: a layer one
// smaller is drawn half a square in, so its squares straddle two; a layer as large lies square on square.
function span(index, difference) {
  const start = index + difference / 2;
  const out = [];
  for (let k = Math.floor(start); k < start + 1; k++) if (k >= 0 && k + 1 > start) out.push(k);
  return out;
}

class PyramidEditor {
  constructor(root) {
    this.root = root;
    this.text = root.dataset;
    this.textarea = document.getElementById(root.dataset.for);
    this.layersBox = root.querySelector(".pyramid-layers");
    this.status = root.querySelector(".pyramid-status");
    this.preview = root.querySelector(".pyramid-preview");
    this.summary = root.querySelector(".pyramid-summary");
    this.jsonBox = root.querySelector(".pyramid-json-box");
    this.mode = "slots";
    this.selected = null; // a position, in the covering mode
    this.layout = null; // the parsed JSON (null: it cannot be read)
    this.grids = null; // [{rows, cols, cells: Set("r,c")}] (null: the layers cannot be drawn)
    this.problems = new Set(); // positions the engine's reasons name
    this.request = 0;
    this.timer = null;
    root.querySelectorAll("input.pyramid-mode").forEach((radio) => {
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        this.mode = radio.value;
        this.selected = null;
        this.root.dataset.mode = this.mode;
        this.draw();
      });
    });
    this.root.dataset.mode = this.mode;
    root.querySelector(".pyramid-add-layer").addEventListener("click", () => this.addLayer());
    root.querySelector(".pyramid-remove-layer").addEventListener("click", () => this.removeLayer());
    root.querySelector(".pyramid-cover-all").addEventListener("click", () => this.coverAll());
    this.textarea.addEventListener("input", () => this.readText(true));
    this.readText(false);
    this.check();
  }

  // --- the JSON <-> the grids --------------------------------------------------------------

  readText(later) {
    let layout;
    try {
      layout = JSON.parse(this.textarea.value);
    } catch {
      this.layout = null;
      this.grids = null;
      this.draw();
      this.showErrors([this.text.textBadJson]);
      this.preview.replaceChildren();
      this.summary.textContent = "";
      this.jsonBox.open = true;
      return;
    }
    this.layout = layout;
    this.grids = this.parseGrids(layout);
    if (this.selected && !this.hasPos(this.selected)) this.selected = null;
    this.draw();
    if (later) this.checkSoon();
  }

  parseGrids(layout) {
    if (!isObject(layout) || !Array.isArray(layout.layers) || !layout.layers.length) return null;
    const grids = [];
    for (const layer of layout.layers) {
      if (!isObject(layer) || !isSize(layer.rows) || !isSize(layer.cols)) return null;
      const cells = new Set();
      if ("cells" in layer) {
        for (const cell of Array.isArray(layer.cells) ? layer.cells : []) {
          if (Array.isArray(cell) && Number.isInteger(cell[0]) && Number.isInteger(cell[1])
              && cell[0] >= 0 && cell[0] < layer.rows && cell[1] >= 0 && cell[1] < layer.cols) {
            cells.add(`${cell[0]},${cell[1]}`);
          }
        }
      } else {
        for (let r = 0; r < layer.rows; r++) for (let c = 0; c < layer.cols; c++) cells.add(`${r},${c}`);
      }
      grids.push({ rows: layer.rows, cols: layer.cols, cells });
    }
    return grids;
  }

  covers() {
    if (!isObject(this.layout.covers)) this.layout.covers = {};
    return this.layout.covers;
  }

  hasPos(pos) {
    const [li, r, c] = String(pos).split(":").map(Number);
    return !!(this.grids && this.grids[li] && this.grids[li].cells.has(`${r},${c}`));
  }

  positions(li) {
    const grid = this.grids[li];
    const out = [];
    for (let r = 0; r < grid.rows; r++) {
      for (let c = 0; c < grid.cols; c++) if (grid.cells.has(`${r},${c}`)) out.push(posName(li, r, c));
    }
    return out;
  }

  writeText() {
    const layers = this.grids.map((grid) => {
      const layer = { rows: grid.rows, cols: grid.cols };
      if (grid.cells.size !== grid.rows * grid.cols) {
        layer.cells = [...grid.cells].map((key) => key.split(",").map(Number))
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      }
      return layer;
    });
    // the covering in the order of the positions, without what no longer exists
    const old = this.covers();
    const covers = {};
    this.grids.forEach((_grid, li) => {
      if (li === 0) return;
      for (const pos of this.positions(li)) {
        const below = Array.isArray(old[pos]) ? old[pos].filter((p) => typeof p !== "string" || this.hasPos(p)) : old[pos];
        if (below !== undefined) covers[pos] = below;
      }
    });
    this.layout.layers = layers;
    this.layout.covers = covers;
    this.textarea.value = JSON.stringify(this.layout, null, 2);
    if (this.selected && !this.hasPos(this.selected)) this.selected = null;
    this.draw();
    this.checkSoon();
  }

  // the tiles of the layer below that the tile li:r:c lies on, by position
  under(li, r, c) {
    const upper = this.grids[li];
    const lower = this.grids[li - 1];
    const out = [];
    for (const C of span(c, lower.cols - upper.cols)) {
      for (const R of span(r, lower.rows - upper.rows)) {
        if (lower.cells.has(`${R},${C}`)) out.push(posName(li - 1, R, C));
      }
    }
    return out;
  }

  coverLayer(li) {
    if (li < 1 || li >= this.grids.length) return;
    const covers = this.covers();
    for (const pos of this.positions(li)) {
      const [, r, c] = pos.split(":").map(Number);
      covers[pos] = this.under(li, r, c);
    }
  }

  toggleSlot(li, r, c) {
    const grid = this.grids[li];
    const key = `${r},${c}`;
    const pos = posName(li, r, c);
    const covers = this.covers();
    if (grid.cells.has(key)) {
      grid.cells.delete(key);
      delete covers[pos];
      for (const upper of Object.keys(covers)) {
        if (Array.isArray(covers[upper])) covers[upper] = covers[upper].filter((p) => p !== pos);
      }
    } else {
      grid.cells.add(key);
      if (li > 0) covers[pos] = this.under(li, r, c);
      if (li + 1 < this.grids.length) {
        // the tiles above that lie on the new square now cover it too
        for (const upper of this.positions(li + 1)) {
          const [, ur, uc] = upper.split(":").map(Number);
          if (!this.under(li + 1, ur, uc).includes(pos)) continue;
          if (!Array.isArray(covers[upper])) covers[upper] = [];
          if (!covers[upper].includes(pos)) covers[upper].push(pos);
        }
      }
    }
    this.writeText();
  }

  toggleCover(upper, below) {
    const covers = this.covers();
    const list = Array.isArray(covers[upper]) ? covers[upper] : (covers[upper] = []);
    const at = list.indexOf(below);
    if (at >= 0) list.splice(at, 1);
    else list.push(below);
    this.writeText();
  }

  resize(li, rows, cols) {
    const grid = this.grids && this.grids[li];
    if (!grid || !Number.isInteger(rows) || !Number.isInteger(cols)) return;
    rows = Math.min(MAX_SIZE, Math.max(1, rows));
    cols = Math.min(MAX_SIZE, Math.max(1, cols));
    // the input's change also fires when it loses focus: redrawing then would swallow the click that took it
    if (rows === grid.rows && cols === grid.cols) {
      this.drawSizes();
      return;
    }
    const cells = new Set();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const isNew = r >= grid.rows || c >= grid.cols;
        if (isNew || grid.cells.has(`${r},${c}`)) cells.add(`${r},${c}`);
      }
    }
    grid.rows = rows;
    grid.cols = cols;
    grid.cells = cells;
    // a new size moves where this layer lies on the one below and where the one above lies on it
    this.coverLayer(li);
    this.coverLayer(li + 1);
    this.writeText();
    this.drawSizes(); // the size applied (a bound may have changed it), in the input that was changed too
  }

  addLayer() {
    if (!this.grids || this.grids.length >= MAX_LAYERS) return;
    const top = this.grids[this.grids.length - 1];
    const rows = Math.max(1, top.rows - 1);
    const cols = Math.max(1, top.cols - 1);
    const cells = new Set();
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.add(`${r},${c}`);
    this.grids.push({ rows, cols, cells });
    this.coverLayer(this.grids.length - 1);
    this.writeText();
  }

  removeLayer() {
    if (!this.grids || this.grids.length <= 1) return;
    const top = this.grids.length - 1;
    const covers = this.covers();
    for (const pos of this.positions(top)) delete covers[pos];
    this.grids.pop();
    this.writeText();
  }

  coverAll() {
    if (!this.grids) return;
    for (let li = 1; li < this.grids.length; li++) this.coverLayer(li);
    this.writeText();
  }

  clickCell(li, r, c) {
    const pos = posName(li, r, c);
    if (this.mode === "slots") {
      this.toggleSlot(li, r, c);
      return;
    }
    if (!this.grids[li].cells.has(`${r},${c}`)) return;
    if (this.selected && li === layerOf(this.selected) - 1) {
      this.toggleCover(this.selected, pos);
      return;
    }
    this.selected = this.selected === pos ? null : pos;
    this.draw();
  }

  // --- drawing -----------------------------------------------------------------------------

  panels() {
    // one panel per layer, kept while the number of layers stays (so a size input keeps its focus)
    const count = this.grids ? this.grids.length : 0;
    const panels = [...this.layersBox.querySelectorAll(".pyramid-layer")];
    if (panels.length === count) return panels;
    this.layersBox.replaceChildren();
    for (let li = 0; li < count; li++) {
      const panel = document.createElement("div");
      panel.className = "pyramid-layer";
      panel.dataset.layer = li;
      const head = document.createElement("div");
      head.className = "pyramid-layer-head";
      const size = document.createElement("div");
      size.className = "pyramid-layer-size";
      for (const [which, label] of [["rows", this.text.textRows], ["cols", this.text.textCols]]) {
        const wrap = document.createElement("label");
        const input = document.createElement("input");
        Object.assign(input, { type: "number", min: 1, max: MAX_SIZE, step: 1, className: `pyramid-${which}` });
        input.addEventListener("change", () => {
          const grid = this.grids && this.grids[li];
          if (!grid) return;
          const value = Number(input.value);
          if (which === "rows") this.resize(li, value, grid.cols);
          else this.resize(li, grid.rows, value);
        });
        wrap.append(label + " ", input);
        size.append(wrap);
      }
      const svg = svgElement("svg", { class: "pyramid-grid", role: "img" });
      const note = document.createElement("p");
      note.className = "pyramid-layer-cover";
      panel.append(head, size, svg, note);
      this.layersBox.append(panel);
    }
    return [...this.layersBox.querySelectorAll(".pyramid-layer")];
  }

  // Each size input shows its layer's size. ``keepFocused``: not the input being typed in, whose change has not
  // come yet (an engine's answer to the edit before redraws while staff type the next size: writing the old
  // size into it then would lose what they typed).
  drawSizes({ keepFocused = false } = {}) {
    this.layersBox.querySelectorAll(".pyramid-layer").forEach((panel, li) => {
      const grid = this.grids[li];
      for (const [which, value] of [["rows", grid.rows], ["cols", grid.cols]]) {
        const input = panel.querySelector(`.pyramid-${which}`);
        if (!(keepFocused && input === document.activeElement)) input.value = value;
      }
    });
  }

  draw() {
    const panels = this.panels();
    if (!this.grids) return;
    const covers = isObject(this.layout.covers) ? this.layout.covers : {};
    const selected = this.mode === "covers" ? this.selected : null;
    const coveredBySelected = new Set(selected && Array.isArray(covers[selected]) ? covers[selected] : []);
    const top = this.grids.length - 1;
    this.grids.forEach((grid, li) => {
      const panel = panels[li];
      const where = li === 0 ? ` (${this.text.textBottom})` : li === top ? ` (${this.text.textTop})` : "";
      panel.querySelector(".pyramid-layer-head").textContent = `${this.text.textLayer} ${li}${where}`;
      const svg = panel.querySelector(".pyramid-grid");
      svg.replaceChildren();
      const width = grid.cols * CELL + 2 * PAD;
      const height = grid.rows * CELL + 2 * PAD;
      svg.setAttribute("width", width);
      svg.setAttribute("height", height);
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      svg.setAttribute("aria-label", `${this.text.textLayer} ${li}`);
      for (let r = 0; r < grid.rows; r++) {
        for (let c = 0; c < grid.cols; c++) {
          const pos = posName(li, r, c);
          const present = grid.cells.has(`${r},${c}`);
          const classes = [present ? "slot" : "empty"];
          if (present && this.problems.has(pos)) classes.push("problem");
          if (present && selected) {
            if (pos === selected) classes.push("selected");
            else if (coveredBySelected.has(pos)) classes.push("covered");
            else if (Array.isArray(covers[pos]) && covers[pos].includes(selected)) classes.push("covering");
            if (li === layerOf(selected) - 1) classes.push("candidate");
          }
          const rect = svgElement("rect", {
            x: PAD + c * CELL + 1, y: PAD + r * CELL + 1, width: CELL - 2, height: CELL - 2, rx: 3,
            class: classes.join(" "), "data-pos": pos, "data-layer": li, "data-row": r, "data-col": c,
            "data-state": present ? "slot" : "empty",
          });
          if (present) {
            const title = svgElement("title", {});
            const below = Array.isArray(covers[pos]) ? covers[pos] : [];
            title.textContent = li > 0
              ? `${pos} — ${this.text.textCovers}: ${below.join(", ") || this.text.textNothing}` : pos;
            rect.append(title);
          }
          rect.addEventListener("click", () => this.clickCell(li, r, c));
          svg.append(rect);
          if (present && li > 0) {
            // how many tiles this one lies on
            const count = Array.isArray(covers[pos]) ? covers[pos].length : 0;
            const label = svgElement("text", { x: PAD + c * CELL + CELL / 2, y: PAD + r * CELL + CELL / 2 + 4 });
            label.textContent = count;
            svg.append(label);
          }
        }
      }
      const note = panel.querySelector(".pyramid-layer-cover");
      if (selected && layerOf(selected) === li) {
        const above = Object.keys(covers).filter((p) => Array.isArray(covers[p]) && covers[p].includes(selected));
        const parts = [];
        if (li > 0) parts.push(`${selected} ${this.text.textCovers}: ${[...coveredBySelected].join(", ") || this.text.textNothing}.`);
        if (li < top) parts.push(`${selected} ${this.text.textCoveredBy}: ${above.join(", ") || this.text.textNothing}.`);
        if (li > 0) parts.push(this.text.textSelected);
        note.textContent = parts.join(" ");
      } else {
        note.textContent = "";
      }
    });
    this.drawSizes({ keepFocused: true });
    this.markPreview();
  }

  markPreview() {
    const covers = this.layout && isObject(this.layout.covers) ? this.layout.covers : {};
    const selected = this.mode === "covers" ? this.selected : null;
    const below = new Set(selected && Array.isArray(covers[selected]) ? covers[selected] : []);
    this.preview.querySelectorAll("rect[data-pos]").forEach((rect) => {
      rect.classList.toggle("selected", rect.dataset.pos === selected);
      rect.classList.toggle("covered", below.has(rect.dataset.pos));
    });
  }

  // --- the engine's answer -----------------------------------------------------------------

  checkSoon() {
    clearTimeout(this.timer);
    this.root.dataset.valid = ""; // until the engine has answered this edit
    this.timer = setTimeout(() => this.check(), 250);
  }

  async check() {
    clearTimeout(this.timer);
    if (this.layout === null) return;
    const number = ++this.request;
    this.showStatus([{ text: this.text.textChecking, kind: "checking" }]);
    let answer;
    try {
      answer = await askEngine(this.root, { layout: this.layout });
    } catch (err) {
      if (number === this.request) this.showErrors([String(err)]);
      return;
    }
    if (number !== this.request) return; // an older answer after a newer edit
    const errors = answer.errors || [];
    if (!this.grids && !errors.length) errors.push(this.text.textNotDrawable);
    this.problems = new Set(errors.flatMap((e) => e.match(/\b\d+:\d+:\d+\b/g) || []));
    if (errors.length) this.showErrors(errors);
    else this.showStatus([{ text: this.text.textPlayable, kind: "ok" }]);
    // the preview is the admin's own drawing of the layers, sent as SVG
    const doc = answer.preview ? new DOMParser().parseFromString(answer.preview, "image/svg+xml") : null;
    this.preview.replaceChildren(...(doc && doc.documentElement.nodeName === "svg" ? [document.importNode(doc.documentElement, true)] : []));
    this.summary.textContent = answer.summary || "";
    this.root.dataset.tiles = answer.tiles === undefined ? "" : answer.tiles;
    this.draw();
  }

  showErrors(errors) {
    this.showStatus(errors.map((text) => ({ text, kind: "error" })));
  }

  showStatus(items) {
    showStatus(this.root, this.status, items);
  }
}

startEditors(".pyramid-editor", PyramidEditor);

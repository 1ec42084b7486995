/* Sidi Baba: the Leader's map (the "map" renderer). The whole maze in SVG with the Adventurers' triangle,
 * his token, the Treasure, chests, arrows, landslides and openings; his setup (maze, Treasure, chests,
 * entrance) and his Events' targets are picked by clicking the map, all from `legal`. Seats without the
 * maze in their view (Adventurers, spectators) do not show it until the end. */
import * as UI from "../matches/ui.js";
import * as S from "./sidi_common.js";
import { actionText } from "./sidi_actions.js";

const h = UI.h;
const svg = UI.svg;
const CELL = 44, PAD = 26;
const DR = [-1, 0, 1, 0], DC = [0, 1, 0, -1];
const SIDES = { N: 0, E: 1, S: 2, W: 3 };

function MapRenderer() {
  let root = null, api = null, frame = null, targeting = null;
  /* The Leader's set-up (maze, Treasure, chests, entrance), made before the hourglass runs: picked first when
   * the person confirms moves (api.choose; docs/protocol.md, "Confirming moves"). His Events are sent at once:
   * they answer the Adventurers against a clock of seconds, and one with a target is already two steps. */
  function decide(action, el) { UI.choose(api, action, api.send, el); }

  function centre(maze, cell) {
    const r = Math.floor(cell / maze.cols), c = cell % maze.cols;
    return [PAD + c * CELL + CELL / 2, PAD + r * CELL + CELL / 2];
  }
  function openingPoint(maze, opening, out) {
    const cell = opening[0] * maze.cols + opening[1], d = SIDES[opening[2]];
    const p = centre(maze, cell);
    return [p[0] + DC[d] * CELL * out, p[1] + DR[d] * CELL * out];
  }

  /* Which squares or openings a click may pick now: {cells: {cell: action}, openings: {i: action}}. */
  function targets(legal) {
    const cells = {}, openings = {};
    if (targeting) {
      targeting.actions.forEach(function (a) {
        const cell = a.cell !== undefined ? a.cell : a.path[a.path.length - 1];
        if (!(cell in cells)) cells[cell] = a;
      });
      return { cells: cells, openings: openings };
    }
    S.concrete(legal, "place_treasure").concat(S.concrete(legal, "place_chest")).forEach(function (a) { cells[a.cell] = a; });
    S.concrete(legal, "choose_entrance").forEach(function (a) { openings[a.opening] = a; });
    return { cells: cells, openings: openings };
  }

  function drawMaze(view, legal) {
    const maze = view.maze;
    const W = PAD * 2 + maze.cols * CELL, H = PAD * 2 + maze.rows * CELL;
    const pick = targets(legal);
    const layer = [];
    const open = maze.cells.map(function (row) { return row.split(" "); });
    for (let r = 0; r < maze.rows; r++) {
      for (let c = 0; c < maze.cols; c++) {
        const cell = r * maze.cols + c;
        const action = pick.cells[cell];
        const setup = action && !targeting;
        const name = S.t("square_at", "row {row}, column {col}", { row: r + 1, col: c + 1 });
        // a square the Leader may pick is a button a keyboard reaches (Tab) and presses (Enter, Space)
        const rect = svg("rect", { x: PAD + c * CELL, y: PAD + r * CELL, width: CELL, height: CELL,
          class: "cell" + (action ? " target" : "") + (view.landslides.indexOf(cell) >= 0 ? " landslide" : ""),
          "data-testid": "cell-" + cell, "data-target": action ? "1" : "0", "data-choice": setup ? UI.choiceKey(action) : null,
          tabindex: action ? "0" : null, role: action ? "button" : null, "aria-label": action ? name : null });
        // the square's name, the one the log uses ("row 3, column 5")
        rect.appendChild(svg("title", {}, [document.createTextNode(name)]));
        if (setup) S.onPress(rect, (function (a) { return function () { decide(a, rect); }; })(action));
        else if (action) S.onPress(rect, (function (a) { return function () { targeting = null; api.send(a); }; })(action));
        layer.push(rect);
      }
    }
    // walls: each side not open, drawn once (north and west of every cell, south and east on the border)
    const walls = [];
    for (let r = 0; r < maze.rows; r++) {
      for (let c = 0; c < maze.cols; c++) {
        const sides = open[r][c];
        const x = PAD + c * CELL, y = PAD + r * CELL;
        if (sides.indexOf("N") < 0) walls.push([x, y, x + CELL, y]);
        if (sides.indexOf("W") < 0) walls.push([x, y, x, y + CELL]);
        if (r === maze.rows - 1 && sides.indexOf("S") < 0) walls.push([x, y + CELL, x + CELL, y + CELL]);
        if (c === maze.cols - 1 && sides.indexOf("E") < 0) walls.push([x + CELL, y, x + CELL, y + CELL]);
      }
    }
    const isOpening = {};
    maze.openings.forEach(function (o) { isOpening[o[0] + "," + o[1] + "," + o[2]] = true; });
    walls.forEach(function (w) { layer.push(svg("line", { x1: w[0], y1: w[1], x2: w[2], y2: w[3], class: "wall" })); });
    maze.openings.forEach(function (o, i) {
      const p = openingPoint(maze, o, 0.8);
      const action = pick.openings[i];
      const mark = svg("circle", { cx: p[0], cy: p[1], r: 10, class: "opening" + (action ? " target" : "") + (view.entrance === i ? " entrance" : ""),
        "data-testid": "opening-" + i, "data-target": action ? "1" : "0", "data-choice": action ? UI.choiceKey(action) : null,
        tabindex: action ? "0" : null, role: action ? "button" : null,
        "aria-label": action ? S.t("opening_at", "the opening by row {row}, column {col}", { row: o[0] + 1, col: o[1] + 1 }) : null });
      if (action) S.onPress(mark, function () { decide(action, mark); });
      layer.push(mark);
    });
    function glyph(cell, text, cls, testid) {
      const p = centre(maze, cell);
      layer.push(svg("text", { x: p[0], y: p[1] + 6, class: "glyph " + cls, "text-anchor": "middle", "data-testid": testid }, [document.createTextNode(text)]));
    }
    if (view.treasure_at !== null && view.treasure_at !== undefined) glyph(view.treasure_at, view.treasure === "closed" ? "♛" : "♕", "treasure", "map-treasure");
    (view.chests.closed || []).forEach(function (cell) { glyph(cell, "▣", "chest", "map-chest-" + cell); });
    (view.chests.open || []).forEach(function (cell) { glyph(cell, "□", "chest open", "map-chest-" + cell); });
    view.landslides.forEach(function (cell) { glyph(cell, "▲", "rubble", "map-landslide-" + cell); });
    (view.arrows_at || []).forEach(function (a) {
      const p = centre(maze, a[0]);
      layer.push(svg("text", { x: p[0] - 12, y: p[1] - 8, class: "glyph arrow " + a[1], "text-anchor": "middle",
        transform: "rotate(" + (a[2] * 90) + " " + (p[0] - 12) + " " + (p[1] - 12) + ")" }, [document.createTextNode("↑")]));
    });
    if (view.leader_at !== null && view.leader_at !== undefined) {
      const lp = centre(maze, view.leader_at);
      layer.push(svg("circle", { cx: lp[0] + 10, cy: lp[1] + 10, r: 8, class: "leader-token", "data-testid": "map-leader" }));
    }
    if (view.pos) {
      const at = view.pos[0] >= 0 ? centre(maze, view.pos[0]) : openingPoint(maze, maze.openings[view.entrance || 0], 0.8);
      layer.push(svg("polygon", { points: "0,-14 11,11 -11,11", class: "party", "data-testid": "map-party",
        transform: "translate(" + at[0] + " " + at[1] + ") rotate(" + (view.pos[1] * 90) + ")" }));
    }
    // a picture, unless it holds squares or openings to pick: then a group of buttons (no button inside an img)
    const picking = Object.keys(pick.cells).length + Object.keys(pick.openings).length > 0;
    return svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, class: "sidi-map", role: picking ? "group" : "img",
      "aria-label": S.t("map_label", "The maze") }, layer);
  }

  /* What the map's marks mean, in words (the marks themselves take no pointer, so no tooltip). */
  let legendOpen = false;
  function mapLegend() {
    const rows = [
      ["♛", "glyph treasure", S.t("map_treasure", "the Treasure, closed")], ["♕", "glyph treasure", S.t("map_treasure_open", "the Treasure, opened")],
      ["▣", "glyph chest", S.t("map_chest", "a closed chest")], ["□", "glyph chest open", S.t("map_chest_open", "an opened chest")],
      ["▲", "glyph rubble", S.t("map_landslide", "a landslide")], ["↑", "glyph arrow blue", S.t("map_arrow", "a genie's arrow (blue or red), pointing its way")],
      ["▲", "party", S.t("map_party", "the Adventurers' line, pointing the way it faces")], ["●", "leader", S.t("map_leader", "your token, the Leader of the Thieves")],
      ["○", "opening", S.t("map_opening", "an opening in the wall (green: the entrance)")],
    ];
    const box = h("details", { className: "sidi-map-legend", "data-testid": "map-legend" }, [h("summary", { text: S.t("map_legend", "What the map shows") }),
      h("ul", {}, rows.map(function (r) { return h("li", {}, [h("b", { className: "mark " + r[1], text: r[0] }), " " + r[2]]); }))]);
    box.open = legendOpen;
    box.addEventListener("toggle", function () { legendOpen = box.open; });
    return box;
  }

  /* The Leader's Events as buttons; one needing a target switches the map to picking it. */
  function eventsBox(view, legal) {
    const plays = S.concrete(legal, "play_event");
    const box = h("div", { className: "sidi-events", "data-testid": "events" });
    const cards = {};
    (view.event_cards || []).forEach(function (c) { cards[c.card] = c; });
    const groups = {};
    plays.forEach(function (a) {
      const key = a.event + "/" + a.use;
      (groups[key] = groups[key] || []).push(a);
    });
    Object.keys(groups).forEach(function (key) {
      const actions = groups[key], first = actions[0];
      const card = cards[first.event] || { kind: first.use };
      const useLabel = first.use === "move" ? S.t("ev_move", "walk {n}", { n: card.steps || (first.path || []).length }) : S.t("ev_" + first.use, first.use);
      const label = S.t("play", "Play {card}", { card: S.eventName(card) }) + (first.use === "move" || first.use !== card.kind ? " (" + useLabel + ")" : "");
      const needsTarget = first.path !== undefined || first.cell !== undefined;
      box.appendChild(S.button(label, "event-" + first.event + "-" + first.use, function () {
        if (!needsTarget) { api.send(first); return; }
        targeting = { key: key, actions: actions };
        render();
      }, { className: targeting && targeting.key === key ? "active" : "", title: S.eventHelp(card) }));
    });
    // a timed answer (the chest window, a theft) shows its clock beside the buttons that answer it
    const p = view.pending;
    if (p && (p.kind === "chest_window" || p.kind === "theft") && p.deadline !== null && p.deadline !== undefined &&
        (plays.length || S.concrete(legal, "steal").length)) {
      box.insertBefore(h("p", { className: "sidi-answer-head" }, [S.answerClock(p.deadline, api.serverNow, view.paused, "events-clock")]), box.firstChild);
    }
    if (targeting) {
      box.appendChild(h("p", { className: "hint", text: S.t("pick_target", "Click a highlighted square on the map.") }));
      box.appendChild(S.button(S.t("cancel", "Cancel"), "event-cancel", function () { targeting = null; render(); }));
    }
    if (!plays.length && (view.event_cards || []).length) {
      box.appendChild(h("p", { className: "muted", "data-testid": "event-hand" },
        [S.t("events_in_hand", "Events in hand: {n}", { n: view.event_cards.length }) + " — " + view.event_cards.map(S.eventName).join(", ")]));
    }
    S.concrete(legal, "pass").forEach(function (a) { box.appendChild(S.button(S.t("pass", "Pass"), "event-pass", function () { targeting = null; api.send(a); })); });
    S.concrete(legal, "steal").forEach(function (a) {
      // named as the review names it (sidi_actions.js): "a jewel", "a genie" in the page's language
      box.appendChild(S.button(actionText(a, view, api), "steal-" + a.kind, function () { api.send(a); }));
    });
    const help = eventHelpList(view);
    if (help) box.appendChild(help);
    return box.childNodes.length ? box : null;
  }

  /* What each Event in the Leader's hand does, in words (one line per kind of card). */
  function eventHelpList(view) {
    const seen = {};
    const cards = (view.event_cards || []).filter(function (c) {
      const key = c.kind + "/" + (c.steps || "");
      if (seen[key]) return false;
      seen[key] = true;
      return true;
    });
    if (!cards.length) return null;
    return h("ul", { className: "sidi-event-help", "data-testid": "events-help" }, cards.map(function (c) {
      return h("li", {}, [h("b", { text: S.eventName(c) }), " " + S.eventHelp(c)]);
    }));
  }

  /* A maze drawn small (walls and openings only) for choosing it by its shape, not only its name. */
  function mazePreview(maze) {
    const C = 10, P = 4, layer = [];
    const open = maze.cells.map(function (row) { return row.split(" "); });
    for (let r = 0; r < maze.rows; r++) {
      for (let c = 0; c < maze.cols; c++) {
        const sides = open[r][c], x = P + c * C, y = P + r * C;
        const edges = [];
        if (sides.indexOf("N") < 0) edges.push([x, y, x + C, y]);
        if (sides.indexOf("W") < 0) edges.push([x, y, x, y + C]);
        if (r === maze.rows - 1 && sides.indexOf("S") < 0) edges.push([x, y + C, x + C, y + C]);
        if (c === maze.cols - 1 && sides.indexOf("E") < 0) edges.push([x + C, y, x + C, y + C]);
        edges.forEach(function (e) { layer.push(svg("line", { x1: e[0], y1: e[1], x2: e[2], y2: e[3], class: "wall" })); });
      }
    }
    maze.openings.forEach(function (o) {
      const d = SIDES[o[2]], cx = P + o[1] * C + C / 2 + DC[d] * C / 2, cy = P + o[0] * C + C / 2 + DR[d] * C / 2;
      layer.push(svg("circle", { cx: cx, cy: cy, r: 2.5, class: "opening" }));
    });
    const label = S.t("maze_preview", "The maze {name}, drawn small", { name: S.mazeName(maze.name) });
    return svg("svg", { viewBox: "0 0 " + (P * 2 + maze.cols * C) + " " + (P * 2 + maze.rows * C), class: "sidi-maze-preview",
      role: "img", "aria-label": label, "data-testid": "maze-preview-" + maze.key }, layer);
  }

  function setupHint(view, legal) {
    const rows = [];
    const mazes = S.concrete(legal, "choose_maze");
    if (mazes.length) {
      const names = {};
      (view.maze_choices || []).forEach(function (m) { names[m.key] = m.name; });
      rows.push(h("p", { text: S.t("setup_maze", "Choose the maze:") }));
      const data = {};
      (view.maze_choices || []).forEach(function (m) { data[m.key] = m; });
      rows.push(h("div", { className: "sidi-choices sidi-maze-choices" }, mazes.map(function (a) {
        const button = S.button(S.mazeName(names[a.maze] || a.maze), "maze-" + a.maze, function (ev) { decide(a, ev.currentTarget); },
          { "data-choice": UI.choiceKey(a) });
        // the Leader alone has the mazes in his view (maze_choices): each is drawn small on its button
        if (data[a.maze]) button.appendChild(mazePreview(data[a.maze]));
        return button;
      })));
    }
    if (S.concrete(legal, "place_treasure").length) rows.push(h("p", { className: "hint", "data-testid": "setup-hint", text: S.t("setup_treasure", "Click a square to hide the Treasure.") }));
    else if (S.concrete(legal, "place_chest").length) rows.push(h("p", { className: "hint", "data-testid": "setup-hint", text: S.t("setup_chest", "Click a square to place a chest ({n} left).", { n: 5 - view.chests.closed.length }) }));
    else if (S.concrete(legal, "choose_entrance").length) rows.push(h("p", { className: "hint", "data-testid": "setup-hint", text: S.t("setup_entrance", "Click an opening to choose the entrance.") }));
    return rows.length ? h("div", { className: "sidi-setup" }, rows) : null;
  }

  function render() {
    const view = frame.view || {};
    const legal = frame.legal || [];
    const shown = !!view.maze || S.concrete(legal, "choose_maze").length > 0;
    root.hidden = !shown;
    root.innerHTML = "";
    if (!shown) return;
    [setupHint(view, legal), eventsBox(view, legal), view.maze ? drawMaze(view, legal) : null, view.maze ? mapLegend() : null]
      .forEach(function (el) { if (el) root.appendChild(el); });
  }

  return {
    actions: ["choose_maze", "place_treasure", "place_chest", "choose_entrance", "play_event", "pass", "steal"],
    mount: function (el, a) { root = el; api = a; },
    update: function (f) {
      frame = f;
      if (targeting) {
        // a new frame (a vote, a chat) keeps the pick going while that Event and use are still playable
        const key = targeting.key;
        const still = S.concrete(f.legal, "play_event").filter(function (a) { return a.event + "/" + a.use === key; });
        targeting = still.length ? { key: key, actions: still } : null;
      }
      render();
    },
    destroy: function () { if (root) root.innerHTML = ""; },
  };
}

UI.LiveMatch.registerRenderer("sidibaba", "map", MapRenderer());

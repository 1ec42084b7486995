/* Ali Baba's treasure cave: the renderer of the live page and of its replays.
 *
 * Registered as LiveMatch.registerRenderer("alibaba_tiles", "main", {mount, update, destroy}):
 * each update draws the pyramid (SVG), the players, your screen, the prompts
 * and the end screen (tiles_end.js) from the server's view, and keeps the
 * events it is given for the "what happened" log (tiles_log.js words them in
 * the page's language). Imports the panels, the log, the guide and the end table it draws.
 * Every prompt comes from frame.legal and every forbidden tile from the view:
 * this file never decides what is allowed.
 */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";
import { renderEnd } from "./tiles_end.js";
import { renderGuide, tileTitle } from "./tiles_guide.js";
import { newLog, renderRecent } from "./tiles_log.js";
import { renderBazaar, renderHands, renderPlayers, renderScreen, renderShown, restrictionBanner } from "./tiles_panels.js";

const h = UI.h;
const s = UI.svg;
const fmt = UI.fmt;
const PITCH = 64;        // distance between two squares of the bottom layer (SVG units)
const TILE = 56;         // a tile's side
const LIFT = 5;          // each layer drawn this much up and left, like a stack seen from below-right
const t = C.t, kindName = C.kindName, colourName = C.colourName, icon = C.icon, chip = C.chip;
const tileLabel = C.tileLabel, layoutName = C.layoutName, COLOURS = C.COLOURS;

/* ---------------------------------------------------------------- geometry */

function geometry(layout) {
  const covers = layout.covers || {};
  const positions = Object.keys(covers);
  const coords = {};
  positions.forEach(function (p) {
    const parts = p.split(":").map(Number);
    coords[p] = { layer: parts[0], row: parts[1], col: parts[2] };
  });
  // bottom tiles sit on the grid; an upper tile sits over the middle of what it covers
  const at = {};
  function place(p) {
    if (at[p]) return at[p];
    const c = coords[p];
    const below = covers[p] || [];
    let x, y;
    if (!below.length || c.layer === 0) {
      x = c.col; y = c.row;
    } else {
      x = 0; y = 0;
      below.forEach(function (q) { const b = place(q); x += b.gx; y += b.gy; });
      x /= below.length; y /= below.length;
    }
    at[p] = { gx: x, gy: y };
    return at[p];
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  positions.forEach(function (p) {
    const g = place(p);
    const L = coords[p].layer;
    g.x = g.gx * PITCH - L * LIFT;
    g.y = g.gy * PITCH - L * LIFT;
    g.layer = L;
    minX = Math.min(minX, g.x); minY = Math.min(minY, g.y);
    maxX = Math.max(maxX, g.x + TILE); maxY = Math.max(maxY, g.y + TILE);
  });
  const pad = 10;
  return {
    at: at, coords: coords, positions: positions,
    box: [minX - pad, minY - pad, (maxX - minX) + 2 * pad + 6, (maxY - minY) + 2 * pad + 6],
  };
}

/* ---------------------------------------------------------------- state kept between renders */

/* The countdown runs on the server's clock (api.serverNow), whatever the browser's clock says. */
function startCountdown(root, deadline, api) {
  return UI.countdown(deadline || null, api.serverNow, function (left) {
    root.querySelectorAll("[data-countdown]").forEach(function (el) {
      el.textContent = fmt(t("seconds_left", "{n} s"), { n: left });
      el.classList.toggle("urgent", left <= 10);
      el.dataset.secondsLeft = String(left);
    });
  });
}

/* ---------------------------------------------------------------- the parts */

function groupLegal(legal) {
  const g = { take: {}, lamp: [], effect: [], show: [], choose: [] };
  (legal || []).forEach(function (a) {
    if (a.type === "take") g.take[a.pos] = a;
    else if (g[a.type]) g[a.type].push(a);
  });
  g.green = {};
  g.effect.forEach(function (a) { if (a.use && a.pos) g.green[a.pos] = a; });
  return g;
}

function renderBoard(view, legal, api, send) {
  const geo = geometry(view.layout);
  const box = geo.box;
  const svg = s("svg", {
    viewBox: box.join(" "), class: "cave", role: "group",
    "aria-label": t("board_label", "The treasure cave, bottom layer first"),
    "data-testid": "board",
  });
  const defs = s("defs", {}, [
    s("pattern", { id: "tile-back", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, [
      s("rect", { width: 10, height: 10, fill: "#6b4423" }),
      s("rect", { width: 5, height: 10, fill: "#7a5030" }),
    ]),
    s("filter", { id: "lift", x: "-20%", y: "-20%", width: "150%", height: "150%" }, [
      s("feDropShadow", { dx: 2.5, dy: 3, stdDeviation: 1.8, "flood-color": "#2b1a0a", "flood-opacity": 0.45 }),
    ]),
  ]);
  svg.appendChild(defs);
  const forbidden = {};
  (view.forbidden || []).forEach(function (p) { forbidden[p] = true; });
  const onBoard = {};
  (view.board || []).forEach(function (b) { onBoard[b.pos] = b; });
  const lastPos = view.this_turn && view.this_turn.pos;
  const topLayer = ((view.layout && view.layout.layers) || []).length - 1;

  // the empty squares of the bottom layer, so the cave keeps its shape
  geo.positions.forEach(function (p) {
    if (geo.coords[p].layer !== 0 || onBoard[p]) return;
    const g = geo.at[p];
    svg.appendChild(s("rect", {
      x: g.x + 1, y: g.y + 1, width: TILE - 2, height: TILE - 2, rx: 7,
      class: "slot" + (p === lastPos ? " last" : ""),
    }));
  });
  // bottom layer first, so upper tiles are drawn over what they cover
  const ordered = (view.board || []).slice().sort(function (a, b) {
    return a.layer - b.layer || a.row - b.row || a.col - b.col;
  });
  ordered.forEach(function (b) {
    const g = geo.at[b.pos];
    if (!g) return;
    const take = legal.take[b.pos];
    const green = legal.green[b.pos];
    const cls = ["tile", "layer-" + b.layer];
    if (b.face_up) cls.push("up"); else cls.push("down");
    if (take) cls.push("takeable");
    if (green) cls.push("green-target");
    if (forbidden[b.pos]) cls.push("restricted");
    const label = b.tile ? tileLabel(b.tile) : t("face_down", "face down");
    const grp = s("g", {
      class: cls.join(" "),
      transform: "translate(" + g.x + "," + g.y + ")",
      "data-testid": "tile-" + b.pos,
      "data-pos": b.pos,
      "data-takeable": take ? "1" : null,
      "data-green": green ? "1" : null,
      "data-kind": b.tile ? b.tile.kind : null,
      "data-colour": b.tile ? b.tile.colour : null,
      "data-choice": take || green ? UI.choiceKey(take || green) : null,
      tabindex: take || green ? "0" : null,
      role: take || green ? "button" : null,
      "aria-label": label + " (" + fmt(t("layer_n", "layer {n}"), { n: b.layer + 1 }) + ")",
    });
    grp.appendChild(s("title", {}, [document.createTextNode(tileTitle(b, { take: take, green: green, forbidden: forbidden[b.pos] }, topLayer + 1))]));
    grp.appendChild(s("rect", {
      class: "tile-body", width: TILE, height: TILE, rx: 7,
      fill: b.tile && b.face_up ? COLOURS[b.tile.colour] || "#ddd" : (b.tile ? COLOURS[b.tile.colour] || "#ddd" : "url(#tile-back)"),
      filter: "url(#lift)",
    }));
    if (b.tile) {
      grp.appendChild(s("text", { x: TILE / 2, y: 29, class: "tile-icon", "text-anchor": "middle" }, [document.createTextNode(icon(b.tile.kind))]));
      grp.appendChild(s("text", { x: TILE / 2, y: 47, class: "tile-name", "text-anchor": "middle" }, [document.createTextNode(kindName(b.tile.kind))]));
      if (!b.face_up) grp.appendChild(s("rect", { width: TILE, height: TILE, rx: 7, class: "was-down" }));
    } else {
      grp.appendChild(s("text", { x: TILE / 2, y: 35, class: "tile-back-mark", "text-anchor": "middle" }, [document.createTextNode("✦")]));
      // deeper layers darker, so one sees what lies on what
      const depth = topLayer - b.layer;
      if (depth > 0) grp.appendChild(s("rect", { width: TILE, height: TILE, rx: 7, class: "depth", "fill-opacity": Math.min(0.45, depth * 0.12) }));
    }
    // the layer, as dots in the corner (1 dot: bottom layer)
    for (let d = 0; d <= b.layer; d++) {
      grp.appendChild(s("circle", { cx: 7 + d * 6, cy: 7, r: 2, class: "layer-dot" }));
    }
    grp.appendChild(s("rect", { class: "tile-ring", x: -2, y: -2, width: TILE + 4, height: TILE + 4, rx: 9 }));
    const action = take || green;
    if (action) {
      // send(action, el): the page's choice (api.choose: sent now, or picked first when the person confirms moves)
      const fire = function () { send(action, grp); };
      grp.addEventListener("click", fire);
      grp.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fire(); }
      });
    }
    svg.appendChild(grp);
  });
  // where this turn's tile was taken from (above the bottom layer: an outline over what is left)
  if (lastPos && geo.at[lastPos] && geo.coords[lastPos].layer > 0 && !onBoard[lastPos]) {
    const lp = geo.at[lastPos];
    svg.appendChild(s("rect", { x: lp.x + 1, y: lp.y + 1, width: TILE - 2, height: TILE - 2, rx: 7, class: "last-mark" }));
  }
  return svg;
}

function effectText(colour, tile) {
  const texts = {
    pink: t("eff_pink", "Score 5 points."),
    blue: t("eff_blue", "Score 2 points for each tile flipped face up this turn (2 if you took it from the bottom layer)."),
    brown: fmt(t("eff_brown", "Score 2 points for each {kind} behind your screen, this one included."), { kind: tile ? kindName(tile.kind) : "" }),
    green: t("eff_green", "Take one more face-up tile next to it in the same layer (its effect is not used)."),
    yellow: t("eff_yellow", "Each opponent with a tile shows you one; you take one of them (its effect is not used)."),
    white: t("eff_white", "Name a kind or a colour: the others may not take it until your next turn."),
  };
  return texts[colour] || "";
}

function button(testid, label, action, send, cls, title) {
  return h("button", {
    type: "button", className: cls || "", "data-testid": testid, title: title || null,
    "aria-label": title || null, "data-action": JSON.stringify(action), "data-choice": UI.choiceKey(action),
    onclick: function (ev) { send(action, ev.currentTarget); },
  }, typeof label === "string" ? [label] : label);
}

/* The tiles one may show, grouped by colour (in the legend's order) and sorted by kind within a colour:
 * one row per colour, each button named by the tile ("yellow chest"), never by its id. */
function showRows(legalShow, myTiles, send) {
  const byId = {};
  (myTiles || []).forEach(function (tl) { byId[tl.id] = tl; });
  const colourOrder = Object.keys(COLOURS);
  const groups = {};
  legalShow.forEach(function (a) {
    const tl = byId[a.tile];
    const colour = tl ? tl.colour : "";
    (groups[colour] = groups[colour] || []).push(a);
  });
  const colours = Object.keys(groups).sort(function (x, y) {
    const ix = colourOrder.indexOf(x), iy = colourOrder.indexOf(y);
    return (ix < 0 ? 99 : ix) - (iy < 0 ? 99 : iy) || (x < y ? -1 : x > y ? 1 : 0);
  });
  return colours.map(function (colour) {
    const actions = groups[colour].slice().sort(function (x, y) {
      const kx = byId[x.tile] ? kindName(byId[x.tile].kind) : "", ky = byId[y.tile] ? kindName(byId[y.tile].kind) : "";
      return kx.localeCompare(ky) || x.tile - y.tile;
    });
    return h("div", { className: "choices show-group", "data-testid": "show-group-" + (colour || "unknown"), "data-colour": colour }, [
      h("span", { className: "choice-label" }, colour ? [h("span", { className: "swatch c-" + colour }), " ", colourName(colour)] : []),
    ].concat(actions.map(function (a) {
      const tl = byId[a.tile];
      return button("show-" + a.tile, [tl ? chip(tl) : "#" + a.tile], a, send, "choice", tl ? tileLabel(tl) : null);
    })));
  });
}

/* The tile whose effect is pending (after a lamp swap, the bazaar tile), as the view says. */
function effectTile(view) {
  return (view.this_turn && view.this_turn.effect_tile) || null;
}

/* The tile taken this turn (the lamp, when the lamp prompt is open). */
function takenTile(view) {
  return (view.this_turn && view.this_turn.tile) || null;
}

function renderPrompt(view, legal, raw, api, send) {
  const box = h("section", { className: "prompt card", "data-testid": "prompt" });
  const mine = raw.length > 0;
  const pending = view.pending || [];
  const name = function (seat) { return api.name(seat); };

  if (view.finished) return null;

  if (!mine) {
    const waitFor = pending.map(function (p) {
      const what = {
        take: t("doing_take", "{name} is choosing a tile"),
        lamp: t("doing_lamp", "{name} is deciding about the lamp"),
        effect: t("doing_effect", "{name} is deciding about the {colour} effect"),
        show: t("doing_show", "{name} is choosing a tile to show"),
        choose: t("doing_choose", "{name} is choosing one of the shown tiles"),
      }[p.decision] || "{name}";
      return fmt(what, { name: name(p.seat), colour: colourName(p.effect || "") });
    });
    box.classList.add("waiting");
    box.appendChild(h("p", { className: "prompt-title", "data-testid": "waiting", text: waitFor.join(" · ") || t("waiting", "Waiting…") }));
    return box;
  }

  if (Object.keys(legal.take).length) {
    box.appendChild(h("div", { "data-testid": "action-take", className: "prompt-block" }, [
      h("p", { className: "prompt-title", text: t("your_take", "Your turn: click a glowing tile to take it.") }),
      (view.forbidden || []).length
        ? h("p", { className: "muted", text: t("take_restricted", "Dimmed tiles are forbidden to you this turn (white effect).") }) : null,
    ]));
  }

  if (legal.lamp.length) {
    const bazaar = view.bazaar || [];
    const lampBlock = h("div", { "data-testid": "action-lamp", className: "prompt-block" }, [
      h("p", { className: "prompt-title", text: t("your_lamp", "Aladdin's lamp: keep it (and use its own effect) or swap it for a bazaar tile (and use that tile's effect).") }),
    ]);
    const row = h("div", { className: "choices" });
    legal.lamp.forEach(function (a) {
      if (a.swap === null || a.swap === undefined) {
        const lampTile = takenTile(view);
        row.appendChild(button("lamp-keep", [t("lamp_keep", "Keep the lamp"), lampTile ? " " : null, lampTile ? chip(lampTile) : null], a, send, "primary"));
      } else {
        const bt = bazaar[a.swap] && bazaar[a.swap].tile;
        row.appendChild(button("lamp-swap-" + a.swap, [t("lamp_swap", "Swap for"), " ", bt ? chip(bt) : "#" + a.swap], a, send, "choice"));
      }
    });
    lampBlock.appendChild(row);
    box.appendChild(lampBlock);
  }

  if (legal.effect.length) {
    const p = pending.filter(function (x) { return x.seat === api.seat && x.decision === "effect"; })[0];
    const colour = p ? p.effect : null;
    const tile = effectTile(view);
    const block = h("div", { "data-testid": "action-effect", className: "prompt-block effect-" + (colour || "") }, [
      h("p", { className: "prompt-title" }, [
        fmt(t("your_effect", "Magic effect of the {colour} tile"), { colour: colourName(colour || "") }), " ",
        tile ? chip(tile) : null,
      ]),
      h("p", { className: "effect-text", text: effectText(colour, tile) }),
    ]);
    const uses = legal.effect.filter(function (a) { return a.use; });
    const skip = legal.effect.filter(function (a) { return !a.use; })[0];
    const choices = h("div", { className: "choices" });
    const kinds = uses.filter(function (a) { return a.kind; });
    const colours = uses.filter(function (a) { return a.colour; });
    const greens = uses.filter(function (a) { return a.pos; });
    const plain = uses.filter(function (a) { return !a.kind && !a.colour && !a.pos; });
    plain.forEach(function (a) { choices.appendChild(button("effect-use", t("use", "Use it"), a, send, "primary")); });
    if (greens.length) {
      block.appendChild(h("p", { className: "muted", text: t("green_hint", "Click a highlighted tile next to the one you took, or pick it here:") }));
      const onBoard = {};
      (view.board || []).forEach(function (b) { onBoard[b.pos] = b; });
      greens.forEach(function (a) {
        const b = onBoard[a.pos];
        choices.appendChild(button("green-" + a.pos, [b && b.tile ? chip(b.tile) : a.pos], a, send, "choice"));
      });
    }
    if (kinds.length || colours.length) {
      const kindRow = h("div", { className: "choices" }, [h("span", { className: "choice-label", text: t("forbid_kind", "Forbid a kind:") })]);
      kinds.forEach(function (a) {
        kindRow.appendChild(button("white-kind-" + a.kind, [h("span", { className: "chip-icon", text: icon(a.kind), title: kindName(a.kind) }), " ", kindName(a.kind)], a, send, "choice"));
      });
      const colourRow = h("div", { className: "choices" }, [h("span", { className: "choice-label", text: t("forbid_colour", "or a colour:") })]);
      colours.forEach(function (a) {
        colourRow.appendChild(button("white-colour-" + a.colour, [h("span", { className: "swatch c-" + a.colour }), " ", colourName(a.colour)], a, send, "choice"));
      });
      if (kinds.length) block.appendChild(kindRow);
      if (colours.length) block.appendChild(colourRow);
    }
    if (skip) choices.appendChild(button("effect-skip", t("skip", "Skip the effect"), skip, send, "secondary"));
    block.appendChild(choices);
    box.appendChild(block);
  }

  if (legal.show.length) {
    const current = view.current;
    const showBlock = h("div", { "data-testid": "action-show", className: "prompt-block" }, [
      h("p", { className: "prompt-title", text: fmt(t("your_show", "{name} used a yellow tile: show one of your tiles. They may take it."), { name: name(current) }) }),
    ]);
    showRows(legal.show, view.me && view.me.tiles, send).forEach(function (row) { showBlock.appendChild(row); });
    box.appendChild(showBlock);
  }

  if (legal.choose.length) {
    const shownById = {};
    (view.shown || []).forEach(function (x) { if (x.tile) shownById[x.tile.id] = x; });
    const chooseBlock = h("div", { "data-testid": "action-choose", className: "prompt-block" }, [
      h("p", { className: "prompt-title", text: t("your_choose", "Take one of the shown tiles:") }),
    ]);
    const chooseRow = h("div", { className: "choices" });
    legal.choose.forEach(function (a) {
      const x = shownById[a.tile];
      chooseRow.appendChild(button("choose-" + a.tile, [
        x ? chip(x.tile) : "#" + a.tile,
        x ? h("span", { className: "from", text: fmt(t("from", "from {name}"), { name: name(x.seat) }) }) : null,
      ], a, send, "choice"));
    });
    chooseBlock.appendChild(chooseRow);
    box.appendChild(chooseBlock);
  }
  box.classList.add("mine");
  return box;
}

/* Who must decide now, from the frame's to_act (a bot's yellow tile asks the others to show one
 * during the bot's turn: then it is your decision though not your turn). */
function turnText(view, frame, api) {
  const current = view.current;
  const toAct = Array.isArray(frame.to_act) ? frame.to_act : [current];
  if (UI.decides(frame, api.seat)) {
    return current === api.seat ? t("your_turn", "Your turn")
      : fmt(t("your_decision", "Your decision ({name}'s turn)"), { name: api.name(current) });
  }
  const others = toAct.filter(function (x) { return x !== current; });
  if (!others.length) return fmt(t("their_turn", "{name}'s turn"), { name: api.name(current) });
  return fmt(t("their_decision", "{names} to decide ({name}'s turn)"), { names: toAct.map(api.name).join(", "), name: api.name(current) });
}

function renderStatus(view, api, frame) {
  const bar = h("div", { className: "status-bar", "data-testid": "status" });
  if (view.finished) {
    bar.appendChild(h("strong", { text: t("game_over", "The game is over.") }));
    return bar;
  }
  const mine = UI.decides(frame, api.seat);
  bar.appendChild(h("span", { className: "turn" + (mine ? " mine" : ""), "data-testid": "turn", "data-mine": mine ? "1" : "0" }, [
    turnText(view, frame, api),
  ]));
  if (view.deadline) {
    bar.appendChild(h("span", { className: "countdown", "data-countdown": "1", "data-testid": "countdown", title: t("time_left", "time left for this decision") }));
  }
  const facts = [];
  facts.push(fmt(C.plural("face_down_count", view.face_down, "{n} face down", "{n} face down"), { n: view.face_down !== undefined ? view.face_down : "?" }));
  if (view.final_round) facts.push(fmt(C.plural("final_round_count", view.turns_left, "Last round: {n} turn left", "Last round: {n} turns left"), { n: view.turns_left }));
  bar.appendChild(h("span", { className: "facts muted", text: facts.join(" · ") }));
  return bar;
}

/* ---------------------------------------------------------------- the renderer's lifecycle */

let root = null;
let api = null;
let stopCountdown = function () {};
const log = newLog();
// The page's frame, built once per mount: each frame redraws its parts, but the prompt is replaced
// only when the legal actions change, so a click begun on a button while another player's answer
// arrives lands on the same element (a rebuilt button would swallow it).
let shell = null;
let currentSend = function () {};
function dispatch(action, el) { currentSend(action, el); }

function buildShell() {
  const placeholder = h("span", { hidden: true });
  shell = {
    page: h("div", { className: "tiles-page" }),
    main: h("div", { className: "main-col" }),
    side: h("aside", { className: "side-col" }, [placeholder]),
    prompt: placeholder,
    promptKey: null,
  };
  shell.page.appendChild(shell.main);
  shell.page.appendChild(shell.side);
  root.innerHTML = "";
  root.appendChild(shell.page);
}

function fill(el, children) {
  el.replaceChildren.apply(el, children.filter(function (c) { return c; }));
}

function draw(frame) {
  const T = C.strings();
  const view = frame.view || {};
  const raw = frame.legal || [];
  const legal = groupLegal(raw);
  let sent = false;
  function sendNow(action) {
    if (sent) return;  // one action per frame: the next frame re-enables
    sent = true;
    root.classList.add("sending");
    if (!api.send(action)) { sent = false; root.classList.remove("sending"); }
  }
  // a press on a decision's control: sent now, or first picked when the person confirms moves (api.choose)
  function send(action, el) { UI.choose(api, action, sendNow, el); }
  currentSend = send;

  if (!shell) buildShell();
  shell.page.className = "tiles-page" + (view.finished ? " finished" : "") + (raw.length ? " my-move" : "");
  const info = h("div", { className: "cave-head" }, [
    h("span", { className: "variant", text: (T.variants && T.variants[view.variant]) || view.variant }),
    layoutName(view.layout) ? h("span", { className: "muted", "data-testid": "layout-name", text: " · " + layoutName(view.layout) }) : null,
    view.removed_kinds && view.removed_kinds.length
      ? h("span", { className: "muted", text: " · " + fmt(t("removed", "without {kinds}"), { kinds: view.removed_kinds.map(kindName).join(", ") }) }) : null,
  ]);

  stopCountdown();
  fill(shell.main, [
    renderStatus(view, api, frame),
    restrictionBanner(view, api),
    renderEnd(view, api),
    h("div", { className: "cave-wrap card" }, [info, renderBoard(view, legal, api, send)]),
  ]);
  // the prompt: kept as it is while the same choices stand (a waiting line is always redrawn)
  const promptKey = raw.length && !view.finished ? JSON.stringify([api.seat, raw]) : null;
  if (promptKey === null || promptKey !== shell.promptKey) {
    const prompt = renderPrompt(view, legal, raw, api, dispatch) || h("span", { hidden: true });
    shell.side.replaceChild(prompt, shell.prompt);
    shell.prompt = prompt;
    shell.promptKey = promptKey;
  }
  while (shell.prompt.nextSibling) shell.side.removeChild(shell.prompt.nextSibling);
  [
    renderGuide(view, legal, raw, api),
    renderBazaar(view),
    renderPlayers(view, api),
    renderShown(view, api),
    renderScreen(view),
    renderHands(view, api),
    renderRecent(view, log.events(), api),
  ].forEach(function (part) { if (part) shell.side.appendChild(part); });
  root.classList.remove("sending");
  root.dataset.phase = view.phase || "";
  root.dataset.finished = view.finished ? "1" : "0";
  stopCountdown = startCountdown(root, view.finished ? null : view.deadline, api);
}

/* The rules page (tiles_rules.js) draws its pictures with the same board renderer. */
export { renderBoard, groupLegal };

UI.LiveMatch.registerRenderer("alibaba_tiles", "main", {
  actions: ["take", "lamp", "effect", "show", "choose"],
  endRanking: true,  // the end table below ranks the seats; the shared end panel (endscreen.js) keeps to links and rematch
  mount: function (el, liveApi) {
    root = el;
    api = liveApi;
    shell = null;
    log.clear();
  },
  update: function (frame, previous, events) {
    log.remember(frame, events);
    draw(frame);
  },
  destroy: function () {
    stopCountdown();
    stopCountdown = function () {};
    if (root) root.innerHTML = "";
    root = null;
    shell = null;
    currentSend = function () {};
    log.clear();
  },
});

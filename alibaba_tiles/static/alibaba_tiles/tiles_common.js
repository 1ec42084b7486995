/* Ali Baba's treasure cave: what the page's scripts share (the page's strings, tiles drawn as chips).
 * The other modules of the page import it. */
import * as UI from "../matches/ui.js";
import { ACTIONS, GUIDE, SPOKEN, TILES } from "./tiles_strings.js";

const h = UI.h;
const fmt = UI.fmt;
const COLOURS = {
  pink: "#f4a3c4", blue: "#86b7ea", brown: "#b98a5e",
  green: "#8fd08f", yellow: "#f6d865", white: "#f8f5ee",
};
const ICONS = {
  carpet: "▦", chest: "▣", crown: "♛", diamond: "◆", lamp: "⚱",
  necklace: "❂", ring: "◎", ruby: "⬢", statue: "♞", sword: "⚔",
};

// the page's strings, the guide's (tiles_guide.js), the cave's in words (tiles_speech.js), its actions' (tiles_actions.js),
// and the counted ones ("{n} tiles") among them
const T = Object.assign({}, TILES, GUIDE, SPOKEN, ACTIONS);
function t(key, fallback) { return (T && T[key]) || fallback || key; }
function kindName(k) { return (T.kinds && T.kinds[k]) || k; }
function colourName(c) { return (T.colours && T.colours[c]) || c; }
function icon(kind) { return ICONS[kind] || (kind ? kind.charAt(0).toUpperCase() : "?"); }

/* A small tile as HTML: its colour, icon and kind. */
function chip(tile, extraClass) {
  if (!tile) return h("span", { className: "chip back" + (extraClass ? " " + extraClass : ""), title: t("face_down", "face down") }, [h("span", { className: "chip-icon", text: "✦" })]);
  return h("span", {
    className: "chip c-" + tile.colour + (extraClass ? " " + extraClass : ""),
    title: colourName(tile.colour) + " " + kindName(tile.kind),
  }, [h("span", { className: "chip-icon", text: icon(tile.kind) }), h("span", { className: "chip-name", text: kindName(tile.kind) })]);
}

function tileLabel(tile) {
  return fmt(t("tile_label", "{colour} {kind}"), { colour: colourName(tile.colour), kind: kindName(tile.kind) });
}

/* A seat's tiles as its sets: [{kind, tiles}], the largest set first, as the drawn sets and the words of the
 * screen-reader mode both list them; sets of one size by kind, or by `name(kind)` in the reader's language. */
function setsOf(tiles, name) {
  const groups = {};
  const order = [];
  tiles.forEach(function (tl) {
    if (!groups[tl.kind]) { groups[tl.kind] = []; order.push(tl.kind); }
    groups[tl.kind].push(tl);
  });
  const tie = name ? function (a, b) { return name(a).localeCompare(name(b)); } : function (a, b) { return a < b ? -1 : 1; };
  order.sort(function (a, b) { return groups[b].length - groups[a].length || tie(a, b); });
  return order.map(function (k) { return { kind: k, tiles: groups[k] }; });
}

function setRows(tiles) {
  return setsOf(tiles).map(function (set) {
    const k = set.kind;
    return h("div", { className: "set-row", "data-kind": k }, [
      h("span", { className: "set-name" }, [h("span", { className: "chip-icon", text: icon(k), title: kindName(k) }), " ", kindName(k), " ×", String(set.tiles.length)]),
      h("span", { className: "set-tiles" }, set.tiles.map(function (tl) { return chip(tl, "mini"); })),
    ]);
  });
}

/* A plural template from tiles-i18n: [form for 0, for 1, for 2 and more] (the page renders each with the
 * language's own plural rule), or the English fallbacks. */
function plural(key, n, one, many) {
  const forms = T && T[key];
  if (forms && forms.length === 3) return forms[n === 0 ? 0 : n === 1 ? 1 : 2];
  return n === 1 ? one : many;
}

/* A tile inside a sentence of the running account ("the pink ring"). */
function tileInText(tile) {
  if (!tile) return "";
  return fmt(t("ev_tile", "the {colour} {kind}"), { colour: colourName(tile.colour), kind: kindName(tile.kind) });
}

/* The layout's name: translated for the shipped layouts, as the data says for one staff created. */
function layoutName(layout) {
  if (!layout) return "";
  return (layout.key && T.layouts && T.layouts[layout.key]) || layout.name || "";
}

function strings() { return T; }

export {
  COLOURS, strings, t,
  kindName, colourName, icon, chip, tileLabel,
  setsOf, setRows, plural, tileInText, layoutName,
};

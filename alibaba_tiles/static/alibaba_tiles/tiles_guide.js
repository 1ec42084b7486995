/* Ali Baba's treasure cave: what teaches the game on the page.
 *
 * - tileTitle(b, flags): a tile's tooltip in words (colour, kind, layer, what a click does), never
 *   the internal "L:R:C" position;
 * - promptHint(view, legal, raw, api): one line saying what the current prompt asks, for every kind
 *   of prompt (and whom we wait for when it is not yours);
 * - renderGuide(view, legal, raw, api): that hint, the legend of the colours and of the layer dots,
 *   and a link to the rules page.
 * Its strings are GUIDE in tiles_strings.js; the rules page's address is in #tiles-guide-data (alibaba_tiles/guide_i18n.html).
 */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";
import { GUIDE } from "./tiles_strings.js";

const h = UI.h;
const fmt = UI.fmt;
const COLOUR_ORDER = ["pink", "blue", "brown", "green", "yellow", "white"];

function g(key, fallback) {
  return GUIDE[key] || fallback;
}

function rulesAddress() {
  const el = document.getElementById("tiles-guide-data");
  try { return el ? JSON.parse(el.textContent).rules_url : ""; } catch { return ""; }
}

/* "layer 2 of 4" (the top layer says so) */
function layerText(layer, layers) {
  if (layers && layer === layers - 1 && layers > 1) return fmt(g("layer_top", "top layer ({n} of {of})"), { n: layer + 1, of: layers });
  if (layer === 0) return g("layer_bottom", "bottom layer");
  return fmt(g("layer_of", "layer {n} of {of}"), { n: layer + 1, of: layers || "?" });
}

function tileTitle(b, flags, layers) {
  const parts = [b.tile ? C.tileLabel(b.tile) : C.t("face_down", "face down"), layerText(b.layer, layers)];
  if (b.tile && !b.face_up) parts.push(g("was_face_down", "it was still face down"));
  if (flags.take) parts.push(g("click_take", "click to take it"));
  else if (flags.green) parts.push(g("click_green", "click to take it too (green effect)"));
  else if (flags.forbidden) parts.push(g("forbidden", "forbidden to you this turn (white effect)"));
  else if (b.face_up === false && !b.tile) parts.push(g("covered", "covered: it flips face up once nothing lies on it"));
  return parts.join(" · ");
}

function effectHint(colour) {
  return g("hint_effect_" + colour, "");
}

function promptHint(view, legal, raw, api) {
  if (view.finished) return "";
  if (!raw.length) return "";  // the waiting prompt already says whom the table waits for
  if (Object.keys(legal.take).length) return g("hint_take", "Pick a glowing tile: it goes behind your screen, then its colour's effect is offered.");
  if (legal.lamp.length) return g("hint_lamp", "Keep the lamp, or swap it for a bazaar tile: the tile you keep decides the effect.");
  if (legal.effect.length) {
    const mine = (view.pending || []).filter(function (p) { return p.seat === api.seat && p.decision === "effect"; })[0];
    const colour = mine && mine.effect;
    return effectHint(colour) || g("hint_effect", "Use the effect of the tile you took, or skip it.");
  }
  if (legal.show.length) return fmt(g("hint_show", "Pick a tile you can bear to lose: {name} may take it."), { name: api.name(view.current) });
  if (legal.choose.length) return g("hint_choose", "Pick the shown tile you want: it joins your screen; the others go back.");
  return "";
}

function legend() {
  const rows = COLOUR_ORDER.map(function (c) {
    return h("li", { "data-colour": c }, [
      h("span", { className: "swatch c-" + c }), " ",
      h("strong", { text: C.colourName(c) }), " ",
      h("span", { text: g("legend_" + c, "") }),
    ]);
  });
  const dots = h("span", { className: "legend-dots", "aria-hidden": "true" }, [
    h("span", { className: "dot" }), h("span", { className: "dot" }), h("span", { className: "dot" }),
  ]);
  return [
    h("ul", { className: "legend-colours", "data-testid": "legend-colours" }, rows),
    h("p", { className: "legend-line", "data-testid": "legend-dots" }, [dots, " ", g("legend_dots", "Dots in a tile's corner count its layer: one dot is the bottom layer, the most dots the top.")]),
    h("p", { className: "legend-line" }, [h("span", { className: "legend-glow" }), " ", g("legend_glow", "Glowing tiles can be taken now; dimmed ones are forbidden to you by a white effect; face-down tiles flip once nothing lies on them.")]),
  ];
}

let legendOpen = null;
function renderGuide(view, legal, raw, api) {
  if (legendOpen === null) {
    // open at first on a wide screen; on a phone it would push the cave far down
    let saved = null;
    try { saved = window.localStorage.getItem("tiles-legend"); } catch { /* private mode */ }
    legendOpen = saved ? saved === "open" : window.innerWidth > 900;
  }
  const hint = promptHint(view, legal, raw, api);
  const details = h("details", { className: "legend", "data-testid": "legend", open: legendOpen }, [
    h("summary", { text: g("legend", "What the colours and dots mean") }),
  ].concat(legend()));
  details.addEventListener("toggle", function () {
    legendOpen = details.open;
    try { window.localStorage.setItem("tiles-legend", details.open ? "open" : "closed"); } catch { /* private mode */ }
  });
  const rulesUrl = rulesAddress();
  return h("section", { className: "card guide", "data-testid": "guide" }, [
    hint ? h("p", { className: "prompt-hint", "data-testid": "prompt-hint", text: hint }) : null,
    details,
    rulesUrl ? h("p", { className: "small" }, [h("a", { href: rulesUrl, "data-testid": "rules-link-guide", target: "_blank", rel: "noopener", text: g("rules", "How to play") })]) : null,
  ]);
}

export { tileTitle, promptHint, renderGuide, layerText };

/* The page scripts' strings on a French page: static/js/i18n.js reads the catalogue the page names
 * (/jsi18n/, here read from locale/fr/LC_MESSAGES/djangojs.mo as Django serves it), its lookups and plural
 * rule, the English fallbacks, the strings tables of the *_strings.js modules and the games' lookups of them. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";
import { catalogue } from "./catalogue.mjs";

const page = installPage("fr");
const { gettext, ngettext, pgettext } = await import("../../static/js/i18n.js");
const UI = await import("../../matches/static/matches/ui.js");
const { MATCH } = await import("../../matches/static/matches/match_strings.js");
const { SIDI } = await import("../../sidibaba/static/sidibaba/sidi_strings.js");
const { CHAT } = await import("../../chat/static/chat/chat_strings.js");
const Tiles = await import("../../alibaba_tiles/static/alibaba_tiles/tiles_common.js");
const Basra = await import("../../basra/static/basra/basra_log.js");
const Sidi = await import("../../sidibaba/static/sidibaba/sidi_common.js");

test("the catalogue is fetched once, from the address the page names", () => {
  assert.deepEqual(page.fetched, ["/jsi18n/?language=fr"]);
});

test("a string reads in French", () => {
  assert.equal(gettext("Connected"), "Connecté");
  assert.equal(gettext("Move {n} of {total}"), "Coup {n} sur {total}");
});

test("a string missing from the catalogue reads in English", () => {
  assert.equal(gettext("A sentence nobody translated"), "A sentence nobody translated");
  assert.equal(pgettext("some context", "A word nobody translated"), "A word nobody translated");
});

test("French counts: 0 and 1 are singular, 2 and more plural", () => {
  assert.equal(ngettext("{n} lamp", "{n} lamps", 0), "{n} lampe");
  assert.equal(ngettext("{n} lamp", "{n} lamps", 1), "{n} lampe");
  assert.equal(ngettext("{n} lamp", "{n} lamps", 2), "{n} lampes");
});

test("a counted string missing from the catalogue follows the English rule", () => {
  assert.equal(ngettext("{n} untranslated", "{n} untranslateds", 0), "{n} untranslateds");
  assert.equal(ngettext("{n} untranslated", "{n} untranslateds", 1), "{n} untranslated");
});

test("a counted string read as a plain one gives its first form", () => {
  assert.equal(gettext("{n} lamp"), "{n} lampe");
});

test("a context picks its own translation", () => {
  assert.equal(pgettext("a player away from the table", "away"), "absent");
  assert.equal(pgettext("treasure", "lamp"), "lampe");
});

test("every translation keeps the placeholders of its English source", () => {
  const names = (text) => [...new Set(text.match(/\{\w+\}/g) || [])].sort();
  const found = catalogue("fr").catalog;
  assert.ok(Object.keys(found).length > 100);
  for (const [key, value] of Object.entries(found)) {
    const source = key.split("\x04").pop();
    for (const form of [].concat(value)) assert.deepEqual(names(form), names(source), JSON.stringify(key));
  }
});

test("the tables hold the French", () => {
  assert.equal(MATCH.connected, "Connecté");
  assert.equal(MATCH.away, "absent");
  assert.equal(CHAT.seat, "place {n}");
  assert.deepEqual(SIDI.lamps_n, ["{n} lampe", "{n} lampe", "{n} lampes"]);
});

test("the placeholders of a French string may come in another order", () => {
  assert.equal(Tiles.tileLabel({ colour: "pink", kind: "ring" }), "bague, tuile rose");
});

test("the games' counted strings in French: 0 is singular", () => {
  assert.equal(Tiles.plural("tiles_count", 0, "{n} tile", "{n} tiles"), "{n} tuile");
  assert.equal(Tiles.plural("tiles_count", 2, "{n} tile", "{n} tiles"), "{n} tuiles");
  assert.deepEqual([0, 1, 2].map(Basra.cash), ["0 piastre", "1 piastre", "2 piastres"]);
  assert.equal(Sidi.t("lamps_n", "", { n: 0 }), "0 lampe");
  assert.equal(Sidi.t("lamps_n", "", { n: 5 }), "5 lampes");
});

test("the clock of a French page counts days in j", () => {
  assert.equal(UI.formatClock(2 * 86400 + 3 * 3600), "2\u00a0j 3:00:00");
});

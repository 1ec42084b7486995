/* The page scripts' strings on an English page (no catalogue: the English source): static/js/i18n.js's
 * lookups and placeholders, the strings tables of the *_strings.js modules, and the games' own lookups of
 * them (fallbacks, the forms of counted strings for 0, 1 and 2 or more). */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";
import { stringTables, stringModules, entries } from "./tables.mjs";

const page = installPage("en");
const { gettext, ngettext, pgettext, interpolate } = await import("../../static/js/i18n.js");
const UI = await import("../../matches/static/matches/ui.js");
const { MATCH } = await import("../../matches/static/matches/match_strings.js");
const { SIDI } = await import("../../sidibaba/static/sidibaba/sidi_strings.js");
const { changesSeat, isAbortCode, isSeatCode, seatLine } = await import("../../matches/static/matches/seat_log.js");
const Tiles = await import("../../alibaba_tiles/static/alibaba_tiles/tiles_common.js");
const Basra = await import("../../basra/static/basra/basra_log.js");
const Sidi = await import("../../sidibaba/static/sidibaba/sidi_common.js");
const tables = await stringTables();

test("a page without a catalogue fetches none and reads the English source", () => {
  assert.deepEqual(page.fetched, []);
  assert.equal(gettext("Connected"), "Connected");
  assert.equal(gettext("no such string"), "no such string");
});

test("English counts: 1 is singular, 0 and 2 plural", () => {
  assert.equal(ngettext("{n} lamp", "{n} lamps", 0), "{n} lamps");
  assert.equal(ngettext("{n} lamp", "{n} lamps", 1), "{n} lamp");
  assert.equal(ngettext("{n} lamp", "{n} lamps", 2), "{n} lamps");
});

test("a string with a context reads as itself, without its context", () => {
  assert.equal(pgettext("a player away from the table", "away"), "away");
});

test("interpolate fills every occurrence of each placeholder given, and leaves the others", () => {
  assert.equal(interpolate("{name} took {tile}", { name: "Ann", tile: "a ring" }), "Ann took a ring");
  assert.equal(interpolate("{n} and {n}", { n: 2 }), "2 and 2");
  assert.equal(interpolate("{name} took {tile}", { name: "Ann" }), "Ann took {tile}");
  assert.equal(interpolate("{n} s"), "{n} s");
});

test("fmt fills the placeholders given (0 included), and leaves unknown ones as they are", () => {
  assert.equal(UI.fmt("{n} s", { n: 5 }), "5 s");
  assert.equal(UI.fmt("{n} s", { n: 0 }), "0 s");
  assert.equal(UI.fmt("{a}-{b}-{a}", { a: 1 }), "1-{b}-1");
  assert.equal(UI.fmt("{n} s"), "{n} s");
  assert.equal(UI.fmt(7, {}), "7");
});

test("the clock of an English page counts days in d", () => {
  assert.equal(UI.formatClock(86400 + 61), "1\u00a0d 0:01:01");
  assert.equal(UI.formatClock(75), "1:15");
});

test("every page's strings module is found", () => {
  assert.deepEqual(stringModules(), [
    "alibaba_tiles/static/alibaba_tiles/tiles_strings.js", "basra/static/basra/basra_strings.js",
    "chat/static/chat/chat_strings.js", "lobby/static/lobby/lobby_strings.js",
    "matches/static/matches/match_strings.js", "people/static/people/people_strings.js", "sidibaba/static/sidibaba/sidi_strings.js",
  ]);
});

test("a counted string holds its forms for 0, 1 and 2 or more", () => {
  const counted = Object.entries(tables).flatMap(([path, table]) => entries(table, path)).filter(([, value]) => Array.isArray(value));
  assert.ok(counted.length >= 15, String(counted.length));
  for (const [path, forms] of counted) {
    assert.equal(forms.length, 3, path);
    assert.ok(forms.every((form) => typeof form === "string" && form), path);
  }
  assert.deepEqual(SIDI.lamps_n, ["{n} lamps", "{n} lamp", "{n} lamps"]);
});

test("the tables hold the English source", () => {
  assert.equal(MATCH.connected, "Connected");
  assert.equal(MATCH.away, "away");
  assert.equal(MATCH.replay_position, "Move {n} of {total}");
});

test("the treasure cave: a counted string's form by the count, the English fallbacks without one", () => {
  assert.equal(Tiles.plural("tiles_count", 0, "{n} tile", "{n} tiles"), "{n} tiles");
  assert.equal(Tiles.plural("tiles_count", 1, "{n} tile", "{n} tiles"), "{n} tile");
  assert.equal(Tiles.plural("tiles_count", 7, "{n} tile", "{n} tiles"), "{n} tiles");
  assert.equal(Tiles.plural("no_such_key", 1, "one", "many"), "one");
  assert.equal(Tiles.plural("no_such_key", 0, "one", "many"), "many");
});

test("the treasure cave: a string, else its fallback, else its key", () => {
  assert.equal(Tiles.t("your_turn", "x"), "Your turn");
  assert.equal(Tiles.t("no_such_key", "Fallback"), "Fallback");
  assert.equal(Tiles.t("no_such_key"), "no_such_key");
  assert.equal(Tiles.tileLabel({ colour: "pink", kind: "ring" }), "pink ring");
  assert.equal(Tiles.kindName("unknown_kind"), "unknown_kind");
});

test("Basra: counted strings by the count, and the English fallbacks", () => {
  assert.deepEqual([0, 1, 2].map(Basra.cash), ["0 Piastres", "1 Piastre", "2 Piastres"]);
  assert.equal(Basra.plural("no_such_key", 1, "{n} card", "{n} cards"), "{n} card");
  assert.equal(Basra.plural("no_such_key", 3, "{n} card", "{n} cards"), "{n} cards");
  assert.equal(Basra.t("no_such_key", "Fallback"), "Fallback");
});

test("Sidi Baba: a string with its data, a counted one by data.n", () => {
  assert.equal(Sidi.t("lamps_n", "", { n: 0 }), "0 lamps");
  assert.equal(Sidi.t("lamps_n", "", { n: 1 }), "1 lamp");
  assert.equal(Sidi.t("lamps_n", "", { n: 3 }), "3 lamps");
  assert.equal(Sidi.t("no_such_key", "{who} waits", { who: "Ann" }), "Ann waits");
  assert.equal(Sidi.t("no_such_key"), "no_such_key");
});

test("a seat's notice names the seat's player", () => {
  const api = { name: (seat) => ["Ann", "Bob"][seat] };
  assert.equal(seatLine({ code: "seat_returned", seat: 1 }, api), "Bob is back and plays again.");
  assert.equal(seatLine({ code: "unknown_code", seat: 0 }, api), "unknown_code");
});

test("the busy server's notice is worded like a seat's and changes no seat's badges", () => {
  const api = { name: (seat) => ["Ann", "Bob"][seat] };
  assert.match(seatLine({ code: "bots_hurried", seat: 1 }, api), /^The server is busy: the computer players, Bob among them/);
  assert.ok(isSeatCode("bots_hurried") && !changesSeat("bots_hurried") && changesSeat("seat_stood_in"));
});

test("an abort's notice names who aborted or was away, and changes no seat's badges (the early abort)", () => {
  const api = { name: (seat) => ["Ann", "Bob"][seat] };
  assert.equal(seatLine({ code: "match_aborted", seat: 1 }, api),
    "Bob aborted the match before every player had made a first decision: it ends unrated.");
  assert.match(seatLine({ code: "match_aborted_away", seat: 0 }, api), /^Ann was away when their first decision was due/);
  for (const code of ["match_aborted", "match_aborted_away"]) assert.ok(isSeatCode(code) && isAbortCode(code) && !changesSeat(code));
  assert.ok(!isAbortCode("seat_resigned"));
});

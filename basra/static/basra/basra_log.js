/* Ali Baba in Basra: the page's strings, card names, and the events' log worded in the reader's language
 * from the event codes (docs/rules/basra.md, "Actions and events"). */
import * as UI from "../matches/ui.js";
import { BASRA } from "./basra_strings.js";
import { newLog as newEventLog } from "../matches/event_log.js";
import { seatLine } from "../matches/seat_log.js";

const h = UI.h;
const fmt = UI.fmt;
const T = BASRA;
let DATA = { cards: { cards: [], gangs: [] } };

/* The game data the page carries (#basra-data: cards, gangs, the board). */
function read() {
  try { DATA = JSON.parse(document.getElementById("basra-data").textContent); } catch { /* keep the empty data */ }
}
/* A string of the page; a counted one ("{n} steps") is the list of its forms for 0, 1 and 2 or more. */
function t(key, fallback, n) {
  const s = (T && T[key]) || fallback || key;
  return Array.isArray(s) ? s[n === 0 ? 0 : n === 1 ? 1 : 2] : s;
}
function gangName(g) { return (T.gangs && T.gangs[g]) || g; }
function card(id) { return (DATA.cards.cards || [])[id] || null; }
function cardName(id) {
  const c = card(id);
  const name = c && T.card_names && T.card_names[c.name] ? T.card_names[c.name] : (c ? c.name : "");
  // "value" says what the number is: the card's printed treasure, not what it costs (the price is the quarter's)
  return c ? fmt(t("card_name", "{name} ({gang}, value {value})"), { name: name, gang: gangName(c.gang), value: c.value }) : "#" + id;
}
/* What the card does, in words, for its chip's tooltip. */
function cardTitle(c) {
  return fmt(t("card_title", "{name}: {gang}, treasure value {value}; caught when the Destiny number is {numbers}"),
    { name: (T.card_names && T.card_names[c.name]) || c.name, gang: gangName(c.gang), value: c.value, numbers: c.destiny.join(", ") });
}
/* The price of a card's gang in the quarter where Ali Baba stands (what buying or selling it costs or pays now). */
function priceHere(id, position, data) {
  const c = card(id), game = data || DATA;
  const sp = ((game.board || {}).spaces || []).filter(function (s) { return s.id === position; })[0];
  const row = sp && game.prices && game.prices.quarters[String(sp.quarter)];
  return c && row ? row[c.gang] : null;
}
function cardList(ids) { return (ids || []).map(cardName).join(", "); }
function cardChip(id) {
  const c = card(id);
  return h("span", { className: "bcard g-" + (c ? c.gang : ""), "data-card": id, title: c ? cardTitle(c) : "" },
    [cardName(id), c ? h("small", { className: "destiny-numbers", text: " ⚄" + c.destiny.join(",") }) : null]);
}

/* A plural template from basra-i18n: [form for 0, for 1, for 2 and more] (the page renders each with the
 * language's own plural rule, which for English and French depends on nothing else), or the English fallbacks. */
function plural(key, n, one, many) {
  const forms = T && T[key];
  if (Array.isArray(forms) && forms.length === 3) return forms[n === 0 ? 0 : n === 1 ? 1 : 2];
  return n === 1 ? one : many;
}
/* A chance space's kind worded ("two_out" -> "two cards out, free"). */
function chanceName(kind) { return (T.chance && T.chance[kind]) || kind; }
function cash(n) { return fmt(plural("cash", n, "{n} Piastre", "{n} Piastres"), { n: n }); }

const PLURAL_EVENTS = {
  moved: ["moved Ali Baba {n} step", "moved Ali Baba {n} steps"],
  stolen: ["stole {amount} Piastres: {n} turn in the cave", "stole {amount} Piastres: {n} turns in the cave"],
  announced: ["announced {n} card", "announced {n} cards"],
};

/* One event in the reader's language. */
function eventText(e, api) {
  let key = "ev_" + e.code;
  const args = {
    n: e.card !== undefined && e.code === "card_played" ? e.card : (e.number !== undefined ? e.number : (e.turns !== undefined ? e.turns : (e.count !== undefined ? e.count : (e.round !== undefined ? e.round : (e.path ? e.path.length : ""))))),
    cards: cardList(e.cards), card: e.card !== undefined && e.code !== "card_played" ? cardName(e.card) : "",
    amount: [e.amount, e.fine, e.cost, e.lost].filter(function (v) { return v !== undefined; })[0], price: e.price !== undefined ? cash(e.price) : "",
    kind: e.kind ? t("win_" + e.kind, e.kind) : "", die: e.die ? t(e.die, e.die) : "", value: e.value !== undefined ? e.value : e.roll,
    gang: e.gang ? gangName(e.gang) : "", name: e.to !== undefined ? api.name(e.to) : (e.seat !== undefined ? api.name(e.seat) : ""),
  };
  if (e.code === "chance") args.kind = chanceName(e.kind || "");
  if (e.code === "hand_dealt") args.cards = (e.cards || []).join(", ");  // movement cards are numbers, not bandit cards
  if (e.code === "starter_chosen") args.name = api.name(e.starter);
  if (e.code === "destiny") args.n = e.number !== undefined ? e.number : e.value;
  if (e.code === "paid" && e.reason) args.reason = t("reason_" + e.reason, "");
  if (e.code === "paid" && e.amount < 0) { key = "ev_paid_out"; args.amount = -e.amount; }
  if (PLURAL_EVENTS[e.code]) return fmt(plural(key, Number(args.n), PLURAL_EVENTS[e.code][0], PLURAL_EVENTS[e.code][1]), args);
  const line = fmt(t(key, e.code), args);
  return args.reason ? line + " (" + args.reason + ")" : line;
}

function renderLog(log, api) {
  const items = log.slice(-25).reverse();
  // It scrolls: focusable, so that a keyboard can scroll it too (and named for who lands on it).
  const ul = h("ul", { className: "basra-log", "data-testid": "log", tabindex: 0, "aria-label": t("log", "What happened") });
  items.forEach(function (e) {
    if (e.notice) {
      ul.appendChild(h("li", { className: "notice", "data-code": e.code, "data-version": e.version }, [seatLine(e, api)]));
      return;
    }
    let seat = e.seat;
    if (seat === undefined && e.code === "offer_made") seat = e.from;  // offer events name their two players
    if (seat === undefined && (e.code === "offer_accepted" || e.code === "offer_declined")) seat = e.to;
    const who = seat === null || seat === undefined || e.code === "starter_chosen" ? "" : api.name(seat) + " ";
    ul.appendChild(h("li", { "data-code": e.code, "data-version": e.version }, [who ? h("strong", { text: who }) : null, eventText(e, api)]));
  });
  if (!items.length) ul.appendChild(h("li", { className: "muted", text: t("nothing_yet", "Nothing has happened yet.") }));
  return h("section", { className: "card log" }, [h("h2", { text: t("log", "What happened") }), ul]);
}

/* The events received, oldest first (a version kept once; a replay stepping back forgets what follows). */
/* The log keeps the last 200 events. */
function newLog() {
  return newEventLog(function (log) { return log.slice(-200); });
}

function data() { return DATA; }

export {
  read, t, gangName, card, cardName, cardList, cardChip,
  cardTitle, priceHere,
  plural, chanceName, cash,
  data, eventText, renderLog, newLog,
};

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

/* Cards and Piastres in plain words ("Pirates (Robbers, value 20) and 300 Piastres"; "nothing"): no "0 Piastres". */
function goods(cards, piastres) {
  const parts = [];
  if (cards && cards.length) parts.push(cardList(cards));
  if (piastres) parts.push(cash(piastres));
  return parts.length ? parts.join(" " + t("and", "and") + " ") : t("nothing_cards", "nothing");
}

/* An offer in words: what each side hands over, as its maker (api.seat), the one it is made to, or a spectator
 * sees it. */
function offerText(o, api) {
  const sale = o.cards !== undefined;
  const fromGives = sale ? goods(o.cards, 0) : goods(o.give, o.give_piastres);
  const toGives = sale ? goods([], o.piastres) : goods(o.want, o.want_piastres);
  const args = { id: o.id, give: fromGives, get: toGives };
  if (o.from === api.seat) return fmt(t("offer_sent", "Your offer #{id} to {name}: you give {give}; you get {get}"), Object.assign(args, { name: api.name(o.to) }));
  if (o.to === api.seat) return fmt(t("offer_to_you", "Offer #{id} from {name}: you get {give}; you give {get}"), Object.assign(args, { name: api.name(o.from) }));
  return fmt(t("offer_line", "Offer #{id}: {from} gives {give} to {to} for {get}"), Object.assign(args, { from: api.name(o.from), to: api.name(o.to) }));
}

/* What a phase asks, in the status bar's words ("sell cards, then play a movement card"; a window: its kind; in the
 * Forty Thieves variant a turn steals instead of selling), and what a roll is for ("the black die"; "" for other
 * phases). */
function phaseWords(phase, variant) {
  if (!phase) return "";
  if (phase.name === "turn" && variant === "forty_thieves") return t("phase_turn_forty", "steal, then play a movement card");
  return phase.name === "window" ? t("win_" + phase.kind, phase.kind) : t("phase_" + phase.name, phase.name);
}
function purposeWords(phase) {
  return phase && phase.purpose ? t("purpose_" + phase.purpose, phase.purpose) : "";
}

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

/* The name that leads an event's line in the log ("Bob " of "Bob played a 3"), or "" for an event of nobody's. */
function eventWho(e, api) {
  let seat = e.seat;
  if (seat === undefined && e.code === "offer_made") seat = e.from;  // offer events name their two players
  if (seat === undefined && (e.code === "offer_accepted" || e.code === "offer_declined")) seat = e.to;
  return seat === null || seat === undefined || e.code === "starter_chosen" ? "" : api.name(seat) + " ";
}

/* An event's line of the log as one sentence, for the screen-reader mode's announcements: the log's own words
 * (its name, then eventText) and a full stop; a line of nobody's starts with a capital, a name stays as written. */
function eventSentence(e, api) {
  if (e.notice) return seatLine(e, api);
  const who = eventWho(e, api), text = eventText(e, api).trim();
  if (!text) return "";
  const line = who ? who + text : text.charAt(0).toUpperCase() + text.slice(1);
  return line + (/[.!?…]$/.test(line) ? "" : ".");
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
    const who = eventWho(e, api);
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
  data, eventText, eventWho, eventSentence, renderLog, newLog,
  goods, offerText, phaseWords, purposeWords,
};

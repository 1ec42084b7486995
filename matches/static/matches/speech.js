/* The screen-reader mode of a match page (docs/accessibility.md; the header's switch, <body data-screen-reader="on">).
 *
 * Lichess's blind mode for three board games: the game's drawing stays (its controls are reachable by keyboard), and
 * beside it the page gets, from the game's "speech" (registered as below):
 *   - short announcements only, in a live log of their own (#sr-announcements): "Your turn: take a tile", each event
 *     as one sentence, the clock at 1 minute, 30 s and 10 s; never the board, never a ticking counter;
 *   - the board as structured text (#sr-board: headings, lists, tables), redrawn with each frame, read at will;
 *   - readouts on demand, typed ("turn", "scores", "hand", "clocks", "last", "board", "help"; the page's language's
 *     words too) or pressed (a button each), answered in #sr-readout.
 * A game registers its speech with registerSpeech(game, {...}), every part optional:
 *   prompt(frame, api) -> "take a tile from the pyramid": what this seat is asked now ("" when nothing);
 *   sentences(events, frame, api) -> ["Bob takes the red tile.", ...]: each of the viewer's new events as a sentence;
 *   board(frame, api) -> a Node (or null): the board in words, with no controls;
 *   readouts: {turn, scores, hand, clocks}: each (frame, api) -> a string;
 *   deadline(frame, api) -> the server time (seconds) by which this seat must decide, or null;
 *   action(action, view, api) -> "Take the red ring (layer 2)": one action in the game's own words, in the page's
 *     language, from the view the seat had when it could take it (the review's sentences and table name actions so:
 *     actionText below; the game's buttons use the same function where their label is a sentence).
 * What a game leaves out falls back to what every frame says (whose turn from `to_act`, the last events from the
 * sentences this page announced). The client computes no rule here either: it words what the server sent.
 */
import * as UI from "./ui.js";
import { SPEECH } from "./match_strings.js";
import { actionWords } from "./review_steps.js";

const speeches = {};

export function registerSpeech(game, speech) { speeches[game] = speech; }

/* An action in the words of its game (its speech's `action` part), from the view the seat had; the action's
 * fields in plain words (review_steps.actionWords) for a game, or an action, that its game does not name. */
export function actionText(game, action, view, api) {
  const name = (speeches[game] || {}).action;
  if (typeof name === "function" && action && typeof action === "object") {
    try {
      const text = name(action, view || {}, api);
      if (text) return text;
    } catch (err) {
      console.error(err);
    }
  }
  return actionWords(action);
}

export const READOUTS = ["turn", "scores", "hand", "clocks", "last", "board", "help"];
export const MILESTONES = [60, 30, 10];
const KEPT_SENTENCES = 30;  // the "last" readout reads the newest five; the log region keeps this many

/* The clock's milestones as a deadline runs down: `said` the milestones already passed for this deadline (a Set).
 * Returns the one to announce now (the tightest newly passed) or null, and marks every passed one as said. On the
 * first look at a deadline (`first`) the passed ones are only marked: the turn's announcement said enough, and
 * "1 minute left" with 20 s to go would mislead. */
export function milestoneToSay(secondsLeft, said, first) {
  const passed = MILESTONES.filter(function (m) { return secondsLeft <= m && !said.has(m); });
  passed.forEach(function (m) { said.add(m); });
  if (first || !passed.length || secondsLeft <= 0) return null;
  return Math.min.apply(null, passed);
}

/* A typed command -> its readout's key, or null: its first word, matched without case or accents against each
 * readout's words (English always, the page's language's too: `words` {key: "words separated by spaces"}). */
export function commandOf(text, words) {
  const first = fold(String(text || "").trim().split(/\s+/)[0] || "");
  if (!first) return null;
  for (const key of READOUTS) {
    const list = (key + " " + (words[key] || "")).split(/\s+/).map(fold).filter(Boolean);
    if (list.indexOf(first) >= 0) return key;
  }
  return null;
}

function fold(word) {
  return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/* A table of the board in words: {caption, head: [column names], rows: [{head: the row's name, cells: [text]}]},
 * with its caption and header cells (th scope), as every game's board draws its tables; `attrs` on the <table>. */
export function wordsTable(table, attrs) {
  const h = UI.h;
  return h("table", attrs || {}, [
    h("caption", { text: table.caption }),
    h("thead", {}, [h("tr", {}, table.head.map(function (text) { return h("th", { scope: "col", text: text }); }))]),
    h("tbody", {}, table.rows.map(function (row) {
      return h("tr", {}, [h("th", { scope: "row", text: row.head })].concat(row.cells.map(function (text) { return h("td", { text: text }); })));
    })),
  ]);
}

/* Whose turn, from what every frame says (the fallback of the "turn" readout). */
export function turnText(frame, seat, prompt, api) {
  if (!frame) return "";
  if (frame.status !== "running") return SPEECH.over;
  if (UI.decides(frame, seat)) return prompt ? UI.fmt(SPEECH.your_turn_to, { what: prompt }) : SPEECH.your_turn;
  const waiting = (frame.to_act || []).map(function (s) { return api.name(s); });
  return waiting.length ? UI.fmt(SPEECH.waiting_for, { names: waiting.join(", ") }) : SPEECH.nobody;
}

/* The panel, for the page's live socket and its replay player alike (live.js calls update after the renderers). */
export function attach(page, api) {
  const panel = document.getElementById("sr-panel");
  if (!panel || document.body.dataset.screenReader !== "on") return { update: function () {} };
  const speech = speeches[page.dataset.game] || {};
  const replay = page.hasAttribute("data-replay");
  const log = document.getElementById("sr-announcements");
  const boardEl = document.getElementById("sr-board");
  const boardTitle = document.getElementById("sr-board-title");
  const readoutEl = document.getElementById("sr-readout");
  const form = document.getElementById("sr-commands");
  const input = document.getElementById("sr-command");
  let frame = null;
  let said = [];              // the sentences announced, newest last (the "last" readout)
  let deciding = false;
  let lastPrompt = "";
  let deadline = null;        // the deadline being watched, and the milestones passed for it
  let passed = new Set();

  /* The game's part `name` called with (frame, api) or, for sentences, (events, frame, api); the fallback when the
   * game has no such part (or it failed: the page goes on, the console says why). */
  function part(name, fallback, events) {
    const fn = speech[name];
    if (typeof fn !== "function") return fallback;
    try {
      return name === "sentences" ? fn(events, frame, api) : fn(frame, api);
    } catch (err) {
      console.error(err);
      return fallback;
    }
  }
  function announce(text) {
    if (!log || !text) return;
    log.appendChild(UI.h("p", { text: text }));
    while (log.childNodes.length > KEPT_SENTENCES) log.removeChild(log.firstChild);
  }
  function prompt() { return part("prompt", "") || ""; }

  function readout(key) {
    const own = speech.readouts && speech.readouts[key];
    if (typeof own === "function") {
      let text = "";
      try { text = own(frame, api); } catch (err) { console.error(err); }
      if (text) return text;
    }
    if (key === "turn") return turnText(frame, api.seat, prompt(), api);
    if (key === "last") return said.length ? said.slice(-5).join(" ") : SPEECH.nothing_yet;
    if (key === "clocks") {
      const at = part("deadline", null);
      if (at === null || at === undefined) return SPEECH.no_clock;
      return UI.fmt(SPEECH.clock_left, { time: UI.formatClock(UI.secondsLeft(at, api.serverNow())) });
    }
    if (key === "help") return SPEECH.help;
    return SPEECH.not_here;
  }
  function read(key) {
    if (key === "board" && boardTitle) {
      boardTitle.focus();
      return;
    }
    readoutEl.textContent = "";
    // a new text in the same node, a moment later: read again even when it is the same as the last one
    setTimeout(function () { readoutEl.textContent = readout(key); }, 50);
  }

  if (form && input) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      const typed = input.value.trim();
      input.value = "";
      const key = commandOf(typed, SPEECH.words);
      if (key) read(key);
      else {
        readoutEl.textContent = "";
        setTimeout(function () { readoutEl.textContent = UI.fmt(SPEECH.unknown, { command: typed }); }, 50);
      }
    });
  }
  panel.querySelectorAll("[data-read]").forEach(function (button) {
    button.addEventListener("click", function () { read(button.dataset.read); });
  });

  function watchClock() {
    if (replay || !deciding) return;
    const at = part("deadline", null);
    if (at === null || at === undefined) { deadline = null; return; }
    const first = at !== deadline;
    if (first) { deadline = at; passed = new Set(); }
    const m = milestoneToSay(UI.secondsLeft(at, api.serverNow()), passed, first);
    if (m !== null) announce(m === 60 ? SPEECH.one_minute : UI.fmt(SPEECH.seconds_left, { n: m }));
  }
  setInterval(watchClock, 500);

  return {
    update: function (next, previous, events) {
      frame = next;
      const board = part("board", null);
      if (boardEl) boardEl.replaceChildren(board || UI.h("p", { text: SPEECH.no_board }));
      const sentences = part("sentences", [], events || []) || [];
      // The first frame (the page opened, reloaded or switched language) carries the recent events: kept for the
      // "last" readout, not announced again as news.
      sentences.forEach(function (s) { said.push(s); if (previous) announce(s); });
      if (said.length > KEPT_SENTENCES) said = said.slice(-KEPT_SENTENCES);
      const now = UI.decides(frame, api.seat) && frame.status === "running";
      const asked = now ? prompt() : "";
      if (now && (!deciding || asked !== lastPrompt)) announce(turnText(frame, api.seat, asked, api));
      if (!now && deciding) deadline = null;
      deciding = now;
      lastPrompt = asked;
      if (previous && previous.status === "running" && frame.status !== "running") announce(SPEECH.over);
      watchClock();
    },
  };
}

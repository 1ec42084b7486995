/* Sidi Baba: what the page's scripts share (the page's strings, names of tokens, characters and Events,
 * the wording of the square in front, buttons for legal actions). The page's other modules import it. */
import * as UI from "../matches/ui.js";
import { SIDI } from "./sidi_strings.js";

const h = UI.h;
const fmt = UI.fmt;
function strings() { return SIDI; }
/* A string of the page with its data; a counted one ("{n} lamps") is the list of its forms for 0, 1 and 2 or
 * more, chosen by data.n. */
function t(key, fallback, data) {
  let s = strings()[key] || fallback || key;
  if (Array.isArray(s)) { const n = (data || {}).n; s = s[n === 0 ? 0 : n === 1 ? 1 : 2]; }
  return fmt(s, data || {});
}
/* A sentence of the log: t() with a capital first letter where the sentence starts with its own words; one
 * that starts with a name ("{name} lights lamp 2.") shows the name as written, never "Newbie1" for newbie1. */
function sentence(key, fallback, data) {
  let s = t(key, fallback, { n: (data || {}).n });  // the counted form, the other placeholders kept
  if (s && s.charAt(0) !== "{") s = s.charAt(0).toUpperCase() + s.slice(1);
  return fmt(s, data || {});
}
function kindName(kind) { return t("k_" + kind, kind); }
function characterName(c) { return c ? t("c_" + c, c) : ""; }
/* The shipped mazes' names in the reader's language; a maze made in the admin keeps the name it was given. */
function mazeName(name) { return (strings().maze_names || {})[name] || name; }
function eventName(card) {
  if (!card) return "";
  if (card.kind === "movement") return t("ev_movement", "Movement {n}", { n: card.steps });
  return t("ev_" + card.kind, card.kind);
}

/* The Leader's announcement about the square in front, in words. */
function frontText(view) {
  const front = view.front || {};
  if (view.outside && (view.moves_made || 0) === 0) return t("outside", "You stand outside the cave, facing its entrance.");
  const parts = [];
  if (front.wall) parts.push(t("front_wall", "A wall in front of you."));
  if (front.daylight) parts.push(t("front_daylight", "Daylight ahead!"));
  if (front.landslide) parts.push(t("front_landslide", "A landslide blocks the way."));
  if (front.chest) parts.push(t("front_chest_" + front.chest, "A chest in front of you."));
  if (front.treasure) parts.push(t("front_treasure_" + front.treasure, "The Treasure is in front of you!"));
  if (front.leader) parts.push(t("front_leader", "The Leader of the Thieves stands in front of you!"));
  (front.arrows || []).forEach(function (a) {
    parts.push(t("front_arrow", "A {colour} arrow points {direction}.",
      { colour: t("col_" + a.colour, a.colour), direction: t("dir_" + a.direction, a.direction) }));
  });
  return parts.length ? parts.join(" ") : t("front_nothing", "Nothing on the square in front.");
}

/* What the lamp shows, in words (issue 36: at the table the Leader tells the Adventurers what lies ahead; a
 * screen reader reads this as the picture's name): the corridor ahead and how it ends, then each opening on
 * either side and how far. ``view.sight``: the current square first, each with what is left, ahead and right
 * ("open", "wall", "daylight", "blocked"), as far as the light goes (sidibaba/engine/views.py, ``sight``). */
function sightText(view) {
  const squares = view.sight || [];
  if (!squares.length) return "";
  const last = squares[squares.length - 1];
  const ahead = squares.length - 1;  // open squares ahead of the current one
  const parts = [ahead === 0
    ? t("sight_end_" + last.ahead, "")
    : t("sight_corridor_" + last.ahead, "A corridor ahead, {n} squares.", { n: ahead })];
  squares.forEach(function (square, i) {
    ["left", "right"].forEach(function (side) {
      const what = square[side];
      if (what !== "open" && what !== "daylight") return;
      const where = i === 0 ? t("sight_beside", "beside you") : t("sight_after", "after {n} squares", { n: i });
      parts.push(t("sight_side", "{what}, {where}.", { what: t("sight_" + what + "_" + side, what + " " + side), where: where }));
    });
  });
  if (parts.length === 1) parts.push(t("sight_no_side", "No opening on either side."));
  return parts.filter(Boolean).join(" ");
}

/* The concrete actions a legal action stands for (its one_of domains expanded). */
function expand(action) {
  let out = [{}];
  Object.keys(action).forEach(function (key) {
    const v = action[key];
    const choices = v && typeof v === "object" && !Array.isArray(v) && Array.isArray(v.one_of) ? v.one_of : [v];
    const next = [];
    out.forEach(function (partial) {
      choices.forEach(function (c) { const copy = Object.assign({}, partial); copy[key] = c; next.push(copy); });
    });
    out = next;
  });
  return out;
}

/* Every concrete action of these types in `legal`. */
function concrete(legal, type) {
  let out = [];
  (legal || []).forEach(function (a) { if (a.type === type) out = out.concat(expand(a)); });
  return out;
}

/* Acts on the press, not only on the click: frames arrive while bots play and redraw the controls, and a
 * control redrawn between the press and the release would lose a plain click. Keys still click. */
function onPress(el, act) {
  let pressed = false;
  // a map square or opening is no <button>: Enter and Space press it as they press a button
  if (el.tagName.toLowerCase() !== "button") {
    el.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(ev); }
    });
  }
  el.addEventListener("pointerdown", function (ev) {
    if (ev.button !== 0 || el.disabled) return;
    pressed = true;
    act(ev);
  });
  el.addEventListener("click", function (ev) {
    if (pressed) { pressed = false; return; }
    act(ev);
  });
  return el;
}

function button(label, testid, onclick, extra) {
  return onPress(h("button", Object.assign({ type: "button", text: label, "data-testid": testid }, extra || {})), onclick);
}

/* What a token is worth or does, in words (its chip's tooltip). */
// the token kinds' values are the game's fixed data (sidibaba/engine/data/game.json, token_kinds)
const PAIRS = { emerald: 6, stones: 8, necklace: 10 }, FACES = { gold1: 1, gold2: 2, carafe: 3, daggers: 4 };
function tokenTitle(kind) {
  if (FACES[kind]) return t("tip_face", "{name}: a jewel worth {n}", { name: kindName(kind), n: FACES[kind] });
  if (PAIRS[kind]) return t("tip_pair", "{name}: a pair scores {n}, one alone 1", { name: kindName(kind), n: PAIRS[kind] });
  if (kind === "genie") return t("tip_genie_back", "a genie, face down: its kind is seen by who takes it");
  if (kind === "curse") return t("tip_curse", "a curse: the lead goes to the back and an unlit lamp is lost");
  return t("tip_genie", "{name}: a genie (scores nothing)", { name: kindName(kind) });
}
function tokenChip(kind, extra) {
  const group = /^(light|arrow_|way_)/.test(kind) || kind === "genie" ? "genie" : kind === "curse" ? "curse" : "jewel";
  return h("span", Object.assign({ className: "sidi-token " + group + " k-" + kind, text: kindName(kind), title: tokenTitle(kind) }, extra || {}));
}

/* What an Event card does, in words (beside the Leader's cards and on each Play button). */
function eventHelp(card) {
  if (!card) return "";
  if (card.kind === "movement") return t("evd_movement", "Walk your token {n} squares along open corridors; meeting the Adventurers stops them and lets you steal.", { n: card.steps });
  return t("evd_" + card.kind, "");
}
/* The characters have no powers of their own (the rule text gives none): one sentence says so where they are chosen. */
function characterHelp() {
  return t("character_help", "The six characters play alike: the one you choose is your name and figure in the line.");
}
/* A square as the Adventurers would say it (row and column from the top left, counted from 1). */
function squareName(cell, cols) {
  if (!cols) return t("square_n", "square {n}", { n: cell + 1 });
  return t("square_at", "row {row}, column {col}", { row: Math.floor(cell / cols) + 1, col: (cell % cols) + 1 });
}

/* A countdown to a server deadline (a timed answer); every one on the page is redrawn four times a second
 * from the server's clock, like the hourglass, and shows the pause instead while time is stopped. */
function answerClock(deadline, serverNow, paused, testid) {
  const el = h("span", { className: "sidi-answer-clock", "data-testid": testid || "answer-clock" });
  el._deadline = deadline; el._now = serverNow; el._paused = !!paused;
  drawClock(el);
  return el;
}
function drawClock(el) {
  if (el._paused) { el.textContent = t("answer_paused", "time stopped"); return; }
  const seconds = UI.secondsLeft(el._deadline, el._now());
  el.dataset.seconds = String(seconds);
  el.textContent = t("answer_left", "{time} left to answer", { time: UI.formatClock(seconds) });
}
setInterval(function () {
  Array.prototype.forEach.call(document.querySelectorAll(".sidi-answer-clock"), function (el) { if (el._now) drawClock(el); });
}, 250);

export {
  t, sentence, kindName, characterName, eventName, frontText, sightText,
  expand, concrete, button, onPress, tokenChip, tokenTitle,
  mazeName, eventHelp, characterHelp, squareName, answerClock,
};

/* Sidi Baba in words for the screen-reader mode (sidibaba/static/sidibaba/sidi_speech.js) on a French page: the
 * same builders as sidi_speech.test.mjs, their words from the French catalogue (a module loads once per process,
 * so each language has its file). */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";
import { ADVENTURER, LEADER, apiFor } from "./sidi_frames.mjs";

installPage("fr");
const Sp = await import("../../sidibaba/static/sidibaba/sidi_speech.js");

const adventurer = apiFor(1, 15);
const leader = apiFor(0, 15);

test("an Adventurer's board in French: the sight, the lamps, the line", () => {
  const board = Sp.boardOutline(ADVENTURER, adventurer, 15);
  assert.deepEqual(board.map(function (s) { return s.heading; }), ["Ce que montre la lampe", "Les lampes", "La file, depuis la tête"]);
  assert.equal(board[0].lines[0], "Vous êtes devant la caverne, face à son entrée.");
  assert.match(board[0].lines[1], /^Un couloir devant, 1 case, puis un mur\./);
  assert.deepEqual(board[1].lines, ["Lampe 1, allumée par Ann (vous) : encore 0:45.", "Le Chef a 0 lampe."]);
  assert.deepEqual(board[2].items, [
    "Ann (vous), Aladin, en tête : 5 lampes éteintes ; tient or 1, or 1, or 1, or 2, émeraude.",
    "Bob, Sinbad : 6 lampes éteintes ; tient 4 joyaux et 1 génie.",
  ]);
});

test("the Leader's maze in French, row by row", () => {
  const table = Sp.mazeTable(LEADER);
  assert.equal(table.caption, "Le labyrinthe Test corridor, ligne par ligne");
  assert.deepEqual(table.head, ["Case", "Passages", "Ce qui s’y trouve"]);
  const rows = {};
  table.rows.forEach(function (r) { rows[r.head] = r.cells; });
  assert.deepEqual(rows["Ligne 1, colonne 1"], ["ouverte vers l’est ; le nord : l’entrée ; l’ouest : une ouverture sur le jour",
    "la file, dehors devant cette ouverture"]);
  assert.deepEqual(rows["Ligne 1, colonne 2"], ["ouverte vers l’est et l’ouest", "rien"]);
  assert.deepEqual(rows["Ligne 2, colonne 1"], ["ouverte vers l’est et le sud", "une flèche bleue pointant vers l’est"]);
  assert.deepEqual(rows["Ligne 2, colonne 3"], ["ouverte vers l’est et l’ouest", "votre pion"]);
  assert.deepEqual(rows["Ligne 5, colonne 5"], ["ouverte vers l’ouest", "le Trésor, fermé"]);
});

test("what is asked, the events and the readouts in French", () => {
  assert.equal(Sp.askedText(ADVENTURER, [{ type: "vote_move", move: { one_of: ["E"] } }], 1), "voter le prochain mouvement");
  assert.equal(Sp.askedText(LEADER, [{ type: "pause" }], 0), "suivre la file ; vous pouvez arrêter le temps");
  assert.deepEqual(Sp.eventSentences([{ code: "moved", move: "E", version: 4 }], ADVENTURER, adventurer), ["La file avance : E : avancer.",
    "Un couloir devant, 1 case, puis un mur. Une ouverture à gauche, après 1 case. La lumière du jour à droite, après 1 case."]);
  assert.equal(Sp.handText(ADVENTURER), "Vous tenez or 1, or 1, or 1, or 2, émeraude.");
  assert.equal(Sp.handText(LEADER), "Vos cartes Événement : Téléportation. Vos lampes : 0.");
  assert.equal(Sp.clocksText(ADVENTURER, adventurer, 15), "Lampe 1, allumée par Ann (vous) : encore 0:45.");
  assert.match(Sp.scoresText(ADVENTURER, adventurer), /^Pas de score avant la fin\. /);
  assert.deepEqual(Sp.boardOutline(LEADER, leader, 15)[3].lines, ["19 cartes restent dans la pioche des Événements."]);
});

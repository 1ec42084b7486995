/* Basra in words for the screen-reader mode (basra/static/basra/basra_speech.js) on a French page: the same
 * builders as basra_speech.test.mjs, worded from the French catalogue, French punctuation included. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { loadBasraSpeech, row } from "./basra_speech_page.mjs";

const { S, frame, api } = await loadBasraSpeech("fr");

function part(parts, heading) { return parts.filter(function (p) { return p.heading === heading; })[0]; }

test("the prompt and the events' sentences are in French", () => {
  const offer = frame("offer");
  assert.equal(S.promptText(offer, api(offer)), "le Grand Bazar des bandits ; répondre à l’offre n° 1 de Bob");
  const roll = frame("roll");
  assert.equal(S.promptText(roll, api(roll)), "lancer : le dé noir");
  const pick = frame("pick");
  assert.deepEqual(S.sentences(pick.events, pick, api(pick)), ["Ann a joué un 1.", "Ann a avancé Ali Baba de 1 case."]);
});

test("the route and the quarters are French tables", () => {
  const pick = frame("pick");
  const parts = S.boardParts(pick, api(pick));
  const route = part(parts, "Le parcours");
  assert.equal(route.table.caption, "Le parcours d’Ali Baba depuis le Départ, case après case, et où il se trouve");
  assert.deepEqual(route.table.head, ["Case", "Quartier", "Ce qui s’y trouve", "Ali Baba"]);
  assert.equal(row(route, "case 1").cells[2], "Ali Baba est ici");
  assert.equal(row(route, "case 2").cells[1], "une capture des Escrocs");
  assert.match(row(route, "case 4").cells[1], / ; un carrefour : un embranchement part d’ici et rejoint le parcours à la case 8$/);
  assert.equal(route.table.rows[5].head, "embranchement de la case 4, case 1");
  const quarters = part(parts, "Les quartiers et leurs prix");
  assert.deepEqual(row(quarters, "Quartier 1, où se trouve Ali Baba").cells,
    ["Départ à case 13", "40 piastres", "60 piastres", "80 piastres", "100 piastres"]);
  assert.deepEqual(part(parts, "Table du Destin").lines, ["Dés : dé noir pas lancé, dé blanc pas lancé."]);
});

test("the readouts are in French", () => {
  const roll = frame("roll");
  assert.equal(S.handText(roll, api(roll)), "Vos cartes de déplacement : 2, 2, 3, 4, 4, 5. Vos cartes de bandits : Voyants (Escrocs, valeur 80), "
    + "Receleurs (Fraudeurs, valeur 20), Fraudeurs (Fraudeurs, valeur 160). Vous avez 2753 piastres.");
  assert.equal(S.scoresText(roll, api(roll)),
    "Manche 1. Ann : 2753 piastres, 3 cartes de bandits ; Bob : 2047 piastres, 0 carte de bandit ; Cyd : 2500 piastres, 0 carte de bandit.");
  assert.equal(S.turnText(roll, api(roll)), "Manche 1. À vous : lancer : le dé noir.");
  const over = frame("over");
  assert.equal(S.scoresText(over, api(over)), "Bob gagne ! 1. Bob : 3750 piastres, 0 carte de bandit ; 2. Ann : 3619 piastres, "
    + "0 carte de bandit ; 3. Cyd : 791 piastres, 0 carte de bandit.");
  const cave = frame("cave");
  assert.match(S.handText(cave, api(cave)), / Dans la caverne : Cyd : 37 × 1000 piastres devant Ann, sous 13 jetons · encore 37 tours\.$/);
});

test("a Forty Thieves turn asks to steal, in French", () => {
  const f = frame("cave");
  f.view.phase = { name: "turn", seat: f.seat, at: null };
  assert.equal(S.promptText(f, api(f)), "voler dans la caverne si vous le voulez, puis jouer une carte de déplacement");
});

/* Each game names its actions in its own words in French (tiles_actions.js, basra_actions.js, sidi_actions.js, through
 * the speech's `action` part that the review reads: matches/static/matches/speech.js, actionText), for every action
 * type of each engine's legal_actions, from the view the seat had (action_words_page.mjs; a module loads once per
 * process, so each language has its file). */
import { test } from "node:test";
import assert from "node:assert/strict";

import { ACTION_TYPES, CASES, loadActionWords } from "./action_words_page.mjs";

const W = await loadActionWords("fr");

// the names of CASES, in their order
const NAMED = [
  "Prendre la tuile bague rose (étage 2)",
  "Prendre une tuile face cachée (étage 1)",
  "Garder la lampe",
  "Échanger la lampe contre la tuile couronne jaune du bazar",
  "Ne pas utiliser l'effet",
  "Utiliser l'effet de la tuile épée marron",
  "Prendre aussi la tuile rubis verte (étage 1) (effet vert)",
  "Interdire les tuiles couronne aux autres jusqu'à votre prochain tour (effet blanc)",
  "Interdire les tuiles de couleur bleue aux autres jusqu'à votre prochain tour (effet blanc)",
  "Montrer la tuile couronne jaune",
  "Prendre la tuile rubis verte, montrée par Bob",
  "Jouer 3",
  "Quel chemin ? l'embranchement",
  "Quel chemin ? route principale",
  "Vendre Voyants (Escrocs, valeur 80), Mendiants (Escrocs, valeur 20)",
  "Voler pour 2 tours",
  "Acheter Voyants (Escrocs, valeur 80) pour 40 piastres",
  "Prendre Arnaqueurs (Escrocs, valeur 40) gratuitement",
  "Arrêter",
  "Lancer le dé",
  "Rendre Arnaqueurs (Escrocs, valeur 40)",
  "Retourner 2 cartes",
  "Réclamer Voyants (Escrocs, valeur 80)",
  "Bob commence la deuxième manche",
  "Choisir Escrocs",
  "Accepter #1 (Bob)",
  "Refuser #1 (Bob)",
  "Donner Mendiants (Escrocs, valeur 20) à Cyd",
  "Jeter Mendiants (Escrocs, valeur 20), Arnaqueurs (Escrocs, valeur 40)",
  "Offrir Voyants (Escrocs, valeur 80) à Bob contre 300 piastres",
  "Échanger avec Cyd : donner Mendiants (Escrocs, valeur 20), recevoir 150 piastres",
  "J'ai fini (je garde mes cartes)",
  "J'ai fini",
  "Prendre collier",
  "Défausser une de mes lampes éteintes",
  "Cyd donne une lampe éteinte au Chef",
  "Trancher la défausse (tête de file)",
  "Donner or 2",
  "Lancer le dé",
  "Remettre carafe à Cyd",
  "Jouer Éboulement : ligne 3, colonne 3",
  "Jouer Déplacement 3 (marcher 3) : ligne 3, colonne 4",
  "Passer",
  "Voler : joyau",
  "Pause",
  "Reprendre",
  "Voter E : avancer",
  "On y va (tête de file)",
  "Proposer la file Cyd → vous → Bob",
  "Accepter la file",
  "Refuser la file",
  "Trancher le vote de la file",
  "Utiliser flèche rouge → à gauche",
  "Utiliser flèche rouge",
  "Garder Que la lumière soit",
  "Offrir émeraude, or 2 au génie",
  "Ne rien offrir",
  "Interroger le génie",
  "Choisir le labyrinthe The Spiral",
  "Cacher le Trésor : ligne 2, colonne 2",
  "Placer un coffre : ligne 6, colonne 6",
  "Faire entrer les Aventuriers par l’ouverture près de la ligne 6, colonne 4",
  "Jouer Aladin",
  "Donner une lampe à Bob",
  "Sésame, ouvre-toi !",
];

test("every action type of each game's legal_actions is named", () => {
  Object.keys(ACTION_TYPES).forEach(function (game) {
    const named = CASES.filter(function (c) { return c[0] === game; }).map(function (c) { return c[1].type; });
    assert.deepEqual(ACTION_TYPES[game].filter(function (type) { return named.indexOf(type) < 0; }), [], game);
  });
  assert.equal(NAMED.length, CASES.length);
});

test("each action is named in its game's words, from the seat's view", () => {
  CASES.forEach(function (c, i) {
    assert.equal(W.name(c[0], c[1], c[2]), NAMED[i], JSON.stringify(c[1]));
  });
});

test("no name is the action's fields (the fallback) nor shows a raw field", () => {
  CASES.forEach(function (c) {
    const name = W.name(c[0], c[1], c[2]);
    assert.notEqual(name, W.fields(c[1]), JSON.stringify(c[1]));
    assert.doesNotMatch(name, /\b(type|pos|swap|slot|token|owner|cell|opening|card|cards|undefined|null)\b\s*[:=]?\s*\d/, name);
    assert.doesNotMatch(name, /_/, name);
  });
});

test("an action a game does not name, and a game without names, fall back to the action's fields", () => {
  assert.equal(W.name("basra", { type: "mystery", n: 3 }, {}), "mystery: n 3");
  assert.equal(W.name("no_such_game", { type: "vote_move", dir: "E" }, {}), "vote move: dir E");
});

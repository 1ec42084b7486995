/* The treasure cave in words (alibaba_tiles/static/alibaba_tiles/tiles_speech.js) on a French page: the same frames as
 * tiles_speech.test.mjs, the strings from the French catalogue (locale/fr/LC_MESSAGES/djangojs.mo). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { installPage } from "./page.mjs";

installPage("fr");
const S = await import("../../alibaba_tiles/static/alibaba_tiles/tiles_speech.js");
const FRAMES = JSON.parse(readFileSync(new URL("./tiles_speech_frames.json", import.meta.url)));
const NAMES = ["Ann", "Bob", "Cyd"];

function apiFor(frame) {
  return { seat: frame.seat, name: (s) => NAMES[s], isYou: (s) => s === frame.seat, serverNow: () => 1_030 };
}

test("ce qu’on demande, en français", () => {
  const asked = (name) => S.promptText(FRAMES[name], apiFor(FRAMES[name]));
  assert.equal(asked("midgame"), "prenez une tuile dans la caverne");
  assert.equal(asked("lamp"), "gardez la lampe d’Aladin ou échangez-la contre une tuile du bazar");
  assert.equal(asked("effect-pink"), "utilisez l’effet magique de la tuile rose ou passez-le");
  assert.equal(asked("show"), "montrez l’une de vos tuiles : Ann pourra la prendre");
});

test("les événements, chacun une phrase du journal", () => {
  assert.deepEqual(S.eventSentences(FRAMES.midgame.events.slice(1, 2), apiFor(FRAMES.midgame)), ["Bob a pris la tuile rubis verte."]);
});

test("la caverne en mots : une tuile face cachée n’est dite que face cachée, et ce qui couvre quoi", () => {
  const board = S.boardWords(FRAMES.start, apiFor(FRAMES.start));
  assert.deepEqual(board.layers.map((l) => l.title),
    ["Sommet (étage 4 sur 4) : 4 tuiles", "Étage 3 sur 4 : 9 tuiles", "Étage 2 sur 4 : 16 tuiles", "Étage du bas : 25 tuiles"]);
  assert.equal(board.layers[3].tiles[0], "Ligne 1, colonne 1 : face cachée. Recouverte, à l’étage 2, par : une tuile face cachée (ligne 1, colonne 1).");
  const mid = S.boardWords(FRAMES.midgame, apiFor(FRAMES.midgame));
  assert.equal(mid.takeable[0], "épée, tuile bleue, ligne 1, colonne 1, étage 3 sur 4");
  assert.match(mid.layers[1].tiles[0], /^Ligne 1, colonne 1 : épée, tuile bleue, face visible, vous pouvez la prendre\. Posée, à l’étage 2, sur : /);
  assert.equal(mid.table.caption, "Les joueurs : leurs tuiles et leurs scores");
  assert.deepEqual(mid.table.rows[1], { head: "Bob", cells: ["4 tuiles", "2"] });
});

test("les lectures : scores, paravent (les sortes dans l’ordre du français), horloge", () => {
  const frame = FRAMES.midgame, api = apiFor(frame);
  assert.equal(S.scoresText(frame, api),
    "Points d’effet jusqu’ici (les collections comptent à la fin) : 1. Ann (vous), 2 points ; 1. Bob, 2 points ; 3. Cyd, 0 point.");
  assert.equal(S.handText(frame, api),
    "Derrière votre paravent : 3 tuiles : coffre ×1 : blanche ; statue ×1 : marron ; tapis ×1 : marron. Collections 3 + effets 2 = 5 points.");
  assert.equal(S.clocksText(frame, api), "Votre décision : encore 1:10.");
  assert.equal(S.clocksText(FRAMES.start, apiFor(FRAMES.start)), "Décision de Bob : encore 0:30.");
});

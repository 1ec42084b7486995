/* Basra's speech (basra/static/basra/basra_speech.js) loaded in Node on a page of a language, with the frames
 * recorded from the engine (basra_frames.json, written by tests/basra/speech_frames.py) and the game data the
 * match page prints (#basra-data), for basra_speech.test.mjs (English) and basra_speech_fr.test.mjs (French). */
import { readFileSync } from "node:fs";

import { installPage } from "./page.mjs";

export const NAMES = ["Ann", "Bob", "Cyd"];

export async function loadBasraSpeech(language) {
  installPage(language);
  const frames = JSON.parse(readFileSync(new URL("./basra_frames.json", import.meta.url)));
  const pageData = JSON.stringify(frames.page_data);
  globalThis.document.getElementById = function (id) { return id === "basra-data" ? { textContent: pageData } : null; };
  const B = await import("../../basra/static/basra/basra_log.js");
  B.read();
  const speech = await import("../../basra/static/basra/basra_speech.js");
  /* the match page's api as the speech sees it, for the seat a frame was sent to */
  function api(frame) {
    return { seat: frame.seat, name: function (s) { return NAMES[s]; }, isYou: function (s) { return s === frame.seat; } };
  }
  /* a recorded frame, a fresh copy to change */
  function frame(name) { return structuredClone(frames[name]); }
  return { S: speech, frame: frame, api: api };
}

/* The text of a board part's table row whose header is `head`. */
export function row(part, head) {
  return part.table.rows.filter(function (r) { return r.head === head; })[0];
}

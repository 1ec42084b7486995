/* Sidi Baba: what happened, in words (the "log" renderer). Every event the server sent this seat is one
 * sentence of the page's language (sidi_sentences.js), newest first, the earlier lamps' moves and runs of
 * votes folded. */
import * as UI from "../matches/ui.js";
import * as S from "./sidi_common.js";
import { seatEvents } from "../matches/seat_log.js";
import { VOTES, eventSentence, votesFolded } from "./sidi_sentences.js";

const h = UI.h;
const KEEP = 100;  // events kept besides the votes (votes are folded and do not push events out)

function LogRenderer() {
  let root = null, api = null, list = null, log = [], cols = null;

  function sentence(e) { return eventSentence(e, api, cols); }

  /* No notes (docs/rules/sidibaba.md): the moves made before the current lamp was lit are folded
   * into one line with their count, where the first of them stood. */
  function folded(entries) {
    let lampAt = -1;
    entries.forEach(function (e, i) { if (e.code === "lamp_lit") lampAt = i; });
    const out = [];
    let fold = null;
    entries.forEach(function (e, i) {
      if (e.code !== "moved" || i > lampAt) { out.push(e); return; }
      if (!fold) { fold = { code: "moves_folded", count: 0, version: e.version }; out.push(fold); }
      fold.count += 1;
    });
    return out;
  }

  function draw() {
    list.innerHTML = "";
    votesFolded(folded(log)).slice().reverse().forEach(function (e) {
      list.appendChild(h("li", { "data-code": e.code, "data-version": String(e.version) }, [sentence(e)]));
    });
    if (!log.length) list.appendChild(h("li", { className: "muted", text: S.t("nothing_yet", "Nothing has happened yet.") }));
  }

  return {
    actions: [],
    mount: function (el, a) {
      root = el; api = a;
      list = h("ol", { className: "sidi-log", "data-testid": "event-log", reversed: true, tabindex: 0, "aria-label": S.t("log_title", "What happened") });  // it scrolls: a keyboard may scroll it
      root.appendChild(h("section", { className: "card" }, [h("h2", { text: S.t("log_title", "What happened") }), list]));
    },
    update: function (frame, previous, events) {
      // an action's events arrive together: a version already logged (a resync, a replay jump) is skipped whole
      // the seats' changes are taken afresh from each frame (seat_log.js), after the moves of their version
      log = log.filter(function (e) { return !e.notice && e.version <= frame.version; });
      const logged = {};
      log.forEach(function (e) { logged[e.version] = true; });
      (events || []).forEach(function (e) {
        const item = e.version !== undefined ? e : Object.assign({ version: frame.version }, e);
        if (!logged[item.version]) log.push(item);
      });
      log = log.concat(seatEvents(frame));
      log.sort(function (a, b) { return a.version - b.version; });
      // keep the last KEEP events that are not votes, and the votes cast since the first of them
      let kept = 0, from = 0;
      for (let i = log.length - 1; i >= 0; i--) { if (!VOTES[log[i].code] && ++kept > KEEP) { from = i + 1; break; } }
      log = log.slice(from);
      const maze = frame.view && frame.view.maze;
      cols = maze && maze.cols ? maze.cols : null;
      draw();
    },
    destroy: function () { log = []; if (root) root.innerHTML = ""; },
  };
}

export { LogRenderer };
UI.LiveMatch.registerRenderer("sidibaba", "log", LogRenderer());

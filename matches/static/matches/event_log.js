/* The events a game's page keeps for its "what happened" log (the treasure cave's and Basra's). A resync or
 * a replay jump may hand over events already kept: an event is kept once (same version, code and data).
 * The seats' changes the frame carries join them (seat_log.js: events marked `notice`), in version order,
 * each after the moves of its version.
 * What lies after the frame on screen is forgotten (a replay stepping back); `trim(log, frame)` is the
 * game's own window of what stays (the recent turns, the last so many events). */
import { seatEvents } from "./seat_log.js";

export function newLog(trim) {
  let log = [];
  return {
    events: function () { return log; },
    clear: function () { log = []; },
    remember: function (frame, events) {
      const seen = {};
      log.forEach(function (e) { seen[e.version + ":" + e.code + ":" + JSON.stringify(e)] = true; });
      (events || []).concat(seatEvents(frame)).forEach(function (e) {
        const item = e.version !== undefined ? e : Object.assign({ version: frame.version }, e);
        const k = item.version + ":" + item.code + ":" + JSON.stringify(item);
        if (!seen[k]) { seen[k] = true; log.push(item); }
      });
      log = log.filter(function (e) { return e.version <= frame.version; });
      log.sort(function (a, b) { return a.version - b.version; });  // stable: a version's moves keep their order
      log = trim(log, frame);
    },
  };
}

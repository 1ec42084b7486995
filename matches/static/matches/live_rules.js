/* The live page's rules about the frames and the socket, apart from the page and the socket themselves
 * (live.js uses them; tests/js/live_rules.test.mjs checks them): which frame is drawn, which events are new,
 * what is said on (re)connecting, how long to wait before reconnecting, which closes are final.
 * Pure functions: no DOM, no socket, no clock of their own. */

export const PING_EVERY = 25000;      // ms between pings
export const SILENCE_LIMIT = 60000;   // no frame at all for this long: the socket is dead, reconnect
export const RATINGS_SYNC_MS = 1000;  // while the end says a rating is pending, ask again this often (a sync frame is small)
export const RATINGS_SYNC_TRIES = 120; // ... at most this many times (two minutes)
export const RESYNC_AGAIN_MS = 3000;  // a full frame asked for after a missed one and not come: ask again after this

// Closes that a retry cannot mend: the page says why (the string's key) and stops (4429: too many sockets or frames).
const FATAL = { 4401: "close_4401", 4403: "close_4403", 4404: "close_4404", 4429: "close_4429" };

/* The key of the string saying why the socket closed for good, or null when a reconnect may mend it. */
export function fatalClose(code) {
  return FATAL[code] || null;
}

/* What to do with a view frame, given the last one drawn (and the text it came in):
 * "older": a frame overtaken by a newer one (a lower version), dropped;
 * "gap": a change's frame that follows on from a version newer than the one drawn (its `after`): a frame
 *   was missed in between (lost across a Redis restart), so this one is not drawn and the page asks for a
 *   full frame instead, whose recent events carry the missed ones;
 * "same": the same version in the same text (a resync's answer repeating what is drawn), nothing to draw;
 * "new": draw it (a newer version, or the same version changed: the ratings recorded after the last move).
 * A frame without `after` (a full frame: connect, hello, sync) follows on from anything. */
export function frameVerdict(last, lastText, frame, text) {
  if (last && frame.version < last.version) return "older";
  if (last && typeof frame.after === "number" && frame.after > last.version) return "gap";
  // a change's frame that keeps parts of the view from the frame before (its "kept") cannot be drawn without one
  if (Array.isArray(frame.kept) && !(last && last.view)) return "gap";
  if (last && frame.version === last.version && text === lastText) return "same";
  return "new";
}

/* The frame as drawn: a change's frame names in "kept" the parts of the view that never change in the match
 * (docs/protocol.md, "Kept parts of the view"), which it leaves out; they are taken from the last frame drawn
 * (frameVerdict sends a frame with "kept" and none before it to a full frame instead). */
export function withKeptView(frame, last) {
  if (!Array.isArray(frame.kept) || !last || !last.view) return frame;
  const view = Object.assign({}, frame.view);
  frame.kept.forEach(function (key) { view[key] = last.view[key]; });
  return Object.assign({}, frame, { view: view });
}

/* The frame's events not handed on yet (a resync frame repeats recent ones): those of a version above
 * `lastEventVersion`, each with its version (the frame's when it has none of its own).
 * Returns {events, lastEventVersion} (the newest version handed on). */
export function freshEvents(frame, lastEventVersion) {
  const events = [];
  (frame.events || []).forEach(function (e) {
    const version = e.version !== undefined ? e.version : frame.version;
    if (version > lastEventVersion) events.push(e.version !== undefined ? e : Object.assign({ version: version }, e));
  });
  let newest = lastEventVersion;
  events.forEach(function (e) { newest = Math.max(newest, e.version); });
  return { events: events, lastEventVersion: newest };
}

/* The first frame on a (re)opened socket: the last version this page saw, so the server answers with the
 * full current view (a resync after a drop, whatever was missed); null before any frame. */
export function helloFrame(lastFrame) {
  return { type: "hello", version: lastFrame ? lastFrame.version : null };
}

/* An action, sent with the version it was chosen on (the server refuses one chosen on an outdated view). */
export function actionFrame(lastFrame, action) {
  return { type: "action", version: lastFrame.version, action: action };
}

/* The server's clock minus the local one, in seconds, from a frame's server_time; `previous` when it has none. */
export function serverClockOffset(frame, nowMs, previous) {
  return typeof frame.server_time === "number" ? frame.server_time - nowMs / 1000 : previous;
}

/* Whether a socket last heard from at `lastHeard` (ms) is dead at `now` (ms). */
export function isSilent(lastHeard, now) {
  return now - lastHeard > SILENCE_LIMIT;
}

/* The wait (ms) before reconnect attempt number `attempts` (1, 2, ...): 0.5 s, 1 s, 2 s ... up to 15 s, the
 * later half of it drawn by `random` (Math.random: a number in [0, 1)) so that a restarted server is not hit
 * by every page at once. */
export function reconnectDelay(attempts, random) {
  const base = Math.min(15000, 500 * Math.pow(2, attempts - 1));
  return base / 2 + random * base / 2;
}

/* Whether a finished match's frame still says a player's rating is pending (a worker records the ratings just
 * after the last move; its frame may be overwritten by the last move's own). */
export function ratingsPending(frame) {
  const players = (frame.status === "finished" && frame.end && frame.end.players) || [];
  return players.some(function (p) { return p.rating && p.rating.state === "pending"; });
}

/* Whether to ask the server again ({"type": "sync"}) for this frame, after `tries` asks already. */
export function askForRatings(frame, tries) {
  return ratingsPending(frame) && tries < RATINGS_SYNC_TRIES;
}

/* The legal actions no renderer offers controls for, as [action, its index in `legal`]; `claims` are the
 * renderers' `actions` ("*": all of them; a list of action types; nothing: none). */
export function unclaimedActions(legal, claims) {
  const claimed = {};
  let all = false;
  claims.forEach(function (types) {
    if (types === "*") all = true;
    else (types || []).forEach(function (ty) { claimed[ty] = true; });
  });
  if (all) return [];
  return (legal || []).map(function (a, i) { return [a, i]; }).filter(function (p) { return !claimed[p[0].type]; });
}

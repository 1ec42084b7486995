/* The seats' changes (matches/presence.py: a computer player stood in for someone away, they came back,
 * they resigned; the match aborted before everyone had played; and the server too busy for the computer players to think their whole time) as lines of each game's own "what happened" log, live and in replays. A frame carries the
 * table's lasting notices (`seat_notices`; a replay's frames the whole match's), each with the version the
 * match had when the seat changed: they become events marked `notice`, placed after that version's moves,
 * and are worded here once for the three games and the shared list of seats (live.js). */
import { MATCH } from "./match_strings.js";

const FALLBACK = {
  seat_resigned: "{name} resigned: a computer player finishes the match in the seat.",
  seat_stood_in: "{name} was away when a decision was due: a computer player plays for them until they come back.",
  seat_returned: "{name} is back and plays again.",
  // the match itself ended before everyone had played (docs/ratings.md, "The early abort"): no seat changes
  match_aborted: "{name} aborted the match before every player had made a first decision: it ends unrated.",
  match_aborted_away: "{name} was away when their first decision was due: the match is aborted, unrated.",
  // not a change of seat: the table's computer players think less for a while (matches/bot_lane.py, hurried)
  bots_hurried: "The server is busy: the computer players, {name} among them, think for less time for now so that the game keeps its pace.",
};

export function isSeatCode(code) { return Object.prototype.hasOwnProperty.call(FALLBACK, code); }

/* The notices that end the match early, unrated (the early abort). */
export function isAbortCode(code) { return code === "match_aborted" || code === "match_aborted_away"; }

/* The notices that change what a seat is (its badges): every one but the busy server's and the aborts. */
export function changesSeat(code) { return isSeatCode(code) && code !== "bots_hurried" && !isAbortCode(code); }

/* The sentence of a notice (or of its log event), with the seat's name. */
export function seatLine(n, api) {
  return ((MATCH && MATCH[n.code]) || FALLBACK[n.code] || n.code).replace("{name}", api.name(n.seat));
}

/* The frame's notices up to its version, as log events. */
export function seatEvents(frame) {
  const version = frame.version;
  return (frame.seat_notices || []).filter(function (n) { return isSeatCode(n.code) && n.version <= version; })
    .map(function (n) { return { code: n.code, seat: n.seat, bot: n.bot, at: n.at, version: n.version, notice: true }; });
}

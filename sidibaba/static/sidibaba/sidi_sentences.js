/* Sidi Baba: each event in words, one sentence of the page's language (keys "e_<code>" in the page's strings);
 * nothing is inferred beyond the events themselves, so a sentence says exactly what the seat may know. Shared by
 * the log (sidi_log.js) and the screen-reader mode's announcements (sidi_speech.js). */
import * as S from "./sidi_common.js";
import { seatLine } from "../matches/seat_log.js";

const VOTES = { move_vote: true, discard_vote: true, line_vote: true };

/* One event -> one sentence. `api` names the seats (api.name, api.isYou); `cols` the maze's width where the
 * seat knows the maze (the Leader, the end), for squares named by row and column; null otherwise. */
function eventSentence(e, api, cols) {
  function name(seat) {
    if (seat === null || seat === undefined) return "—";
    return api.name(seat) + (api.isYou(seat) ? " (" + S.t("you", "you") + ")" : "");
  }
  function kinds(tokens) { return (tokens || []).map(function (tk) { return S.kindName(tk.kind || tk); }).join(", "); }
  function lineText(line) { return (line || []).map(name).join(" → "); }
  function eventKind(kind, steps) {
    if (kind === "movement") return steps ? S.t("ev_movement", "Movement {n}", { n: steps }) : S.t("ev_movement_plain", "Movement");
    return S.t("ev_" + kind, kind);
  }
  function say(key, fallback, data) { return S.sentence("e_" + key, fallback, data); }
  /* A square of the maze as people find it on the Leader's map: row and column from the top left. */
  function where(cell) {
    if (cell === null || cell === undefined) return "?";
    if (!cols) return S.t("square_n", "square {n}", { n: cell + 1 });
    return S.t("square_at", "row {row}, column {col}", { row: Math.floor(cell / cols) + 1, col: (cell % cols) + 1 });
  }
  /* One vote, short, for the folded line of votes. */
  function voteText(e) {
    if (e.code === "move_vote") return name(e.seat) + " " + e.move;
    if (e.code === "discard_vote") return S.t("vote_discard_short", "{name}: a lamp of {owner}", { name: name(e.seat), owner: name(e.owner) });
    return name(e.seat) + " " + (e.accept ? "✔" : "✘");
  }

  if (e.notice) return seatLine(e, { name: name });
  const d = { name: name(e.seat), to: name(e.to), segment: e.segment, n: e.count };
  switch (e.code) {
    case "character_chosen": return say("character_chosen", "{name} is {character}.", Object.assign(d, { character: S.characterName(e.character) }));
    case "lamp_given": return say("lamp_given", "{name} gives a lamp to {to}.", d);
    case "open_sesame": return say("open_sesame", "{name} says “Open Sesame!”: the line enters the cave.", d);
    case "setup_timeout": return say("setup_timeout", "Time for the setup ran out; what was left undone was done for the slow.", d);
    case "segment_started": return say("segment_started", "Lamp {segment} begins.", d);
    case "lamp_lit": return say("lamp_lit", "{name} lights lamp {segment}.", d);
    case "lamp_expired": return say("lamp_expired", "Lamp {segment} has gone out.", d);
    case "event_drawn": return say("event_drawn", "The Leader draws an Event (in hand: {n}).", { n: e.hand });
    case "move_vote": return say("move_vote", "{name} votes {move}.", Object.assign(d, { move: S.t("move_" + e.move, e.move) }));
    case "moved": return say("moved", "The line moves: {move}.", { move: S.t("move_" + e.move, e.move) });
    case "moves_folded": return say("moves_folded", "{n} moves during earlier lamps.", d);
    case "votes_folded": return say("votes", "Votes: {votes}.", { votes: e.votes.map(voteText).join(", ") });
    case "window_opened": return say("window_opened", "The Leader may answer with an Event.", d);
    case "window_passed": return say("window_passed", "The Leader plays no Event.", d);
    case "event_played": return say("event_played", "The Leader plays {event}.", { event: eventKind(e.event) });
    case "leader_met": return say("leader_met", "The line meets the Leader of the Thieves!", d);
    case "stolen": return say("stolen", "The Leader steals a {group} from {name}.", Object.assign(d, { group: S.t("g_" + e.group, e.group) }));
    case "line_proposed": return say("line_proposed", "{name} proposes the line {line}.", Object.assign(d, { line: lineText(e.line) }));
    case "line_vote": return e.accept ? say("line_vote_yes", "{name} accepts the proposed line.", d) : say("line_vote_no", "{name} refuses the proposed line.", d);
    case "line_vote_closed": return e.accepted ? say("line_vote_accepted", "The proposed line is accepted.", d) : say("line_vote_refused", "The proposed line is refused.", d);
    case "line_changed": return say("line_changed", "The line is now {line}.", { line: lineText(e.line) });
    case "chest_opened": return (e.treasure ? say("treasure_opened", "The Treasure is opened!", d) : say("chest_opened", "A chest is opened.", d)) +
      (e.curses ? " " + say("curses", "Curses inside: {n}.", { n: e.curses }) : "") +
      // the table's faces are public (jewels face up, genies face down): said for everyone, whoever takes first
      ((e.table || []).length ? " " + say("loot_table", "On the table: {kinds}.", { kinds: kinds(e.table) }) : "");
    case "token_taken": return say("token_taken", "{name} takes a token.", d);
    case "treasure_shared": return say("treasure_shared", "The loot has been shared.", d);
    case "discard_vote_opened": return say("discard_vote_opened", "A lamp must be discarded: the Adventurers vote.", d);
    case "discard_vote": return say("discard_vote", "{name} votes to discard a lamp of {owner}.", Object.assign(d, { owner: name(e.owner) }));
    case "lamp_discarded": return say("lamp_discarded", "A lamp of {name} is discarded.", d);
    case "dice_started": return say("dice_started", "The dice come out.", d);
    case "die_rolled": return say("die_rolled", "{name} rolls a {value}.", Object.assign(d, { value: e.value }));
    case "lock_opened": return say("lock_opened", "{name} opens the lock.", d);
    case "token_given": return say("token_given", "{name} gives a token to {to}.", d);
    case "scheherazade_received": return say("scheherazade_received", "Scheherazade's tokens go to {name}.", d);
    case "scheherazade_gave": return say("scheherazade_gave", "{name} hands out Scheherazade's tokens.", d);
    case "scheherazade_left": return say("scheherazade_left", "Scheherazade's leftover tokens go back to the bag.", d);
    case "merchant_table": return say("merchant_table", "The Merchant lays out his wares: {kinds}.", { kinds: kinds(e.table) });
    case "genie_used": return say("genie_used", "{name} calls on {genie}.", Object.assign(d, { genie: S.kindName(e.genie) }));
    case "lamps_returned": return say("lamps_returned", "Lamps given back to {name}: {n}.", d);
    case "arrow_placed": return say("arrow_placed", "A {colour} arrow now points {direction}.", { colour: S.t("col_" + e.colour, e.colour), direction: S.t("dir_" + e.direction, e.direction) });
    case "genie_offer": return say("genie_offer", "{name} offers the genie jewels worth {value}.", Object.assign(d, { value: e.value }));
    case "genie_answer": return say("genie_answer", "The genie answers: {moves}.", { moves: (e.moves || []).join(" ") || "—" });
    case "genie_draw": return say("genie_draw", "{name} draws for the genie (tokens drawn: {n}).", d);
    case "genie_kept": return say("genie_kept", "{name} keeps one token.", d);
    case "paused": return say("paused", "The Leader stops time.", d);
    case "resumed": return say("resumed", "Time runs again.", d);
    case "escaped": return say("escaped", "The Adventurers escape from the cave!", d);
    case "leader_won": return e.reason === "dark" ? say("leader_won_dark", "The last lamp has gone out: the Leader of the Thieves wins.", d)
      : say("leader_won", "The Leader of the Thieves wins.", d);
    case "token_received": return say("token_received", "You receive: {kind}.", { kind: S.kindName(e.token && e.token.kind) });
    case "token_lost": return say("token_lost", "You lose: {kind}.", { kind: S.kindName(e.token && e.token.kind) });
    case "genie_draw_tokens": return say("genie_draw_tokens", "You draw: {kinds}.", { kinds: kinds(e.tokens) });
    case "padlock_tokens": return say("padlock_tokens", "Behind the padlock: {kinds}.", { kinds: kinds(e.tokens) });
    case "event_card": return say("event_card", "You draw the Event {event}.", { event: eventKind(e.kind, e.steps) });
    case "position": return e.exit ? say("position_exit", "The line leaves the maze.", d) : say("position_at", "The line is at {where}.", { where: where(e.pos ? e.pos[0] : null) });
    case "leader_token": return e.leader_at === null || e.leader_at === undefined ? say("leader_token_gone", "Your token leaves the maze.", d)
      : say("leader_token_at", "Your token is at {where}.", { where: where(e.leader_at) });
    case "teleported": return say("teleported", "Your token teleports.", d);
    case "landslide_placed": return say("landslide_placed_at", "A landslide falls at {where}.", { where: where(e.cell) });
    case "maze_chosen": return say("maze_chosen", "You choose the maze.", d);
    case "treasure_placed": return say("treasure_placed_at", "You hide the Treasure at {where}.", { where: where(e.cell) });
    case "chest_placed": return say("chest_placed_at", "You place a chest at {where}.", { where: where(e.cell) });
    case "entrance_chosen": return say("entrance_chosen", "You choose entrance {n}.", { n: (e.opening || 0) + 1 });
    default: return say("unknown", "Something happened.", d);
  }
}

/* Votes do not bury the events: the votes cast one after another are one entry ("Votes: Ann E, Bob E."). */
function votesFolded(entries) {
  const out = [];
  let run = null;
  entries.forEach(function (e) {
    if (!VOTES[e.code]) { run = null; out.push(e); return; }
    if (!run) { run = { code: "votes_folded", votes: [], version: e.version }; out.push(run); }
    run.votes.push(e);
  });
  return out.map(function (e) { return e.code === "votes_folded" && e.votes.length === 1 ? e.votes[0] : e; });  // a lone vote keeps its sentence
}

export { VOTES, eventSentence, votesFolded };

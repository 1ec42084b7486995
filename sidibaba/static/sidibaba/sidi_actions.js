/* Sidi Baba's actions in its own words ("Vote E: step ahead", "Play Landslide: row 3, column 5"), in the page's
 * language, from the view the seat had when it could take them: the review's sentences and table
 * (matches/static/matches/review.js, through the speech's `action` part), worded as the table's buttons are
 * (sidi_controls.js, sidi_map.js). Pure: a function of the action and the view; a token is named by its kind only
 * where the view shows it to the seat. */
import * as S from "./sidi_common.js";

function seatName(seat, api) {
  if (!api) return String(seat);
  return api.isYou && api.isYou(seat) ? S.t("you", "you") : api.name(seat);
}

function tokenKind(view, token) {
  const found = (view.tokens || []).concat(view.keep_choices || []).filter(function (tk) { return tk.id === token; })[0];
  return found ? found.kind : "genie";
}

function square(view, cell) {
  return S.squareName(cell, view.maze ? view.maze.cols : null);
}

/* An Event card played as its button says it ("Play Movement 3 (walk 3)"), with its target square if it has one. */
function eventText(a, view) {
  const card = (view.event_cards || []).filter(function (c) { return c.card === a.event; })[0] || { kind: a.use };
  const useLabel = a.use === "move" ? S.t("ev_move", "walk {n}", { n: card.steps || (a.path || []).length }) : S.t("ev_" + a.use, a.use);
  const play = S.t("play", "Play {card}", { card: S.eventName(card) }) + (a.use === "move" || a.use !== card.kind ? " (" + useLabel + ")" : "");
  const cell = a.cell !== undefined ? a.cell : (Array.isArray(a.path) && a.path.length ? a.path[a.path.length - 1] : null);
  return cell === null ? play : S.t("act_event_target", "{play}: {square}", { play: play, square: square(view, cell) });
}

/* One action of Sidi Baba in words, "" for one it does not know (the caller falls back to its fields); `api` names
 * the seats (api.name, api.isYou). */
export function actionText(a, view, api) {
  view = view || {};
  const pending = view.pending || {};
  switch (a.type) {
    case "vote_move": return S.t("act_vote_move", "Vote {move}", { move: S.t("move_" + a.move, a.move) });
    case "call_move": return S.t("call_move", "Go now (lead)");
    case "use_genie":
      return S.t("use_genie", "Use") + " " + S.kindName(tokenKind(view, a.token)) + (a.direction ? " → " + S.t("dir_" + a.direction, a.direction) : "");
    case "keep": return S.t("keep", "Keep") + " " + S.kindName(tokenKind(view, a.token));
    case "give": return S.t("give", "Give {kind}", { kind: S.kindName(tokenKind(view, a.token)) });
    case "take": {
      const kind = (pending.table || [])[a.slot];
      return kind ? S.t("take_slot", "Take {kind}", { kind: S.kindName(kind) }) : "";
    }
    case "roll": return S.t("roll", "Roll the die");
    case "discard_lamp": {
      const leader = pending.dest === "leader";
      if (api && api.isYou(a.owner)) return leader ? S.t("discard_mine_leader", "Give one of my unlit lamps to the Leader") : S.t("discard_mine", "Discard one of my unlit lamps");
      const name = api ? api.name(a.owner) : String(a.owner);
      return leader ? S.t("discard_leader", "{name} gives an unlit lamp to the Leader", { name: name }) : S.t("discard_other", "Discard an unlit lamp of {name}", { name: name });
    }
    case "call_discard": return S.t("call_discard", "Decide the discard (lead)");
    case "confirm": return S.t("confirm", "Ask the genie now");
    case "choose_character": return S.t("character", "Be {name}", { name: S.characterName(a.character) });
    case "give_lamp": return S.t("give_lamp", "Give a lamp to {name}", { name: seatName(a.to, api) });
    case "open_sesame": return S.t("open_sesame", "Open Sesame!");
    case "vote_line": return a.accept ? S.t("vote_line_yes", "Accept the line") : S.t("vote_line_no", "Refuse the line");
    case "call_line_vote": return S.t("call_line_vote", "Decide the line vote");
    case "propose_line":
      return Array.isArray(a.line) ? S.t("act_propose_line", "Propose the line {line}", { line: a.line.map(function (s) { return seatName(s, api); }).join(" → ") })
        : S.t("propose_line", "Propose this line");
    case "offer":
      if (!Array.isArray(a.tokens) || !a.tokens.length) return S.t("offer_none", "Offer nothing");
      return S.t("act_offer", "Offer {jewels} to the genie", { jewels: a.tokens.map(function (tk) { return S.kindName(tokenKind(view, tk)); }).join(", ") });
    case "give_token": {
      const token = (pending.tokens || []).filter(function (tk) { return tk.slot === a.slot; })[0];
      return S.t("act_give_token", "Hand {kind} to {name}", { kind: S.kindName(token ? token.kind : "genie"), name: seatName(a.to, api) });
    }
    case "pause": return S.t("pause", "Pause");
    case "resume": return S.t("resume", "Resume");
    case "choose_maze": {
      const maze = (view.maze_choices || []).filter(function (m) { return m.key === a.maze; })[0];
      return S.t("act_choose_maze", "Choose the maze {name}", { name: S.mazeName(maze ? maze.name : a.maze) });
    }
    case "place_treasure": return S.t("act_place_treasure", "Hide the Treasure: {square}", { square: square(view, a.cell) });
    case "place_chest": return S.t("act_place_chest", "Place a chest: {square}", { square: square(view, a.cell) });
    case "choose_entrance": {
      const o = ((view.maze || {}).openings || [])[a.opening];
      const opening = o ? S.t("opening_at", "the opening by row {row}, column {col}", { row: o[0] + 1, col: o[1] + 1 }) : String(a.opening);
      return S.t("act_choose_entrance", "Let the Adventurers enter by {opening}", { opening: opening });
    }
    case "play_event": return eventText(a, view);
    case "pass": return S.t("pass", "Pass");
    case "steal": return S.t("steal", "Steal a {group}", { group: S.t("g_" + a.kind, a.kind) });
    default: return "";
  }
}

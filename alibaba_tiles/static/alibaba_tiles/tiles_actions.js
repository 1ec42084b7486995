/* The treasure cave's actions in its own words ("Take the red ring (layer 2)"), in the page's language, from the
 * view the seat had when it could take them: the review's sentences and table (matches/static/matches/review.js,
 * through the speech's `action` part) and the page's buttons' names (tiles.js). Pure: a function of the action and
 * the view; a tile the view does not show (face down to this seat) is named as such, never by what it hides. */
import * as UI from "../matches/ui.js";
import * as C from "./tiles_common.js";

const fmt = UI.fmt;
const t = C.t;

function cellAt(view, pos) {
  return (view.board || []).filter(function (cell) { return cell.pos === pos; })[0] || null;
}

/* A tile of the cave with its layer ("the red ring (layer 2)"), as the tile's own button says where it lies. */
function boardTile(view, pos) {
  const cell = cellAt(view, pos);
  if (!cell) return t("a_tile", "a tile");
  const tile = cell.tile ? C.tileInText(cell.tile) : t("a_face_down_tile", "a face-down tile");
  return fmt(t("tile_on_layer", "{tile} ({layer})"), { tile: tile, layer: fmt(t("layer_n", "layer {n}"), { n: cell.layer + 1 }) });
}

function myTile(view, id) {
  const tile = ((view.me || {}).tiles || []).filter(function (tl) { return tl.id === id; })[0];
  return tile ? C.tileInText(tile) : t("a_tile", "a tile");
}

/* One action of the treasure cave in words, "" for one it does not know (the caller falls back to its fields);
 * `api` names the seats (api.name). */
export function actionText(action, view, api) {
  view = view || {};
  switch (action.type) {
    case "take":
      return fmt(t("act_take", "Take {tile}"), { tile: boardTile(view, action.pos) });
    case "lamp": {
      if (action.swap === null || action.swap === undefined) return t("lamp_keep", "Keep the lamp");
      const offered = (view.bazaar || [])[action.swap];
      return fmt(t("act_swap", "Swap the lamp for {tile} from the bazaar"),
        { tile: offered && offered.tile ? C.tileInText(offered.tile) : t("a_tile", "a tile") });
    }
    case "effect": {
      if (!action.use) return t("skip", "Skip the effect");
      if (action.pos) return fmt(t("act_green", "Take {tile} too (green effect)"), { tile: boardTile(view, action.pos) });
      if (action.kind || action.colour) {
        const what = action.kind ? fmt(t("ev_what_kind", "{kind} tiles"), { kind: C.kindName(action.kind) })
          : fmt(t("ev_what_colour", "{colour} tiles"), { colour: C.colourName(action.colour) });
        return fmt(t("act_forbid", "Forbid {what} to the others until your next turn (white effect)"), { what: what });
      }
      const tile = (view.this_turn && view.this_turn.effect_tile) || null;
      return tile ? fmt(t("act_use", "Use the effect of {tile}"), { tile: C.tileInText(tile) }) : t("use", "Use it");
    }
    case "show":
      return fmt(t("act_show", "Show {tile}"), { tile: myTile(view, action.tile) });
    case "choose": {
      const shown = (view.shown || []).filter(function (x) { return x.tile && x.tile.id === action.tile; })[0];
      return shown ? fmt(t("act_choose", "Take {tile}, shown by {name}"), { tile: C.tileInText(shown.tile), name: api ? api.name(shown.seat) : String(shown.seat) }) : "";
    }
    default:
      return "";
  }
}

"""What one seat (or a spectator, seat None) may see of a state.

Views share read-only sub-objects (tile dicts, the covers map) with the state:
treat a view as read-only (it is meant to be serialised).

Before the end a view never holds a face-down tile (nor its id), another
seat's tiles, the leftover tiles or the seed.  After the end it shows everything.
The viewer "all" (replays) sees everything at any moment: the face-down tiles,
every hand and every shown tile.
"""
from gamekit import contract

from .board import takeable
from .core import geo as _geo, tile_set as _tile_set, tiles as _tiles
from .rules import owes
from .scoring import set_value
from .timeout import deadline

# Board cells are immutable dicts shared between views (a view is read-only):
# {(pos, tile id): face-up cell} and {pos: face-down cell}.
_UP_CELLS = {}
_DOWN_CELLS = {}


_LAYOUT_VIEWS = {}


def _layout_view(layout, geo):
    cached = _LAYOUT_VIEWS.get(id(layout))
    if cached is not None and cached[0] is layout:
        return cached[1]
    lv = {"key": layout.get("key"), "name": layout.get("name"),
          "layers": [{"rows": L["rows"], "cols": L["cols"]} for L in layout["layers"]],
          "covers": geo["covers"]}
    if len(_LAYOUT_VIEWS) >= 64:  # each entry pins a layout: only the states in flight need one
        _LAYOUT_VIEWS.clear()
    _LAYOUT_VIEWS[id(layout)] = (layout, lv)
    return lv


# The last board built, for the views of the same state that follow it (after a move the site builds one view
# per seat and one for the spectators, and every one of them shows the same board): ((board, up, tiles, reveal),
# cells), one tuple swapped whole (the web process's database threads build views at once). Holding the objects
# keeps their ids from being reused; a state is never changed once made (the engine copies what it changes).
_last_board = (None, None)


def _board_cells(geo, tiles, board_, up, reveal):
    """The view's board: each occupied cell, the tile shown where it is face up (or everywhere when ``reveal``).
    The cells, and the list of them for the views of one state, are cached and shared between views (the views
    are read-only)."""
    global _last_board
    key, cells = _last_board
    if key is not None and key[0] is board_ and key[1] is up and key[2] is tiles and key[3] is reveal:
        return cells
    cells = _build_board_cells(geo, tiles, board_, up, reveal)
    _last_board = ((board_, up, tiles, reveal), cells)
    return cells


def _build_board_cells(geo, tiles, board_, up, reveal):
    board = []
    append = board.append
    up_cache, down_cache = _UP_CELLS, _DOWN_CELLS
    if len(up_cache) > 50000:
        up_cache.clear()
    for p, li, r, c in geo["cells"]:
        tid = board_.get(p)
        if tid is None:
            continue
        if p in up or reveal:
            tile = tiles[tid]
            cell = up_cache.get((p, tid))
            if cell is None or cell["tile"] is not tile or cell["face_up"] is not (p in up):
                cell = up_cache[(p, tid)] = {"pos": p, "layer": li, "row": r, "col": c,
                                             "face_up": p in up, "tile": tile}
        else:
            cell = down_cache.get(p)
            if cell is None:
                cell = down_cache[p] = {"pos": p, "layer": li, "row": r, "col": c,
                                        "face_up": False, "tile": None}
        append(cell)
    return board


def _pending(s, tiles, info):
    """Who owes which decision, with the colour of the effect it is about."""
    pending = []
    for w, decision in owes(s):
        effect = None
        if decision == "effect":
            effect = tiles[info["effect_tile"]]["colour"]
        elif decision in ("show", "choose"):
            effect = "yellow"
        elif decision == "lamp":
            effect = tiles[info["tile"]]["colour"]
        pending.append({"seat": w, "decision": decision, "effect": effect})
    return pending


def _own_hand(s, tiles, seat):
    """The seat's own tiles, its sets and its points."""
    mine = [tiles[t] for t in s["hands"][seat]]
    sets = {}
    for t in mine:
        k = t["kind"]
        sets[k] = sets.get(k, 0) + 1
    table = s["rules"]["set_scores"]
    return {"tiles": mine, "sets": sets,
            "set_points": sum(set_value(v, table) for v in sets.values()),
            "effect_points": s["scores"][seat]}


def view(state, seat):
    s = state
    layout = s["layout"]
    tiles = _tiles(s)
    geo = _geo(s)
    finished = s["finished"]
    n = s["players"]
    omniscient = seat == "all"
    if not omniscient and seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
        seat = None
    reveal = finished or omniscient
    board = _board_cells(geo, tiles, s["board"], s["up"], reveal)
    info = s["turn_info"]
    pending = _pending(s, tiles, info)

    shown = []
    if s["window"]:
        all_shown = None not in s["shown"]
        for w, t in zip(s["window"], s["shown"], strict=True):
            visible = t is not None and (all_shown or w == seat or reveal)
            shown.append({"seat": w, "shown": t is not None, "tile": tiles[t] if visible else None})

    hands = s["hands"]
    me = _own_hand(s, tiles, seat) if seat is not None and not omniscient else None

    restrictions = [dict(r) for r in s["restrictions"]]
    dl = deadline(s)
    turn = None
    if info is not None:
        # the tile taken this turn and the one whose effect is pending (they differ after a lamp swap):
        # both went behind the screen in plain sight
        turn = {"pos": info["pos"], "layer": info["layer"], "flips": info["flips"],
                "tile": tiles[info["tile"]], "effect_tile": tiles[info["effect_tile"]]}
    v = {
        "game": "alibaba_tiles",
        "seat": seat,
        "players": n,
        "variant": s["variant"],
        "step": s["step"],
        "turn": s["turn"],
        "start": s["start"],
        "layout": _layout_view(layout, geo),
        "tileset": _tileset_view(s),  # the box's contents (public): kinds, and each tile id's kind and colour
        "board": board,
        "bazaar": [{"index": i, "tile": tiles[t]} for i, t in enumerate(s["bazaar"])],
        "current": s["current"],
        "phase": s["phase"],
        "pending": pending,
        "restriction": restrictions[-1] if restrictions else None,
        "restrictions": restrictions,
        "scores": s["scores"][:],
        "tile_counts": [len(h) for h in hands],
        "me": me,
        "shown": shown,
        "this_turn": turn,
        "forbidden": _forbidden_positions(s, seat),
        "removed_kinds": list(s["removed_kinds"]),
        "face_down": s["down"],
        "final_round": s["final_round"],
        "turns_left": s["turns_left"] if s["final_round"] else None,
        "deadline": dl[0] if dl else None,
        "finished": finished,
        "final": s["final"] if finished else None,
    }
    if omniscient:
        v["hands"] = [[tiles[t] for t in h] for h in hands]
    return contract.stamp_rules_version(v, contract.rules_version(s))  # sample_state puts it back


def _tileset_view(s):
    """The state's compact tile set (key, name, kinds, tiles as [kind, colour]), also for a state saved
    by an older engine, which kept the tiles in the state itself."""
    stored = s["tileset"]
    if "tiles" in stored:
        return stored
    td = _tile_set(s)
    return {"key": stored.get("key"), "name": stored.get("name"), "kinds": list(td.kinds),
            "tiles": [[t["kind"], t["colour"]] for t in td.tiles]}


def _forbidden_positions(s, seat):
    """The face-up tiles a white effect forbids the viewer to take this turn (a spectator: the player to move)."""
    if s["finished"] or not s["restrictions"]:
        return []
    taker = seat if isinstance(seat, int) and not isinstance(seat, bool) else s["current"]
    allowed = set(takeable(s, taker))
    rank = _geo(s)["rank"]
    return sorted((p for p in s["up"] if p not in allowed), key=rank.__getitem__)

"""Ali Baba's treasure cave: the rules, as pure functions over plain JSON data.

See docs/rules/alibaba_tiles.md for the rules as played and the action shapes.
Nothing here imports django; the state is JSON-serialisable.  ``apply`` never
mutates its input: it copies the mutable parts by hand (the layout, tile set
and scoring data are shared read-only between states).  The state keeps only
what cannot be derived: the geometry and the tile dicts are computed from
``layout`` / ``tileset`` through the caches in ``derived.py``.
"""
import random

import gamekit.domains
import gamekit.errors

from .data_files import default_layout, default_tiles, game_rules
from .derived import _GEO_BY_ID, _TILES_BY_ID, compact_tileset, geometry, legacy_tile_data, tile_data
from .layout import validate_layout
from .scoring import ranks, set_points, sets_of

GAME = "alibaba_tiles"

VARIANTS = [
    ["standard", "Standard"],
    ["lamp", "Aladdin's lamp"],
    ["equal", "Equal treasures"],
    ["small", "Smaller cave (2 players)"],
]

OPTIONS = [
    {"name": "variant", "label": "Variant", "type": "choice", "choices": VARIANTS, "default": "standard"},
    {"name": "clock", "label": "Seconds per decision (0 = untimed)", "type": "int", "min": 0, "max": 600,
     "default": 60, "clock": True},
]

EFFECT_COLOURS = ("pink", "blue", "brown", "green", "yellow", "white")
ACTION_TYPES = ("take", "lamp", "effect", "show", "choose", "timeout")


class IllegalAction(gamekit.errors.IllegalAction):
    """An action the rules do not allow now; the message is for the player."""


# ---------------------------------------------------------------------------
# options and tile sets

def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _tileset_tiles(tileset):
    return tileset.get("tiles") if isinstance(tileset, dict) else None


def validate_tileset(tileset):
    """Errors for a broken tile set ({"key", "name", "tiles": [{"kind", "colour"}]})."""
    tiles = _tileset_tiles(tileset)
    if not isinstance(tiles, list) or not tiles:
        return ["A tile set must be an object with a non-empty list of tiles."]
    errors = []
    for i, t in enumerate(tiles):
        if not isinstance(t, dict) or not isinstance(t.get("kind"), str) or not t.get("kind"):
            errors.append(f"Tile {i} needs a kind.")
            continue
        if t.get("colour") not in EFFECT_COLOURS:
            errors.append(f"Tile {i} has colour {t.get('colour')!r}; colours are {', '.join(EFFECT_COLOURS)}.")
    return errors


def _variant(options):
    return (options or {}).get("variant") or "standard"


def _removed_kinds_count(variant, rules):
    if variant == "equal":
        return rules["equal_removed_kinds"]
    if variant == "small":
        return rules["small_removed_kinds"]
    return 0


def validate_options(players, options):
    """Human-readable errors for a table's options; [] if they are fine."""
    rules = game_rules()
    errors = []
    if options is None:
        options = {}
    if not isinstance(options, dict):
        return ["Options must be an object."]
    if not _is_int(players) or not rules["min_players"] <= players <= rules["max_players"]:
        errors.append(f"This game is for {rules['min_players']} to {rules['max_players']} players.")
    variant = _variant(options)
    if variant not in [v[0] for v in VARIANTS]:
        errors.append(f"Unknown variant {variant!r}.")
        return errors
    if variant == "small" and players not in rules["small_players"]:
        errors.append("The smaller cave is for 2 players only.")
    clock = options.get("clock")
    if clock is not None and (isinstance(clock, bool) or not isinstance(clock, (int, float)) or clock < 0):
        errors.append("The clock must be a number of seconds (0 for no clock).")
    started = options.get("started_at")
    if started is not None and (isinstance(started, bool) or not isinstance(started, (int, float))):
        errors.append("started_at must be a time in seconds.")
    tileset = options.get("tiles") or default_tiles()
    terr = validate_tileset(tileset)
    errors.extend(terr)
    if terr:
        return errors
    tiles = tileset["tiles"]
    kinds = _kinds_of(tileset)
    removed = _removed_kinds_count(variant, rules)
    if removed >= len(kinds):
        errors.append("The tile set has too few kinds of treasure for this variant.")
        return errors
    # the worst case: the removed kinds are the most numerous ones
    per_kind = sorted((sum(1 for t in tiles if t["kind"] == k) for k in kinds), reverse=True)
    available = len(tiles) - sum(per_kind[:removed])
    if variant == "lamp":
        lamps = sum(1 for t in tiles if t["kind"] == rules["lamp_kind"])
        if not lamps:
            errors.append("Aladdin's lamp needs lamp tiles in the tile set.")
        if len(tiles) - lamps < rules["bazaar_size"]:
            errors.append("The tile set has too few tiles for the bazaar.")
        available = len(tiles) - rules["bazaar_size"]
    layout = options.get("layout") or default_layout("small" if variant == "small" else "standard")
    lerr = validate_layout(layout, tile_count=None)
    lerr = [e for e in lerr if "tile set has only" not in e]
    errors.extend(lerr)
    if not lerr:
        needed = len(geometry(layout)["order"])
        if needed > available:
            errors.append(f"The layout needs {needed} tiles but only {available} are in play in this variant.")
    return errors


def _kinds_of(tileset):
    kinds = []
    for k in tileset.get("kinds") or []:
        if k not in kinds:
            kinds.append(k)
    for t in tileset["tiles"]:
        if t["kind"] not in kinds:
            kinds.append(t["kind"])
    return kinds


# ---------------------------------------------------------------------------
# new game

def new_game(players, options, seed, now=None):
    options = dict(options or {})
    if now is not None:
        options.setdefault("started_at", now)
    errors = validate_options(players, options)
    if errors:
        raise IllegalAction(errors[0])
    rules = game_rules()
    variant = _variant(options)
    layout = options.get("layout") or default_layout("small" if variant == "small" else "standard")
    tileset = options.get("tiles") or default_tiles()
    kinds = _kinds_of(tileset)
    stored_tileset = compact_tileset(tileset, kinds)
    tiles = tile_data(stored_tileset, EFFECT_COLOURS).tiles
    geo = geometry(layout)

    draws = 0

    def rng():
        nonlocal draws
        r = random.Random(f"{seed}:{draws}")
        draws += 1
        return r

    removed = []
    nremove = _removed_kinds_count(variant, rules)
    if nremove:
        removed = sorted(rng().sample(kinds, nremove), key=kinds.index)
    pool = [t["id"] for t in tiles if t["kind"] not in removed]
    bazaar = []
    if variant == "lamp":
        lamp = rules["lamp_kind"]
        lamps = [i for i in pool if tiles[i]["kind"] == lamp]
        others = [i for i in pool if tiles[i]["kind"] != lamp]
        rng().shuffle(others)
        bazaar = others[:rules["bazaar_size"]]
        pool = others[rules["bazaar_size"]:] + lamps
    rng().shuffle(pool)
    order = geo["order"]
    board = {p: pool[i] for i, p in enumerate(order)}
    leftover = pool[len(order):]
    up = {p: True for p in order if not geo["covered_by"][p]}
    # the start player is drawn last, so the deal of a seed does not depend on it
    start = rng().randrange(players)
    started = float(options.get("started_at", 0.0) or 0.0)
    clock = options.get("clock") or 0
    state = {
        "game": GAME,
        "players": players,
        "variant": variant,
        "seed": seed,
        "draws": draws,
        "clock": clock,
        "layout": layout,              # kept whole: the geometry is derived from it (derived.geometry)
        "tileset": stored_tileset,     # key, name, kinds, tiles as [kind, colour] (derived.tile_data)
        "rules": rules,
        "removed_kinds": removed,
        "board": board,
        "up": up,
        "down": len(board) - len(up),
        "leftover": leftover,
        "bazaar": bazaar,
        "hands": [[] for _ in range(players)],
        "scores": [0] * players,
        "start": start,
        "current": start,
        "turn": 1,
        "phase": "take",
        "turn_info": None,        # {"pos", "layer", "flips", "tile", "effect_tile"} of the turn in progress
        "window": [],             # yellow: the seats that must show, in order
        "shown": [],              # yellow: the tile id each of them showed (None = not yet)
        "restrictions": [],       # white: [{"by": seat, "kind": k} or {"by": seat, "colour": c}]
        "final_round": False,
        "turns_left": None,       # turns still to play, the one in progress included
        "step": 1,
        "opened_at": started,
        "now": started,
        "finished": False,
        "final": None,
    }
    return state


# ---------------------------------------------------------------------------
# helpers

def _geo(s):
    """The derived geometry of the state's layout (cached, read-only)."""
    layout = s["layout"]
    hit = _GEO_BY_ID.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    return geometry(layout)


def _td(s):
    """The state's tile set: .tiles (dicts, id = index), .kinds, .colours (cached, read-only)."""
    stored = s["tileset"]
    hit = _TILES_BY_ID.get(id(stored))
    if hit is not None and hit[0] is stored:
        return hit[1]
    if "tiles" not in stored and "tiles" in s:   # saved by an older engine: the tiles are in the state
        return legacy_tile_data(stored, s)
    return tile_data(stored, EFFECT_COLOURS)


def _tiles(s):
    stored = s["tileset"]
    hit = _TILES_BY_ID.get(id(stored))
    if hit is not None and hit[0] is stored:
        return hit[1].tiles
    return _td(s).tiles


def _copy(st):
    s = dict(st)
    s["board"] = dict(st["board"])
    s["up"] = dict(st["up"])
    s["hands"] = [h[:] for h in st["hands"]]
    s["scores"] = st["scores"][:]
    s["bazaar"] = st["bazaar"][:]
    s["window"] = st["window"][:]
    s["shown"] = st["shown"][:]
    s["restrictions"] = st["restrictions"][:]
    s.pop("recent", None)  # kept by older engines: the log of a round now lives in the events
    if st["turn_info"] is not None:
        s["turn_info"] = dict(st["turn_info"])
    return s


def _forbidden(tile, restrictions):
    for r in restrictions:
        if r.get("kind") == tile["kind"] or r.get("colour") == tile["colour"]:
            return True
    return False


def _restrictions_for(s, seat):
    return [r for r in s["restrictions"] if r["by"] != seat]


def takeable(s, seat):
    """Face-up positions ``seat`` may take now, in the deterministic order (top layer first)."""
    rank = _geo(s)["rank"]
    ups = sorted(s["up"], key=rank.__getitem__)
    restr = _restrictions_for(s, seat)
    if not restr:
        return ups
    tiles, board = _tiles(s), s["board"]
    ok = [p for p in ups if not _forbidden(tiles[board[p]], restr)]
    return ok if ok else ups


def _green_targets(s, seat):
    info = s["turn_info"]
    up = s["up"]
    restr = _restrictions_for(s, seat)
    tiles, board = _tiles(s), s["board"]
    out = []
    for q in _geo(s)["adjacent"][info["pos"]]:
        if q in up and not (restr and _forbidden(tiles[board[q]], restr)):
            out.append(q)
    rank = _geo(s)["rank"]
    out.sort(key=rank.__getitem__)
    return out


def _yellow_seats(s, seat):
    n = s["players"]
    return [(seat + i) % n for i in range(1, n) if s["hands"][(seat + i) % n]]


def _event(s, events, code, visible_to="all", **data):
    """Record what happened: a code and plain data (the page words it), and who may see it."""
    events.append({"code": code, "turn": s["turn"], **data, "visible_to": visible_to})


def _open(s, now):
    s["step"] += 1
    s["opened_at"] = now


def _remove_from_board(s, pos, events):
    """Take the tile at ``pos`` off the board and flip every uncovered face-down tile."""
    board, up = s["board"], s["up"]
    tid = board.pop(pos)
    up.pop(pos, None)
    geo = _geo(s)
    flipped = []
    covered_by = geo["covered_by"]
    for q in geo["covers"][pos]:
        if q in board and q not in up:
            for r in covered_by[q]:
                if r in board:
                    break
            else:
                up[q] = True
                flipped.append(q)
    if flipped:
        s["down"] -= len(flipped)
        flipped.sort(key=geo["rank"].__getitem__)
        tiles = _tiles(s)
        _event(s, events, "tiles_flipped", seat=s["current"], positions=flipped,
               tiles=[tiles[board[q]] for q in flipped], count=len(flipped))
        if s["down"] == 0 and not s["final_round"]:
            n = s["players"]
            rel = (s["current"] - s["start"]) % n
            s["final_round"] = True
            s["turns_left"] = 1 + (n - 1 - rel) + n
            _event(s, events, "final_round", seat=s["current"], turns_left=s["turns_left"])
    return tid, len(flipped)


# ---------------------------------------------------------------------------
# legal actions

def _effect_uses(s, seat):
    info = s["turn_info"]
    tile = _tiles(s)[info["effect_tile"]]
    colour = tile["colour"]
    if colour in ("pink", "blue", "brown"):
        return [{"type": "effect", "use": True}]
    if colour == "green":
        return [{"type": "effect", "use": True, "pos": q} for q in _green_targets(s, seat)]
    if colour == "yellow":
        return [{"type": "effect", "use": True}] if _yellow_seats(s, seat) else []
    if colour == "white":
        if not s["board"]:
            return []
        td = _td(s)
        return ([{"type": "effect", "use": True, "kind": k} for k in td.kinds]
                + [{"type": "effect", "use": True, "colour": c} for c in td.colours])
    return []


def owes(s):
    """[(seat, decision)] for every seat that owes a decision now."""
    phase = s["phase"]
    if s["finished"]:
        return []
    if phase == "show":
        return [(seat, "show") for seat, t in zip(s["window"], s["shown"]) if t is None]
    return [(s["current"], phase)]


def legal_actions(state, seat):
    s = state
    if s["finished"] or seat is None:
        return []
    phase = s["phase"]
    if phase == "show":
        for w, t in zip(s["window"], s["shown"]):
            if w == seat and t is None:
                return [{"type": "show", "tile": tid} for tid in s["hands"][seat]]
        return []
    if seat != s["current"]:
        return []
    if phase == "take":
        return [{"type": "take", "pos": p} for p in takeable(s, seat)]
    if phase == "lamp":
        return [{"type": "lamp", "swap": None}] + [{"type": "lamp", "swap": i} for i in range(len(s["bazaar"]))]
    if phase == "effect":
        return [{"type": "effect", "use": False}] + _effect_uses(s, seat)
    if phase == "choose":
        return [{"type": "choose", "tile": t} for t in s["shown"]]
    return []


# ---------------------------------------------------------------------------
# apply

def apply(state, seat, action, now):
    """The contract's apply: a player's action must be one of ``legal_actions`` exactly."""
    if seat is not None and isinstance(action, dict) and state["phase"] != "over" \
            and gamekit.domains.find_legal(action, legal_actions(state, seat)) is None:
        _apply(state, seat, action, now)  # raises the friendly message for the common mistakes
        raise IllegalAction("That is not a valid action.")
    return _apply(state, seat, action, now)


def _apply(state, seat, action, now):
    if not isinstance(action, dict):
        raise IllegalAction("That is not a valid action.")
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise IllegalAction("Unknown action.")
    if state["finished"]:
        raise IllegalAction("The game is over.")
    if isinstance(now, bool) or not isinstance(now, (int, float)):
        raise IllegalAction("The time of the action is missing.")
    events = []
    if seat is None:
        if kind != "timeout":
            raise IllegalAction("Only players can make that move.")
        dl = deadline(state)
        if dl is None:
            raise IllegalAction("This table has no clock.")
        if now + 1e-6 < dl[0]:
            raise IllegalAction("It is not time yet.")
        s = _copy(state)
        s["now"] = now
        _timeout(s, now, events)
        return s, events
    if not _is_int(seat) or not 0 <= seat < state["players"]:
        raise IllegalAction("There is no such seat at this table.")
    if kind == "timeout":
        raise IllegalAction("Only the clock can end a turn.")
    phase = state["phase"]
    if phase == "show":
        if kind != "show":
            if seat == state["current"]:
                raise IllegalAction("Wait until the others have shown a tile.")
            raise IllegalAction("Show one of your tiles.") if _owes_show(state, seat) else \
                IllegalAction("It is not your turn.")
        s = _copy(state)
        s["now"] = now
        _do_show(s, seat, action, now, events)
        return s, events
    if seat != state["current"]:
        if kind == "show":
            raise IllegalAction("Nobody asked you to show a tile.")
        raise IllegalAction("It is not your turn.")
    if kind != phase:
        raise IllegalAction(_EXPECTED[phase])
    s = _copy(state)
    s["now"] = now
    if phase == "take":
        _do_take(s, seat, action.get("pos", _MISSING), now, events)
    elif phase == "lamp":
        _do_lamp(s, seat, action, now, events)
    elif phase == "effect":
        _do_effect(s, seat, action, now, events)
    elif phase == "choose":
        _do_choose(s, seat, action, now, events)
    return s, events


_MISSING = object()

_EXPECTED = {
    "take": "Take a face-up tile first.",
    "lamp": "Decide first: keep the lamp or swap it with a bazaar tile.",
    "effect": "Use or skip the magic effect first.",
    "choose": "Choose one of the shown tiles first.",
    "show": "Wait until the others have shown a tile.",
}


def _owes_show(s, seat):
    return any(w == seat and t is None for w, t in zip(s["window"], s["shown"]))


def _do_take(s, seat, pos, now, events):
    if pos is _MISSING or not isinstance(pos, str):
        raise IllegalAction("Say which tile to take (its position).")
    board = s["board"]
    if pos not in board:
        if pos in _geo(s)["coords"]:
            raise IllegalAction("That tile has already been taken.")
        raise IllegalAction("There is no such place in the cave.")
    if pos not in s["up"]:
        for r in _geo(s)["covered_by"][pos]:
            if r in board:
                raise IllegalAction("That tile is covered by another tile.")
        raise IllegalAction("That tile is still face down.")
    tiles = _tiles(s)
    tile = tiles[board[pos]]
    restr = _restrictions_for(s, seat)
    if restr and _forbidden(tile, restr):
        if any(not _forbidden(tiles[board[p]], restr) for p in s["up"]):
            by = [r for r in restr if r.get("kind") == tile["kind"] or r.get("colour") == tile["colour"]][0]
            what = f"{by['kind']} tiles" if "kind" in by else f"{by['colour']} tiles"
            raise IllegalAction(f"You may not take {what} this turn (a white effect).")
    _take_tile(s, seat, pos, now, events)


def _take_tile(s, seat, pos, now, events):
    geo = _geo(s)
    tile = _tiles(s)[s["board"][pos]]
    _event(s, events, "tile_taken", seat=seat, pos=pos, tile=tile)
    tid, flips = _remove_from_board(s, pos, events)
    s["hands"][seat].append(tid)
    s["turn_info"] = {"pos": pos, "layer": geo["coords"][pos][0], "flips": flips, "tile": tid, "effect_tile": tid}
    if s["variant"] == "lamp" and tile["kind"] == s["rules"]["lamp_kind"] and s["bazaar"]:
        s["phase"] = "lamp"
        _open(s, now)
        return
    _open_effect(s, seat, now, events)


def _open_effect(s, seat, now, events):
    if _effect_uses(s, seat):
        s["phase"] = "effect"
        _open(s, now)
        return
    tile = _tiles(s)[s["turn_info"]["effect_tile"]]
    _event(s, events, "effect_unusable", seat=seat, colour=tile["colour"])
    _end_turn(s, now, events)


def _do_lamp(s, seat, action, now, events):
    swap = action.get("swap", _MISSING)
    if swap is _MISSING:
        raise IllegalAction("Say whether to keep the lamp or which bazaar tile to swap it for.")
    if swap is not None:
        if not _is_int(swap) or not 0 <= swap < len(s["bazaar"]):
            raise IllegalAction("There is no such tile in the bazaar.")
        info = s["turn_info"]
        lamp_id = info["tile"]
        new_id = s["bazaar"][swap]
        hand = s["hands"][seat]
        hand[hand.index(lamp_id)] = new_id
        s["bazaar"][swap] = lamp_id
        info["tile"] = new_id
        info["effect_tile"] = new_id
        tiles = _tiles(s)
        _event(s, events, "lamp_swapped", seat=seat, swap=swap, lamp=tiles[lamp_id], tile=tiles[new_id])
    else:
        _event(s, events, "lamp_kept", seat=seat, tile=_tiles(s)[s["turn_info"]["tile"]])
    _open_effect(s, seat, now, events)


def _do_effect(s, seat, action, now, events):
    use = action.get("use", _MISSING)
    if not isinstance(use, bool):
        raise IllegalAction("Say whether to use the magic effect (use: true or false).")
    info = s["turn_info"]
    tile = _tiles(s)[info["effect_tile"]]
    colour = tile["colour"]
    if not use:
        _event(s, events, "effect_skipped", seat=seat, colour=colour)
        _end_turn(s, now, events)
        return
    eff = s["rules"]["effects"]
    if colour in ("pink", "blue", "brown"):
        if colour == "pink":
            pts = eff["pink"]["points"]
        elif colour == "blue":
            pts = eff["blue"]["per_flip"] * info["flips"]
            if info["layer"] == 0:
                pts += eff["blue"]["bottom_layer"]
        else:
            tiles = _tiles(s)
            same = sum(1 for t in s["hands"][seat] if tiles[t]["kind"] == tile["kind"])
            pts = eff["brown"]["per_tile"] * same
        s["scores"][seat] += pts
        _event(s, events, "effect_used", seat=seat, colour=colour, points=pts)
        _end_turn(s, now, events)
        return
    if colour == "green":
        pos = action.get("pos")
        if not isinstance(pos, str):
            raise IllegalAction("Say which adjacent face-up tile to take.")
        if pos not in _green_targets(s, seat):
            raise IllegalAction("You can only take a face-up tile next to the one you took, in the same layer.")
        t2 = _tiles(s)[s["board"][pos]]
        _event(s, events, "effect_used", seat=seat, colour="green", pos=pos, tile=t2)
        tid, _ = _remove_from_board(s, pos, events)
        s["hands"][seat].append(tid)
        _end_turn(s, now, events)
        return
    if colour == "yellow":
        seats = _yellow_seats(s, seat)
        if not seats:
            raise IllegalAction("No other player has a tile to show.")
        s["window"] = seats
        s["shown"] = [None] * len(seats)
        s["phase"] = "show"
        _event(s, events, "effect_used", seat=seat, colour="yellow", seats=seats)
        _open(s, now)
        return
    if colour == "white":
        k, c = action.get("kind"), action.get("colour")
        if (k is None) == (c is None):
            raise IllegalAction("Name either a kind of treasure or a colour.")
        if k is not None:
            if k not in _td(s).kinds:
                raise IllegalAction("There is no such kind of treasure.")
            r = {"by": seat, "kind": k}
        else:
            if c not in _td(s).colours:
                raise IllegalAction("There is no such colour.")
            r = {"by": seat, "colour": c}
        s["restrictions"] = [x for x in s["restrictions"] if x["by"] != seat] + [r]
        _event(s, events, "effect_used", seat=seat, colour="white", restriction=r)
        _end_turn(s, now, events)
        return
    raise IllegalAction("This tile has no magic effect.")


def _do_show(s, seat, action, now, events):
    if not _owes_show(s, seat):
        if seat == s["current"]:
            raise IllegalAction("Wait until the others have shown a tile.")
        if seat in s["window"]:
            raise IllegalAction("You have already shown a tile.")
        raise IllegalAction("Nobody asked you to show a tile.")
    tid = action.get("tile")
    if not _is_int(tid) or tid not in s["hands"][seat]:
        raise IllegalAction("Show one of your own tiles.")
    _show(s, seat, tid, now, events)


def _show(s, seat, tid, now, events):
    i = s["window"].index(seat)
    s["shown"][i] = tid
    tiles = _tiles(s)
    # Until everyone has shown, each shown tile is its owner's secret; the table only learns that one was shown.
    _event(s, events, "tile_offered", seat=seat)
    _event(s, events, "tile_shown", visible_to=[seat], seat=seat, tile=tiles[tid], to=s["current"])
    if None in s["shown"]:
        return  # the window stays open: no new decision point
    for w, t in zip(s["window"], s["shown"]):
        _event(s, events, "tile_revealed", seat=w, tile=tiles[t], to=s["current"])
    s["phase"] = "choose"
    _open(s, now)


def _do_choose(s, seat, action, now, events):
    tid = action.get("tile")
    if not _is_int(tid) or tid not in s["shown"]:
        raise IllegalAction("Choose one of the shown tiles.")
    _choose(s, seat, tid, now, events)


def _choose(s, seat, tid, now, events):
    owner = s["window"][s["shown"].index(tid)]
    s["hands"][owner].remove(tid)
    s["hands"][seat].append(tid)
    tile = _tiles(s)[tid]
    _event(s, events, "tile_chosen", seat=seat, owner=owner, tile=tile)
    s["window"] = []
    s["shown"] = []
    _end_turn(s, now, events)


def _end_turn(s, now, events):
    s["turn_info"] = None
    if s["final_round"]:
        s["turns_left"] -= 1
    if not s["board"] or (s["final_round"] and s["turns_left"] <= 0):
        _finish(s, now, events)
        return
    n = s["players"]
    nxt = (s["current"] + 1) % n
    s["current"] = nxt
    s["turn"] += 1
    s["phase"] = "take"
    if s["restrictions"]:
        s["restrictions"] = [r for r in s["restrictions"] if r["by"] != nxt]
    _open(s, now)


def _finish(s, now, events):
    s["phase"] = "over"
    s["finished"] = True
    s["restrictions"] = []
    tiles = _tiles(s)
    table = s["rules"]["set_scores"]
    hands = s["hands"]
    sp = [set_points([tiles[t]["kind"] for t in h], table) for h in hands]
    totals = [sp[i] + s["scores"][i] for i in range(s["players"])]
    counts = [len(h) for h in hands]
    rk = ranks(totals, counts)
    s["final"] = {
        "hands": [[tiles[t] for t in h] for h in hands],
        "sets": [sets_of(tiles[t]["kind"] for t in h) for h in hands],
        "set_points": sp,
        "effect_points": s["scores"][:],
        "totals": totals,
        "tile_counts": counts,
        "ranks": rk,
        "leftover": [tiles[t] for t in s["leftover"]],
        "seed": s["seed"],
    }
    _event(s, events, "game_over", reason="cave_empty" if not s["board"] else "last_round", ranks=rk, totals=totals)
    _open(s, now)


def _timeout(s, now, events):
    phase = s["phase"]
    seat = s["current"]
    if phase == "show":
        for w, t in list(zip(s["window"], s["shown"])):
            if t is None:
                _event(s, events, "timed_out", seat=w)
                _show(s, w, s["hands"][w][0], now, events)
        return
    _event(s, events, "timed_out", seat=seat)
    if phase == "take":
        _take_tile(s, seat, takeable(s, seat)[0], now, events)
    elif phase == "lamp":
        _event(s, events, "lamp_kept", seat=seat, tile=_tiles(s)[s["turn_info"]["tile"]])
        _open_effect(s, seat, now, events)
    elif phase == "effect":
        colour = _tiles(s)[s["turn_info"]["effect_tile"]]["colour"]
        _event(s, events, "effect_skipped", seat=seat, colour=colour)
        _end_turn(s, now, events)
    elif phase == "choose":
        _choose(s, seat, s["shown"][0], now, events)


# ---------------------------------------------------------------------------
# time, result, replay

def deadline(state):
    if state["finished"] or not state["clock"]:
        return None
    return (state["opened_at"] + state["clock"], {"type": "timeout"})


def final_scores(state):
    f = state["final"]
    return f["totals"] if f else None


def result(state):
    if not state["finished"]:
        return None
    f = state["final"]
    return {"ranks": f["ranks"][:], "scores": f["totals"][:]}


def replay(players, options, seed, log, now=None):
    s = new_game(players, options, seed, now)
    for seat, action, now in log:
        s, _ = apply(s, seat, action, now)
    return s

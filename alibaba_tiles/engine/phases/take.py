"""The mover takes a face-up tile (not one a white effect forbids, unless every one is)."""
from gamekit.phases import OPENED, goto

from ..board import forbidden, remove_from_board, restrictions_for, takeable
from ..core import MISSING, IllegalAction, event, geo, tiles

EXPECTED = "Take a face-up tile first."


def enter(s, now, events):
    s["phase"] = "take"
    return OPENED


def legal(s, seat):
    if seat != s["current"]:
        return []
    return [{"type": "take", "pos": p} for p in takeable(s, seat)]


def apply(s, seat, action, now, events):
    pos = action.get("pos", MISSING)
    if pos is MISSING or not isinstance(pos, str):
        raise IllegalAction("Say which tile to take (its position).")
    board = s["board"]
    if pos not in board:
        if pos in geo(s)["coords"]:
            raise IllegalAction("That tile has already been taken.")
        raise IllegalAction("There is no such place in the cave.")
    if pos not in s["up"]:
        for r in geo(s)["covered_by"][pos]:
            if r in board:
                raise IllegalAction("That tile is covered by another tile.")
        raise IllegalAction("That tile is still face down.")
    tiles_ = tiles(s)
    tile = tiles_[board[pos]]
    restr = restrictions_for(s, seat)
    if restr and forbidden(tile, restr) and any(not forbidden(tiles_[board[p]], restr) for p in s["up"]):
        by = [r for r in restr if r.get("kind") == tile["kind"] or r.get("colour") == tile["colour"]][0]
        what = f"{by['kind']} tiles" if "kind" in by else f"{by['colour']} tiles"
        raise IllegalAction(f"You may not take {what} this turn (a white effect).")
    return take_tile(s, seat, pos, events)


def timeout(s, now, events):
    """The first takeable tile."""
    seat = s["current"]
    event(s, events, "timed_out", seat=seat)
    return take_tile(s, seat, takeable(s, seat)[0], events)


def take_tile(s, seat, pos, events):
    g = geo(s)
    tile = tiles(s)[s["board"][pos]]
    event(s, events, "tile_taken", seat=seat, pos=pos, tile=tile)
    tid, flips = remove_from_board(s, pos, events)
    s["hands"][seat].append(tid)
    s["turn_info"] = {"pos": pos, "layer": g["coords"][pos][0], "flips": flips, "tile": tid, "effect_tile": tid}
    if s["variant"] == "lamp" and tile["kind"] == s["rules"]["lamp_kind"] and s["bazaar"]:
        return goto("lamp")
    return goto("effect")

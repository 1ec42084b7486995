"""The magic effect of the tile taken (or swapped in): the mover uses or skips it.

Pink, blue and brown score points; green takes an adjacent face-up tile; yellow
opens the show window; white forbids a kind or a colour to the others until
the mover's next turn.  A turn whose effect cannot be used skips this phase."""
from gamekit.phases import OPENED, goto

from ..board import green_targets, remove_from_board, yellow_seats
from ..core import MISSING, IllegalAction, event, tile_set, tiles

EXPECTED = "Use or skip the magic effect first."


def enter(s, now, events):
    """After the take (and the lamp): open the effect, or end the turn if it cannot be used."""
    seat = s["current"]
    if uses(s, seat):
        s["phase"] = "effect"
        return OPENED
    tile = tiles(s)[s["turn_info"]["effect_tile"]]
    event(s, events, "effect_unusable", seat=seat, colour=tile["colour"])
    return goto("end_turn")


def uses(s, seat):
    """Every legal way of using the effect now ([] if it cannot be used)."""
    info = s["turn_info"]
    tile = tiles(s)[info["effect_tile"]]
    colour = tile["colour"]
    if colour in ("pink", "blue", "brown"):
        return [{"type": "effect", "use": True}]
    if colour == "green":
        return [{"type": "effect", "use": True, "pos": q} for q in green_targets(s, seat)]
    if colour == "yellow":
        return [{"type": "effect", "use": True}] if yellow_seats(s, seat) else []
    if colour == "white":
        if not s["board"]:
            return []
        td = tile_set(s)
        return ([{"type": "effect", "use": True, "kind": k} for k in td.kinds]
                + [{"type": "effect", "use": True, "colour": c} for c in td.colours])
    return []


def legal(s, seat):
    if seat != s["current"]:
        return []
    return [{"type": "effect", "use": False}] + uses(s, seat)


def apply(s, seat, action, now, events):
    use = action.get("use", MISSING)
    if not isinstance(use, bool):
        raise IllegalAction("Say whether to use the magic effect (use: true or false).")
    info = s["turn_info"]
    tile = tiles(s)[info["effect_tile"]]
    colour = tile["colour"]
    if not use:
        event(s, events, "effect_skipped", seat=seat, colour=colour)
        return goto("end_turn")
    if colour in ("pink", "blue", "brown"):
        pts = _points(s, seat, tile, info)
        s["scores"][seat] += pts
        event(s, events, "effect_used", seat=seat, colour=colour, points=pts)
        return goto("end_turn")
    if colour == "green":
        pos = action.get("pos")
        if not isinstance(pos, str):
            raise IllegalAction("Say which adjacent face-up tile to take.")
        if pos not in green_targets(s, seat):
            raise IllegalAction("You can only take a face-up tile next to the one you took, in the same layer.")
        t2 = tiles(s)[s["board"][pos]]
        event(s, events, "effect_used", seat=seat, colour="green", pos=pos, tile=t2)
        tid, _ = remove_from_board(s, pos, events)
        s["hands"][seat].append(tid)
        return goto("end_turn")
    if colour == "yellow":
        seats = yellow_seats(s, seat)
        if not seats:
            raise IllegalAction("No other player has a tile to show.")
        event(s, events, "effect_used", seat=seat, colour="yellow", seats=seats)
        return goto("show", seats=seats)
    if colour == "white":
        r = _restriction(s, seat, action)
        s["restrictions"] = [x for x in s["restrictions"] if x["by"] != seat] + [r]
        event(s, events, "effect_used", seat=seat, colour="white", restriction=r)
        return goto("end_turn")
    raise IllegalAction("This tile has no magic effect.")


def _points(s, seat, tile, info):
    """The points a pink, blue or brown effect brings ``seat`` this turn (``info``: the turn's flips and layer)."""
    eff = s["rules"]["effects"]
    colour = tile["colour"]
    if colour == "pink":
        return eff["pink"]["points"]
    if colour == "blue":
        pts = eff["blue"]["per_flip"] * info["flips"]
        if info["layer"] == 0:
            pts += eff["blue"]["bottom_layer"]
        return pts
    tiles_ = tiles(s)
    same = sum(1 for t in s["hands"][seat] if tiles_[t]["kind"] == tile["kind"])
    return eff["brown"]["per_tile"] * same


def _restriction(s, seat, action):
    """The white effect's restriction the action names: a kind of treasure or a colour, not both."""
    k, c = action.get("kind"), action.get("colour")
    if (k is None) == (c is None):
        raise IllegalAction("Name either a kind of treasure or a colour.")
    if k is not None:
        if k not in tile_set(s).kinds:
            raise IllegalAction("There is no such kind of treasure.")
        return {"by": seat, "kind": k}
    if c not in tile_set(s).colours:
        raise IllegalAction("There is no such colour.")
    return {"by": seat, "colour": c}


def timeout(s, now, events):
    """Skip the effect."""
    seat = s["current"]
    event(s, events, "timed_out", seat=seat)
    colour = tiles(s)[s["turn_info"]["effect_tile"]]["colour"]
    event(s, events, "effect_skipped", seat=seat, colour=colour)
    return goto("end_turn")

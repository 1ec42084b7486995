"""After the yellow window: the mover takes one of the shown tiles into their hand."""
from gamekit.phases import OPENED, goto

from ..core import IllegalAction, event, is_int, tiles

EXPECTED = "Choose one of the shown tiles first."


def enter(s, now, events):
    s["phase"] = "choose"
    return OPENED


def legal(s, seat):
    if seat != s["current"]:
        return []
    return [{"type": "choose", "tile": t} for t in s["shown"]]


def apply(s, seat, action, now, events):
    tid = action.get("tile")
    if not is_int(tid) or tid not in s["shown"]:
        raise IllegalAction("Choose one of the shown tiles.")
    return choose_tile(s, seat, tid, events)


def timeout(s, now, events):
    """The first tile shown."""
    seat = s["current"]
    event(s, events, "timed_out", seat=seat)
    return choose_tile(s, seat, s["shown"][0], events)


def choose_tile(s, seat, tid, events):
    owner = s["window"][s["shown"].index(tid)]
    s["hands"][owner].remove(tid)
    s["hands"][seat].append(tid)
    tile = tiles(s)[tid]
    event(s, events, "tile_chosen", seat=seat, owner=owner, tile=tile)
    s["window"] = []
    s["shown"] = []
    return goto("end_turn")

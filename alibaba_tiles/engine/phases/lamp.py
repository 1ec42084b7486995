"""Aladdin's lamp: the mover who took a lamp keeps it or swaps it for a bazaar tile (whose effect then applies)."""
from gamekit.phases import OPENED, goto

from ..core import MISSING, IllegalAction, event, is_int, tiles

EXPECTED = "Decide first: keep the lamp or swap it with a bazaar tile."


def enter(s, now, events):
    s["phase"] = "lamp"
    return OPENED


def legal(s, seat):
    if seat != s["current"]:
        return []
    return [{"type": "lamp", "swap": None}] + [{"type": "lamp", "swap": i} for i in range(len(s["bazaar"]))]


def apply(s, seat, action, now, events):
    swap = action.get("swap", MISSING)
    if swap is MISSING:
        raise IllegalAction("Say whether to keep the lamp or which bazaar tile to swap it for.")
    if swap is not None:
        if not is_int(swap) or not 0 <= swap < len(s["bazaar"]):
            raise IllegalAction("There is no such tile in the bazaar.")
        info = s["turn_info"]
        lamp_id = info["tile"]
        new_id = s["bazaar"][swap]
        hand = s["hands"][seat]
        hand[hand.index(lamp_id)] = new_id
        s["bazaar"][swap] = lamp_id
        info["tile"] = new_id
        info["effect_tile"] = new_id
        tiles_ = tiles(s)
        event(s, events, "lamp_swapped", seat=seat, swap=swap, lamp=tiles_[lamp_id], tile=tiles_[new_id])
    else:
        event(s, events, "lamp_kept", seat=seat, tile=tiles(s)[s["turn_info"]["tile"]])
    return goto("effect")


def timeout(s, now, events):
    """Keep the lamp."""
    seat = s["current"]
    event(s, events, "timed_out", seat=seat)
    event(s, events, "lamp_kept", seat=seat, tile=tiles(s)[s["turn_info"]["tile"]])
    return goto("effect")

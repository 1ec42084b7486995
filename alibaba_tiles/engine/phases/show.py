"""The yellow window: each other seat with tiles shows one, in secret until all have shown."""
from gamekit.phases import OPENED, STAY, goto

from ..core import IllegalAction, event, is_int, tiles

EXPECTED = "Wait until the others have shown a tile."


def enter(s, now, events, seats):
    """The other seats with tiles (``seats``, in order) each owe a tile."""
    s["window"] = seats
    s["shown"] = [None] * len(seats)
    s["phase"] = "show"
    return OPENED


def owes_show(s, seat):
    return any(w == seat and t is None for w, t in zip(s["window"], s["shown"], strict=True))


def legal(s, seat):
    for w, t in zip(s["window"], s["shown"], strict=True):
        if w == seat and t is None:
            return [{"type": "show", "tile": tid} for tid in s["hands"][seat]]
    return []


def refuse(s, seat):
    """The refusal of an action other than a show while the window is open."""
    if seat == s["current"]:
        return IllegalAction(EXPECTED)
    return IllegalAction("Show one of your tiles.") if owes_show(s, seat) else \
        IllegalAction("It is not your turn.")


def apply(s, seat, action, now, events):
    if not owes_show(s, seat):
        if seat == s["current"]:
            raise IllegalAction(EXPECTED)
        if seat in s["window"]:
            raise IllegalAction("You have already shown a tile.")
        raise IllegalAction("Nobody asked you to show a tile.")
    tid = action.get("tile")
    if not is_int(tid) or tid not in s["hands"][seat]:
        raise IllegalAction("Show one of your own tiles.")
    return show_tile(s, seat, tid, events)


def timeout(s, now, events):
    """Every seat still to show shows its first tile (the last of them closes the window)."""
    transition = STAY
    for w, t in list(zip(s["window"], s["shown"], strict=True)):
        if t is None:
            event(s, events, "timed_out", seat=w)
            transition = show_tile(s, w, s["hands"][w][0], events)
    return transition


def show_tile(s, seat, tid, events):
    i = s["window"].index(seat)
    s["shown"][i] = tid
    tiles_ = tiles(s)
    # Until everyone has shown, each shown tile is its owner's secret; the table only learns that one was shown.
    event(s, events, "tile_offered", seat=seat)
    event(s, events, "tile_shown", visible_to=[seat], seat=seat, tile=tiles_[tid], to=s["current"])
    if None in s["shown"]:
        return STAY  # the window stays open: no new decision point
    for w, t in zip(s["window"], s["shown"], strict=True):
        event(s, events, "tile_revealed", seat=w, tile=tiles_[t], to=s["current"])
    return goto("choose")

"""A die the server rolls when the player whose roll it is sends "roll"."""
from gamekit.phases import OPENED, goto

from .. import core


def enter(state, now, events, *, seat, purpose):
    state["phase"] = {"name": "roll", "seat": seat, "purpose": purpose}
    return OPENED


def legal(state, seat):
    return [{"type": "roll"}] if seat == state["phase"]["seat"] else []


def apply(state, seat, action, now, events):
    """Roll, then hand the value on to what the roll was for (a flow step)."""
    purpose = state["phase"]["purpose"]
    if purpose == "both":
        black, white = core.roll_die(state), core.roll_die(state)
        core.event(events, "dice_rolled", die="black", value=black, seat=seat)
        core.event(events, "dice_rolled", die="white", value=white, seat=seat)
        return goto("cave_dice", black=black, white=white)
    value = core.roll_die(state)
    die = purpose if purpose in ("black", "white") else "die"
    core.event(events, "dice_rolled", die=die, value=value, seat=seat, purpose=purpose)
    if purpose in ("black", "white"):
        state["dice"][purpose] = value
        if state.get("capture"):
            return goto("capture_next")
        # a chance space placed it for the next time the Destiny Table is used
        core.event(events, "die_placed", die=purpose, value=value)
        return goto("end_turn")
    if purpose == "gang":
        return goto("gang_die", value=value)
    return goto("x50", seat=seat, value=value)


def default(state, seat):
    """What the clock does: the server rolls for the player."""
    return {"type": "roll"}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)

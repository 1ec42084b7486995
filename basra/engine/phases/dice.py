"""A die the server rolls when the player whose roll it is sends "roll"."""
from .. import core, flow


def open_roll(state, now, events, *, seat, purpose):
    core.open_phase(state, {"name": "roll", "seat": seat, "purpose": purpose}, now)


def legal(state, seat):
    return [{"type": "roll"}] if seat == state["phase"]["seat"] else []


def apply(state, seat, action, now, events):
    from . import capture, chance, forty, special

    purpose = state["phase"]["purpose"]
    if purpose == "both":
        black, white = core.roll_die(state), core.roll_die(state)
        core.event(events, "dice_rolled", die="black", value=black, seat=seat)
        core.event(events, "dice_rolled", die="white", value=white, seat=seat)
        forty.dice_rolled(state, black, white, now, events)
        return
    value = core.roll_die(state)
    die = purpose if purpose in ("black", "white") else "die"
    core.event(events, "dice_rolled", die=die, value=value, seat=seat, purpose=purpose)
    if purpose in ("black", "white"):
        state["dice"][purpose] = value
        if state.get("capture"):
            capture.advance(state, now, events)
        else:  # a chance space placed it for the next time the Destiny Table is used
            core.event(events, "die_placed", die=purpose, value=value)
            flow.end_turn(state, now, events)
    elif purpose == "gang":
        special.gang_die_rolled(state, value, now, events)
    elif purpose == "x50":
        chance.x50_rolled(state, seat, value, now, events)


def default(state, seat):
    """What the clock does: the server rolls for the player."""
    return {"type": "roll"}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    apply(state, seat, default(state, seat), now, events)

"""The three special spaces with all four gang symbols: "?" (the mover
chooses the gang), the die (1-2 Swindlers, 3-4 Thieves, 5 Defrauders,
6 Robbers) and the jackpot (all four gangs)."""
from .. import core, flow
from . import dice

DIE_GANG = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 3}


def begin(state, kind, now, events):
    game = core.data(state)
    if kind == "all":
        flow.gangs_found(state, list(game.gangs), now, events)
    elif kind == "die":
        dice.open_roll(state, now, events, seat=state["current"], purpose="gang")
    else:
        core.open_phase(state, {"name": "choose_gang", "seat": state["current"]}, now)


def gang_die_rolled(state, value, now, events):
    gang = core.data(state).gangs[DIE_GANG[value]]
    core.event(events, "gang_found", gang=gang)
    flow.gangs_found(state, [gang], now, events)


def legal(state, seat):
    if seat != state["phase"]["seat"]:
        return []
    return [{"type": "choose", "gang": {"one_of": list(core.data(state).gangs)}}]


def apply(state, seat, action, now, events):
    core.event(events, "gang_chosen", seat=seat, gang=action["gang"])
    flow.gangs_found(state, [action["gang"]], now, events)


def default(state, seat):
    """What the mover would naturally choose: the gang they hold fewest of (first in gang order on ties)."""
    game = core.data(state)
    held = {gang: 0 for gang in game.gangs}
    for card in state["bandits"][seat]:
        held[game.card_gang[card]] += 1
    return {"type": "choose", "gang": min(game.gangs, key=lambda g: held[g])}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    apply(state, seat, default(state, seat), now, events)

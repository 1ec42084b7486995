"""The three special spaces with all four gang symbols: "?" (the mover
chooses the gang), the die (1-2 Swindlers, 3-4 Thieves, 5 Defrauders,
6 Robbers) and the jackpot (all four gangs)."""
from gamekit.phases import OPENED, goto

from .. import core

DIE_GANG = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 3}


def begin(state, now, events, kind):
    """The flow step "special_space": all four gangs, the gang die, or the mover's choice."""
    game = core.data(state)
    if kind == "all":
        return goto("gangs_found", gangs=list(game.gangs))
    if kind == "die":
        return goto("roll", seat=state["current"], purpose="gang")
    return goto("choose_gang")


def enter(state, now, events):
    state["phase"] = {"name": "choose_gang", "seat": state["current"]}
    return OPENED


def gang_die_rolled(state, now, events, value):
    """The flow step "gang_die": the die names the gang."""
    gang = core.data(state).gangs[DIE_GANG[value]]
    core.event(events, "gang_found", gang=gang)
    return goto("gangs_found", gangs=[gang])


def legal(state, seat):
    if seat != state["phase"]["seat"]:
        return []
    return [{"type": "choose", "gang": {"one_of": list(core.data(state).gangs)}}]


def apply(state, seat, action, now, events):
    core.event(events, "gang_chosen", seat=seat, gang=action["gang"])
    return goto("gangs_found", gangs=[action["gang"]])


def default(state, seat):
    """What the mover would naturally choose: the gang they hold fewest of (first in gang order on ties)."""
    game = core.data(state)
    held = {gang: 0 for gang in game.gangs}
    for card in state["bandits"][seat]:
        held[game.card_gang[card]] += 1
    return {"type": "choose", "gang": min(game.gangs, key=lambda g: held[g])}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)

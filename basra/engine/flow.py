"""How one decision leads to the next: turns, landing on a space, the end.

Flow steps of the phase table (``engine/table.py``): each is
``step(state, now, events, **args)`` and returns a ``Transition`` naming the
next step or phase; none calls another step or a phase itself."""
from gamekit.phases import OPENED, goto

from . import core
from .phases import forty, round_end


def start_turn(state, now, events):
    state["turn"] += 1
    state["stole"] = False
    core.event(events, "turn_started", seat=state["current"], turn=state["turn"])
    return goto("turn")


def land(state, now, events):
    """Carry out the action of the space Ali Baba stopped on."""
    game = core.data(state)
    space = game.spaces[state["position"]]
    kind = space["type"]
    forty_thieves = core.is_forty_thieves(state)
    if kind == "start":
        return goto("end_turn") if forty_thieves else goto("round_end")
    if kind == "empty":
        if forty_thieves:
            return goto("end_turn")
        return goto("pick", seat=state["current"], count=game.rules["buy_limit"], free=False)
    if kind == "gang":
        return goto("gangs_found", gangs=list(space["gangs"]))
    if kind == "special":
        return goto("special_space", kind=space["kind"])
    return goto("chance_space", kind=space["kind"])


def gangs_found(state, now, events, gangs):
    """The gang(s) Ali Baba caught up with are known: the capture (or, Forty Thieves, the cave)."""
    return goto("cave" if core.is_forty_thieves(state) else "capture", gangs=gangs)


def end_turn(state, now, events):
    if core.is_forty_thieves(state):
        forty.tick_stashes(state, events)
        if state["ending"]:
            return goto("finish")
    n = state["players"]
    for step in range(1, n + 1):
        seat = (state["current"] + step) % n
        if state["hands"][seat]:
            state["current"] = seat
            return goto("start_turn")
    if core.is_forty_thieves(state):
        forty.redeal(state, events)
        return goto("end_turn")
    # Every movement card is played but Ali Baba is not on Start: he is moved there.
    state["position"] = core.data(state).board["start"]
    core.event(events, "moved_to_start")
    return goto("round_end")


def finish(state, now, events):
    if core.is_forty_thieves(state):
        round_end.record(state, None)  # the second passing of Start: no payout in this variant
    state["phase"] = {"name": "over", "at": None}
    state["finished"] = True
    core.event(events, "game_over", cash=list(state["cash"]))
    return OPENED  # the end moves the decision key too: every prompt is gone


FLOW = {"start_turn": start_turn, "land": land, "gangs_found": gangs_found, "end_turn": end_turn, "finish": finish}

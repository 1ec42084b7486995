"""How one decision leads to the next: turns, landing on a space, the end."""
from . import core


def start_turn(state, now, events):
    state["turn"] += 1
    state["stole"] = False
    core.event(events, "turn_started", seat=state["current"], turn=state["turn"])
    core.open_phase(state, {"name": "turn", "seat": state["current"]}, now)


def land(state, now, events):
    """Carry out the action of the space Ali Baba stopped on."""
    from .phases import buy, capture, chance, forty, round_end, special

    game = core.data(state)
    space = game.spaces[state["position"]]
    kind = space["type"]
    forty_thieves = core.is_forty_thieves(state)
    if kind == "start":
        if forty_thieves:
            end_turn(state, now, events)
        else:
            round_end.begin(state, now, events)
    elif kind == "empty":
        if forty_thieves:
            end_turn(state, now, events)
        else:
            buy.open_pick(state, now, events, seat=state["current"], count=game.rules["buy_limit"], free=False)
    elif kind == "gang":
        (forty.begin if forty_thieves else capture.begin)(state, list(space["gangs"]), now, events)
    elif kind == "special":
        special.begin(state, space["kind"], now, events)
    else:
        chance.begin(state, space["kind"], now, events)


def gangs_found(state, gangs, now, events):
    """The gang(s) Ali Baba caught up with are known: the capture (or, Forty Thieves, the cave)."""
    from .phases import capture, forty

    (forty.begin if core.is_forty_thieves(state) else capture.begin)(state, gangs, now, events)


def end_turn(state, now, events):
    from .phases import forty, round_end

    if core.is_forty_thieves(state):
        forty.tick_stashes(state, events)
        if state["ending"]:
            finish(state, events)
            return
    n = state["players"]
    for step in range(1, n + 1):
        seat = (state["current"] + step) % n
        if state["hands"][seat]:
            state["current"] = seat
            start_turn(state, now, events)
            return
    if core.is_forty_thieves(state):
        forty.redeal(state, events)
        end_turn(state, now, events)
        return
    # Every movement card is played but Ali Baba is not on Start: he is moved there.
    state["position"] = core.data(state).board["start"]
    core.event(events, "moved_to_start")
    round_end.begin(state, now, events)


def finish(state, events):
    if core.is_forty_thieves(state):
        from .phases import round_end

        round_end.record(state, None)  # the second passing of Start: no payout in this variant
    state["phase"] = {"name": "over", "at": None}
    state["decision"] += 1
    state["finished"] = True
    core.event(events, "game_over", cash=list(state["cash"]))

"""The mover's turn: sell bandits (Forty Thieves: steal from the cave), play a
movement card, move Ali Baba, choose the branch at a junction."""
from gamekit.phases import OPENED, STAY, goto

from .. import cards, core
from . import forty


def enter(state, now, events):
    """The mover's turn opens: sell (or steal), then play a card."""
    state["phase"] = {"name": "turn", "seat": state["current"]}
    return OPENED


def legal(state, seat):
    phase = state["phase"]
    if seat != phase["seat"]:
        return []
    if phase["name"] == "junction":
        here = state["position"]
        return [{"type": "route", "to": {"one_of": list(core.data(state).successors[here])}}]
    actions = []
    own = state["bandits"][seat]
    if own and not core.is_forty_thieves(state):
        actions.append({"type": "sell", "cards": {"subset_of": list(own), "min_size": 1}})
    if core.is_forty_thieves(state) and not state["stole"]:
        most = forty.steal_limit(state, seat)
        if most >= 1:
            actions.append({"type": "steal", "turns": {"min": 1, "max": most}})
    actions.append({"type": "play", "card": {"one_of": sorted(set(state["hands"][seat]))}})
    return actions


def apply(state, seat, action, now, events):
    kind = action["type"]
    if kind == "sell":
        sell(state, seat, action["cards"], events)
    elif kind == "steal":
        forty.steal(state, seat, action["turns"], events)
    elif kind == "play":
        return play(state, seat, action["card"], events)
    elif kind == "route":
        step_to(state, action["to"], events)
        state["phase"]["path"].append(action["to"])
        return move_on(state, events)
    return STAY  # sold or stolen: the same turn goes on


def default(state, seat):
    """What the clock does for the mover: the main route at a junction, else play the smallest card."""
    if state["phase"]["name"] == "junction":
        return {"type": "route", "to": core.data(state).successors[state["position"]][0]}
    return {"type": "play", "card": min(state["hands"][seat])}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)


def sell(state, seat, sold, events):
    total = 0
    for card in sold:
        total += cards.current_price(state, card)
        cards.return_to_pack(state, seat, card)
    state["cash"][seat] += total
    core.event(events, "sold", seat=seat, cards=sorted(sold), amount=total)


def play(state, seat, value, events):
    state["hands"][seat].remove(value)
    state["played"].append(value)
    core.event(events, "card_played", seat=seat, card=value)
    state["phase"] = {"name": "moving", "seat": seat, "left": value, "path": [], "at": None}
    return move_on(state, events)


def step_to(state, space_id, events):
    phase = state["phase"]
    game = core.data(state)
    state["position"] = space_id
    state["steps"] += 1
    phase["left"] -= 1
    if core.is_forty_thieves(state):
        forty.after_step(state, events)
    elif space_id == game.board["start"]:
        phase["left"] = 0  # Ali Baba stops on Start: the round ends


def move_on(state, events):
    """Walk the remaining steps; stop at a junction to let the mover choose (a new decision), else land."""
    phase = state["phase"]
    game = core.data(state)
    while phase["left"] > 0:
        options = game.successors[state["position"]]
        if len(options) > 1:
            phase["name"] = "junction"
            return OPENED
        step_to(state, options[0], events)
        phase["path"].append(state["position"])
    core.event(events, "moved", seat=phase["seat"], path=phase["path"], to=state["position"])
    return goto("land")

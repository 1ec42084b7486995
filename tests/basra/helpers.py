"""Building Ali Baba in Basra positions for the rule tests (pure, no database)."""
import basra.engine as engine
from basra.engine import core
from basra.engine.data_files import game_data

GAME = game_data(None)
GANGS = GAME.gangs


def new(players=4, seed=1, **options):
    return engine.new_game(players, options, seed, 0.0)


def act(state, seat, action, now=1.0):
    return engine.apply(state, seat, action, now)


def mover(state):
    return state["phase"]["seat"]


def space_where(type_, kind=None, gangs=None):
    for space in GAME.board["spaces"]:
        if space["type"] != type_ or space["id"] == "start":
            continue
        if kind is not None and space.get("kind") != kind:
            continue
        if gangs is not None and space.get("gangs") != gangs:
            continue
        return space["id"]
    raise LookupError((type_, kind, gangs))


def predecessor(space_id):
    for here, options in GAME.successors.items():
        if space_id in options:
            return here
    raise LookupError(space_id)


def cards(gang=None, value=None):
    return [c["id"] for c in GAME.cards if (gang is None or c["gang"] == gang) and (value is None or c["value"] == value)]


def card_with(gang, number, value=None, holding=True):
    """A card of the gang whose personal Destiny numbers hold (or do not hold) ``number``."""
    for card in cards(gang, value):
        if (number in GAME.card_destiny[card]) == holding:
            return card
    raise LookupError((gang, number, holding))


def give(state, seat, card_ids):
    """Hand bandit cards from the packs to a seat (a test set-up on a fresh copy)."""
    for card in card_ids:
        for seat_cards in state["bandits"]:
            if card in seat_cards:
                seat_cards.remove(card)
        for pack in state["packs"].values():
            if card in pack:
                pack.remove(card)
        state["bandits"][seat].append(card)
        state["bandits"][seat].sort()
    return state


def land_on(state, space_id, now=1.0):
    """The mover plays a 1 from the space before ``space_id`` (choosing the branch if needed)."""
    state = core.copy_state(state)
    seat = state["phase"]["seat"]
    state["position"] = predecessor(space_id)
    state["steps"] = GAME.steps_from_start.get(state["position"], 0)
    state["hands"][seat] = sorted(state["hands"][seat][1:] + [1])
    state, events = act(state, seat, {"type": "play", "card": 1}, now)
    if state["phase"]["name"] == "junction":
        state, more = act(state, seat, {"type": "route", "to": space_id}, now)
        events += more
    assert state["position"] == space_id
    return state, events


def roll_until(state, seat, now=1.0):
    """Send "roll" for ``seat``; returns the new state and events."""
    return act(state, seat, {"type": "roll"}, now)


def all_done(state, now=1.0):
    """Every seat still waited for in a window says done (answering no offer)."""
    events = []
    while state["phase"]["name"] == "window":
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        types = [a["type"] for a in legal]
        if "decline" in types:
            action = {"type": "decline", "offer": legal[types.index("decline")]["offer"]["one_of"][0]}
        else:
            action = {"type": "done"}
        state, more = act(state, seat, action, now)
        events += more
    return state, events


def codes(events):
    return [e["code"] for e in events]


def forced_die(state, value):
    """Advance the draw counter until the next die roll gives ``value`` (the seed stays the state's)."""
    state = core.copy_state(state)
    while True:
        probe = core.copy_state(state)
        if core.roll_die(probe) == value:
            return state
        state["draws"] += 1

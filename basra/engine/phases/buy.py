"""Taking bandit cards from the packs: buying up to three on an empty space
(one at a time, the next card turning up after each), or the chance space's
two free cards."""
from gamekit.phases import OPENED, STAY, goto

from .. import cards, core


def enter(state, now, events, *, seat, count, free):
    """``seat`` may take up to ``count`` cards (``free``: without paying); nothing to take ends the turn."""
    phase = {"name": "pick", "seat": seat, "left": count, "free": free}
    if not choices(state, phase):
        return goto("end_turn")
    state["phase"] = phase
    return OPENED


def choices(state, phase):
    """The cards the picker may take now: the face-up tops (open packs: any card), affordable."""
    game = core.data(state)
    seat = phase["seat"]
    offered = []
    for gang in game.gangs:
        pack = state["packs"][gang]
        if not pack:
            continue
        if not phase["free"] and state["cash"][seat] < game.price(state["position"], gang):
            continue
        offered.extend(sorted(pack) if state["options"]["open_packs"] else [pack[0]])
    return offered


def legal(state, seat):
    phase = state["phase"]
    if seat != phase["seat"]:
        return []
    verb = "take" if phase["free"] else "buy"
    return [{"type": verb, "card": {"one_of": choices(state, phase)}}, {"type": "stop"}]


def apply(state, seat, action, now, events):
    phase = state["phase"]
    if action["type"] == "stop":
        core.event(events, "stopped_taking", seat=seat)
        return goto("end_turn")
    card = action["card"]
    price = 0 if phase["free"] else cards.current_price(state, card)
    gang = core.data(state).card_gang[card]
    cards.take_from_pack(state, seat, card)
    state["cash"][seat] -= price
    core.event(events, "card_bought" if price else "card_taken", seat=seat, card=card, price=price)
    core.event(events, "pack_top", gang=gang, card=state["packs"][gang][0] if state["packs"][gang] else None)
    phase["left"] -= 1
    if phase["left"] <= 0 or not choices(state, phase):
        return goto("end_turn")
    return STAY  # one more card may be taken


def default(state, seat):
    """What the clock does for the picker: take nothing more."""
    return {"type": "stop"}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)

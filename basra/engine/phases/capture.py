"""The capture sequence on a gang-symbol or special space: throw away at 20
(and sell to each other), the black die, last chance at 100, the white die,
capture, 200 per captured card, bankruptcy.

Dice placed by chance spaces shorten it: a placed black die skips the first
window and its roll; a placed white die removes both windows."""
from gamekit.phases import goto

from .. import cards, core


def begin(state, now, events, gangs):
    """The flow step "capture": which windows and dice this capture needs."""
    black, white = state["dice"]["black"], state["dice"]["white"]
    steps = []
    if black is None and white is None:
        steps.append("throw20")
    if black is None:
        steps.append("black")
    if white is None:
        steps += ["throw100", "white"]
    steps.append("resolve")
    state["capture"] = {"gangs": gangs, "steps": steps}
    core.event(events, "capture_started", gangs=gangs, placed_black=black, placed_white=white)
    return goto("capture_next")


def advance(state, now, events):
    """The flow step "capture_next": the capture's next window or die, or its end."""
    step = state["capture"]["steps"].pop(0)
    if step in ("throw20", "throw100"):
        return goto("window", kind=step)
    if step in ("black", "white"):
        return goto("roll", seat=state["current"], purpose=step)
    return resolve(state, events)


def resolve(state, events):
    game = core.data(state)
    black, white = state["dice"]["black"], state["dice"]["white"]
    number = cards.destiny_number(state, black, white)
    gangs = set(state["capture"]["gangs"])
    fine = game.rules["fine"]
    core.event(events, "destiny", black=black, white=white, number=number, gangs=sorted(gangs))
    for seat in core.seats_from(state, state["current"]):
        caught = cards.caught_cards(state, seat, gangs, number)
        if not caught:
            continue
        owed = fine * len(caught)
        core.event(events, "captured", seat=seat, cards=caught, fine=owed)
        if state["cash"][seat] < owed:
            bankrupt(state, seat, events)
        paid = core.pay(state, events, seat, -owed, "fine")
        if -paid < owed:
            core.event(events, "debt_forgiven", seat=seat, amount=owed + paid)
    state["dice"] = {"black": None, "white": None}
    state["capture"] = None
    return goto("end_turn")


def bankrupt(state, seat, events):
    """Sell every card (captured ones too) at the quarter's price to pay the fine."""
    held = list(state["bandits"][seat])
    total = sum(cards.current_price(state, c) for c in held)
    for card in held:
        cards.return_to_pack(state, seat, card)
    state["cash"][seat] += total
    core.event(events, "bankrupt", seat=seat, cards=held, amount=total)

"""The end of a round on Start: printed values (a complete group pays double)
plus 100 each; the poorest player picks who starts round two; after round
two the game is over."""
from gamekit.phases import OPENED, goto

from .. import cards, core, setup


def begin(state, now, events):
    """The flow step "round_end": the payout on Start, then the poorest player's choice or the end."""
    game = core.data(state)
    paid = []
    for seat in range(state["players"]):
        amount = cards.group_payout(state, state["bandits"][seat]) + game.rules["round_bonus"]
        core.pay(state, events, seat, amount, "round_end")
        paid.append(amount)
    record(state, paid)
    core.event(events, "round_ended", round=state["round"], paid=paid, cash=list(state["cash"]))
    if state["round"] >= game.rules["rounds"]:
        return goto("finish")
    return goto("choose_start", seat=chooser(state))


def enter(state, now, events, seat):
    state["phase"] = {"name": "choose_start", "seat": seat}
    return OPENED


def record(state, paid):
    """The round's result, kept for the page: what each player was paid on Start and their cash after it."""
    state.setdefault("round_results", []).append({"round": state["round"], "paid": paid, "cash": list(state["cash"])})


def chooser(state):
    """The poorest player; among equals, the first clockwise from the banker's left."""
    order = core.seats_from(state, core.next_seat(state, state["banker"]))
    return min(order, key=lambda s: (state["cash"][s], order.index(s)))


def legal(state, seat):
    if seat != state["phase"]["seat"]:
        return []
    return [{"type": "choose_start", "seat": {"one_of": list(range(state["players"]))}}]


def apply(state, seat, action, now, events):
    starter = action["seat"]
    core.event(events, "starter_chosen", seat=seat, starter=starter)
    state["round"] += 1
    state["steps"] = 0
    state["played"] = []
    setup.deal(state, events)
    state["current"] = starter
    return goto("start_turn")


def default(state, seat):
    """Nobody chose: the poorest player starts themself."""
    return {"type": "choose_start", "seat": seat}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)

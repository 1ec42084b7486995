"""The ten chance spaces. The mover must always carry out the action shown.
Forty Thieves: only the money spaces (x50, 200) act; the others do nothing."""
from gamekit.phases import OPENED, goto

from .. import cards, core

MONEY_KINDS = ("x50", "200")
WINDOWS = {"bazaar": "bazaar", "hand": "give", "x10": "x10"}


def begin(state, now, events, kind):
    """The flow step "chance_space": what the chance space Ali Baba stopped on does."""
    core.event(events, "chance", kind=kind, seat=state["current"])
    seat = state["current"]
    if core.is_forty_thieves(state) and kind not in MONEY_KINDS:
        return goto("end_turn")
    if kind == "x50":
        return goto("roll", seat=seat, purpose="x50")
    if kind == "200":
        core.pay(state, events, seat, 200, "chance_200")
        return goto("end_turn")
    if kind in ("black_die", "white_die"):
        return goto("roll", seat=seat, purpose=kind.split("_")[0])
    if kind == "two_out":
        return goto("pick", seat=seat, count=2, free=True)
    if kind == "two_in":
        return goto("give_back") if state["bandits"][seat] else goto("end_turn")
    if kind == "numbered":
        for other in core.seats_from(state, seat):
            amount = sum(cards.current_price(state, c) for c in state["bandits"][other])
            core.pay(state, events, other, amount, "numbered")
        return goto("end_turn")
    return goto("window", kind=WINDOWS[kind])


def x50_rolled(state, now, events, seat, value):
    """The flow step "x50": the mover's die times 50 from the bank."""
    core.pay(state, events, seat, value * 50, "x50")
    return goto("end_turn")


def enter(state, now, events):
    """"Two cards in": the mover owes two cards back."""
    state["phase"] = {"name": "give_back", "seat": state["current"]}
    return OPENED


# "Two cards in": the mover returns two cards (all, if fewer) to the bottom of their packs.

def return_count(state, seat):
    return min(2, len(state["bandits"][seat]))


def legal(state, seat):
    if seat != state["phase"]["seat"]:
        return []
    count = return_count(state, seat)
    return [{"type": "return", "cards": {"subset_of": list(state["bandits"][seat]), "min_size": count, "max_size": count}}]


def apply(state, seat, action, now, events):
    for card in action["cards"]:
        cards.return_to_pack(state, seat, card)
    core.event(events, "returned", seat=seat, cards=sorted(action["cards"]))
    return goto("end_turn")


def default(state, seat):
    """What the clock does for the mover: return the cheapest cards."""
    return {"type": "return", "cards": cards.cheapest_cards(state, seat, return_count(state, seat))}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)

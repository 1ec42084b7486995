"""The ten chance spaces. The mover must always carry out the action shown.
Forty Thieves: only the money spaces (x50, 200) act; the others do nothing."""
from .. import cards, core, flow
from . import buy, dice, window

MONEY_KINDS = ("x50", "200")


def begin(state, kind, now, events):
    core.event(events, "chance", kind=kind, seat=state["current"])
    seat = state["current"]
    if core.is_forty_thieves(state) and kind not in MONEY_KINDS:
        flow.end_turn(state, now, events)
    elif kind == "x50":
        dice.open_roll(state, now, events, seat=seat, purpose="x50")
    elif kind == "200":
        core.pay(state, events, seat, 200, "chance_200")
        flow.end_turn(state, now, events)
    elif kind in ("black_die", "white_die"):
        dice.open_roll(state, now, events, seat=seat, purpose=kind.split("_")[0])
    elif kind == "two_out":
        buy.open_pick(state, now, events, seat=seat, count=2, free=True)
    elif kind == "two_in":
        if state["bandits"][seat]:
            core.open_phase(state, {"name": "give_back", "seat": seat}, now)
        else:
            flow.end_turn(state, now, events)
    elif kind == "numbered":
        for other in core.seats_from(state, seat):
            amount = sum(cards.current_price(state, c) for c in state["bandits"][other])
            core.pay(state, events, other, amount, "numbered")
        flow.end_turn(state, now, events)
    elif kind == "bazaar":
        window.open_window(state, now, events, kind="bazaar")
    elif kind == "hand":
        window.open_window(state, now, events, kind="give")
    elif kind == "x10":
        window.open_window(state, now, events, kind="x10")


def x50_rolled(state, seat, value, now, events):
    core.pay(state, events, seat, value * 50, "x50")
    flow.end_turn(state, now, events)


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
    flow.end_turn(state, now, events)


def default(state, seat):
    """What the clock does for the mover: return the cheapest cards."""
    return {"type": "return", "cards": cards.cheapest_cards(state, seat, return_count(state, seat))}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    apply(state, seat, default(state, seat), now, events)

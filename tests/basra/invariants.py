"""Ali Baba in Basra's invariants for the contract's property tests (tests/matches/test_contract.py).

``conservation``: every bandit card in exactly one place (a pack, before a player, the Forty Thieves'
discard), movement cards in a hand or played, Piastres whole and never below zero.
``secret_variants``: states that differ only in what ``seat`` may not know.
"""
import copy
import random
from collections import Counter

from basra.engine import core


def conservation(state):
    problems = []
    places = {f"pack {gang}": pack for gang, pack in state["packs"].items()}
    for seat, own in enumerate(state["bandits"]):
        places[f"before {seat}"] = own
    for gang, pile in state["forty"]["discard"].items():
        places[f"discard {gang}"] = pile
    where = {}
    for place, cards in places.items():
        for card in cards:
            if card in where:
                problems.append(f"bandit card {card} both in {where[card]} and {place}")
            where[card] = place
    every = {card["id"] for card in core.data(state).cards}
    if set(where) != every:
        problems.append(f"bandit cards in no place: {sorted(every - set(where))}, unknown: {sorted(set(where) - every)}")
    if any(type(cash) is not int or cash < 0 for cash in state["cash"]):
        problems.append(f"cash not a whole number of Piastres at least 0: {state['cash']}")
    for stash in state["forty"]["stashes"]:
        if type(stash["amount"]) is not int or stash["amount"] < 0:
            problems.append(f"a cave stash of {stash['amount']}")
    movement = movement_cards(state)
    deck = Counter(core.data(state).rules["movement_cards"])
    if movement != deck:
        problems.append(f"movement cards in hands and played {dict(movement)} instead of the deck {dict(deck)}")
    phase = state["phase"]
    for offer in phase.get("offers", []) if phase["name"] == "window" else []:
        for card in offer.get("cards") or offer.get("give") or []:
            if card not in state["bandits"][offer["from"]]:
                problems.append(f"offer {offer['id']} promises card {card} its maker does not hold")
    return problems


def movement_cards(state):
    return Counter(v for hand in state["hands"] for v in hand) + Counter(state["played"])


def secret_variants(state, seat, rng: random.Random):
    """Packs reordered under their top card (every card in Forty Thieves), other hands swapped, other
    players' offers changed or withdrawn."""
    variants = []
    face_down = core.is_forty_thieves(state)
    reordered = copy.deepcopy(state)
    changed = False
    for pack in reordered["packs"].values():
        keep = 0 if face_down else 1
        if len(pack) - keep > 1:
            rest = pack[keep:]
            rng.shuffle(rest)
            pack[keep:] = rest
            changed = True
    if changed:
        variants.append(reordered)
    others = [s for s in range(state["players"]) if s != seat and state["hands"][s]]
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        swapped = copy.deepcopy(state)
        ha, hb = swapped["hands"][a], swapped["hands"][b]
        i, j = rng.randrange(len(ha)), rng.randrange(len(hb))
        ha[i], hb[j] = hb[j], ha[i]
        ha.sort(), hb.sort()
        if swapped["hands"] != state["hands"]:
            variants.append(swapped)
    phase = state["phase"]
    if phase["name"] == "window" and any(seat not in (o["from"], o["to"]) for o in phase["offers"]):
        withdrawn = copy.deepcopy(state)
        withdrawn["phase"]["offers"] = [o for o in withdrawn["phase"]["offers"] if seat in (o["from"], o["to"])]
        withdrawn["phase"]["next_offer"] += 7
        variants.append(withdrawn)
    return variants

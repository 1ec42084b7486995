"""The treasure cave's invariants for the contract's property tests (tests/matches/test_contract.py).

``conservation``: every tile in exactly one place (the pyramid, the bazaar, a player's hand, the
leftover pile), the face-down count right. ``secret_variants``: states that differ only in what
``seat`` may not know (face-down tiles and the leftover pile exchanged, other players' hidden tiles).
"""
import copy
import random

from alibaba_tiles.engine.core import tiles


def conservation(state):
    problems = []
    places = {"bazaar": state["bazaar"], "leftover": state["leftover"]}
    places.update({f"pyramid {pos}": [tile] for pos, tile in state["board"].items()})
    for seat, hand in enumerate(state["hands"]):
        places[f"hand {seat}"] = hand
    where = {}
    for place, held in places.items():
        for tile in held:
            if tile in where:
                problems.append(f"tile {tile} both in {where[tile]} and {place}")
            where[tile] = place
    every = set(range(len(tiles(state))))
    if set(where) != every:
        problems.append(f"tiles in no place: {sorted(every - set(where))}, unknown: {sorted(set(where) - every)}")
    down = sum(1 for pos in state["board"] if pos not in state["up"])
    if down != state["down"]:
        problems.append(f"{down} face-down tiles on the board but the count says {state['down']}")
    return problems


def _in_sight(state):
    """Tiles whose face is public now: this turn's tiles and every tile shown in the window."""
    info = state["turn_info"] or {}
    seen = {info.get("tile"), info.get("effect_tile")}
    seen |= {t for t in state["shown"] if t is not None}
    return seen


def secret_variants(state, seat, rng: random.Random):
    variants = []
    down = [pos for pos in state["board"] if pos not in state["up"]]
    hidden = [("board", pos) for pos in down] + [("leftover", i) for i in range(len(state["leftover"]))]
    if len(hidden) >= 2:
        (ka, a), (kb, b) = rng.sample(hidden, 2)
        swapped = copy.deepcopy(state)
        where = {"board": swapped["board"], "leftover": swapped["leftover"]}
        where[ka][a], where[kb][b] = where[kb][b], where[ka][a]
        variants.append(swapped)
    seen = _in_sight(state)
    others = [(s, i) for s, hand in enumerate(state["hands"]) if s != seat
              for i, tile in enumerate(hand) if tile not in seen]
    if len({s for s, _i in others}) >= 2:
        (sa, ia), (sb, ib) = rng.sample(others, 2)
        if sa != sb:
            swapped = copy.deepcopy(state)
            hands = swapped["hands"]
            hands[sa][ia], hands[sb][ib] = hands[sb][ib], hands[sa][ia]
            variants.append(swapped)
    return variants

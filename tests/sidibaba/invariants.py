"""Sidi Baba's invariants for the contract's property tests (tests/matches/test_contract.py).

``conservation``: every lamp and token is in exactly one place. ``secret_variants``: states that differ
from the given one only in what ``seat`` may not know (for the metamorphic hidden-information test).
"""
import copy
import random

from sidibaba.engine.core import LEADER
from sidibaba.engine.data_files import game_data
from sidibaba.engine.maze import geometry
from sidibaba.engine.tokens import group

LAMPS = game_data()["lamps"]


def conservation(state):
    problems = []
    lamps = state["lamps"]
    if any(type(n) is not int or n < 0 for n in lamps) or state["leader_lamps"] < 0 or state["lamps_out"] < 0:
        problems.append(f"a lamp count below zero: {lamps}, Leader {state['leader_lamps']}, out {state['lamps_out']}")
    total = sum(lamps) + (state["lit"] is not None) + state["leader_lamps"] + state["lamps_out"]
    if total != LAMPS:
        problems.append(f"{total} lamps held, lit, in the Leader's pile or out instead of {LAMPS}")
    places = {"bag": state["bag"], "stolen": state["stolen"], "genies_spent": state["genies_spent"],
              "jewels_paid": state["jewels_paid"]}
    for seat, held in enumerate(state["hands"]):
        places[f"stash {seat}"] = held
    for seat, drawn in enumerate(state["keeps"]):
        places[f"drawn by {seat}"] = drawn or []
    for i, item in enumerate(state["pending"]):
        for key in ("slots", "pool"):
            places[f"pending {i} {item['kind']} {key}"] = [t for t in item.get(key) or [] if t is not None]
    where = {}
    for place, tokens in places.items():
        for token in tokens:
            if token in where:
                problems.append(f"token {token} both in {where[token]} and {place}")
            where[token] = place
    kinds = state["kinds"]
    missing = [t for t in range(len(kinds)) if t not in where]
    if any(kinds[t] != "curse" for t in missing):
        problems.append(f"tokens in no place: {[t for t in missing if kinds[t] != 'curse']}")
    if len(missing) != state["curses_out"]:
        problems.append(f"{len(missing)} curses set aside but curses_out is {state['curses_out']}")
    return problems


def _swap_kinds(state, a, b):
    kinds = list(state["kinds"])
    kinds[a], kinds[b] = kinds[b], kinds[a]
    state["kinds"] = kinds


def _maze_variant(state, rng):
    """For an Adventurer: the Treasure (still closed) and the closed chests on other squares it cannot see
    (not where the group stands nor the square in front; the squares beside look open whatever is on them)."""
    if state["phase"] != "play" or state["pos"] is None or state["treasure_state"] != "closed" or state["pending"]:
        return None
    g = geometry(state["maze"])
    cell, facing = state["pos"]
    front = g.target(cell, facing)
    taken = {cell, front, state["leader_at"], *state["landslides"], *state["chests_open"]}
    if state["treasure_at"] in taken or any(c in taken for c in state["chests"]):
        return None
    free = [c for c in range(g.size) if c not in taken and c != state["treasure_at"] and c not in state["chests"]]
    if len(free) < 1 + len(state["chests"]):
        return None
    rng.shuffle(free)
    moved = copy.deepcopy(state)
    moved["treasure_at"] = free[0]
    moved["chests"] = free[1:1 + len(state["chests"])]
    return moved


def _setup_variant(state, rng):
    """For an Adventurer while setting up: the Leader's placements made so far other ones (the Treasure and the
    chests on other squares, another entrance), none of which it sees."""
    if state["phase"] != "setup" or state["maze"] is None or state["treasure_at"] is None:
        return None
    g = geometry(state["maze"])
    cells = list(range(g.size))
    rng.shuffle(cells)
    moved = copy.deepcopy(state)
    moved["treasure_at"] = cells[0]
    moved["chests"] = cells[1:1 + len(state["chests"])]
    if state["entrance"] is not None and len(g.openings) > 1:
        opening = (state["entrance"] + 1 + rng.randrange(len(g.openings) - 1)) % len(g.openings)
        moved["entrance"] = opening
        moved["pos"] = [-1 - opening, g.outside[-1 - opening][1]]
    return moved


def secret_variants(state, seat, rng: random.Random):
    """The bag reordered; a genie face down on a sharing's table, a token a Merchant's theft took (for the
    Leader), a token Scheherazade holds (for anyone: given face down), or another stash's (or draw's) token,
    swapped with a bag token of the same group; for an Adventurer, the Treasure and the chests it has not
    seen elsewhere in the maze, or the Leader's placements while setting up."""
    variants = []
    if seat != LEADER and seat is not None:
        for moved in (_maze_variant(state, rng), _setup_variant(state, rng)):
            if moved is not None:
                variants.append(moved)
    if len(state["bag"]) > 1:
        shuffled = copy.deepcopy(state)
        rng.shuffle(shuffled["bag"])
        variants.append(shuffled)
    if len(state["event_deck"]) > 1:
        reordered = copy.deepcopy(state)
        rng.shuffle(reordered["event_deck"])
        variants.append(reordered)
    kinds = state["kinds"]
    head = state["pending"][0] if state["pending"] else None
    if head is not None and head["kind"] == "sharing" and head["source"] != "merchant":
        # a genie face down on the table: nobody knows which genie it is until it is taken
        face_down = [t for t in head["slots"] if t is not None and group(kinds[t]) == "genie"]
        for token in face_down[:1]:
            same = [b for b in state["bag"] if group(kinds[b]) == "genie" and kinds[b] != kinds[token]]
            if same:
                swapped = copy.deepcopy(state)
                _swap_kinds(swapped, token, rng.choice(same))
                variants.append(swapped)
    if head is not None and head["kind"] == "theft" and head.get("pool") and seat == LEADER:
        # what a Merchant's theft took so far: the Leader named a group, the server picked the token
        token = head["pool"][0]
        same = [b for b in state["bag"] if group(kinds[b]) == group(kinds[token]) and kinds[b] != kinds[token]]
        if same:
            swapped = copy.deepcopy(state)
            _swap_kinds(swapped, token, rng.choice(same))
            variants.append(swapped)
    if head is not None and head["kind"] == "dice" and head.get("pool"):
        # what Scheherazade holds, given face down: only its count is shown
        token = head["pool"][0]
        other = [b for b in state["bag"] if kinds[b] not in ("curse", kinds[token])]
        if other:
            swapped = copy.deepcopy(state)
            _swap_kinds(swapped, token, rng.choice(other))
            variants.append(swapped)
    others = [t for s, held in enumerate(state["hands"]) if s != seat for t in held]
    others += [t for s, drawn in enumerate(state["keeps"]) if s != seat for t in drawn or []]
    rng.shuffle(others)
    for token in others[:3]:
        same = [b for b in state["bag"] if group(kinds[b]) == group(kinds[token]) and kinds[b] != kinds[token]]
        if same:
            swapped = copy.deepcopy(state)
            _swap_kinds(swapped, token, rng.choice(same))
            variants.append(swapped)
    return variants

"""Jewels, genies and curses: the bag, draws and the fortune of a stash."""
from .data_files import game_data

JEWEL, GENIE, CURSE = "jewel", "genie", "curse"


def build_kinds(players, data, bag_kinds):
    """Token id -> kind: the bag's tokens (``bag_kinds``, from the token mix) first, then the starting jewels."""
    kinds = list(bag_kinds)
    start = data["starting_jewels"]
    kinds += [start["kind"]] * (start["count"] * (players - 1))
    return kinds


_GROUPS = {kind: info["group"] for kind, info in game_data()["token_kinds"].items()}


def group(kind):
    return _GROUPS[kind]


def face_value(kind):
    """What a jewel is worth when handed to a genie: its printed value, 1 for an unpaired pair jewel."""
    return game_data()["token_kinds"][kind].get("value", 0)


def fortune(kinds):
    """Points of a stash: face values, pair jewels 1 each or their pair value per pair, genies 0."""
    table = game_data()["token_kinds"]
    total = 0
    pair_counts = {}
    for kind in kinds:
        info = table[kind]
        if info["group"] != JEWEL:
            continue
        if "pair" in info:
            pair_counts[kind] = pair_counts.get(kind, 0) + 1
        else:
            total += info["value"]
    for kind, count in pair_counts.items():
        total += (count // 2) * table[kind]["pair"] + count % 2
    return total


def draw(state, rng, count, allow_curses=True):
    """Take ``count`` random tokens out of the bag (fewer if it runs dry); curses skipped unless allowed."""
    kinds = state["kinds"]
    bag = state["bag"]
    drawn = []
    for _ in range(count):
        pool = range(len(bag)) if allow_curses else [i for i, t in enumerate(bag) if kinds[t] != "curse"]
        if not pool:
            break
        drawn.append(bag.pop(rng.choice(list(pool))))
    return drawn


def split_groups(state, ids):
    kinds = state["kinds"]
    jewels = sum(1 for t in ids if _GROUPS[kinds[t]] == JEWEL)
    return {"jewels": jewels, "genies": len(ids) - jewels}

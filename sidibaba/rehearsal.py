"""The search Leader's setup: where to hide the Treasure, which maze, which entrance, by rehearsal.

Before play the Leader knows everything that matters to where the Adventurers will walk (the maze, the
Treasure, the chests, the entrance) and nothing about the rest (the bag's order, the deck's, the dice),
which no setup choice can see anyway. So each candidate is rehearsed: whole matches played by the engine
from a new table on a random seed, the Leader's choices so far and the candidate fixed, every other
decision the Explorer's (the Adventurers walking as the Explorer walks: the model of them the search
uses throughout). Every candidate is played on the same seeds (common random numbers), a round of
seeds at a time, so the CPU cap stops between whole rounds and the means stay comparable.

Honest: a rehearsal is built from the Leader's view alone (its maze, its placements) and fresh seeds;
it never reads the table's state.
"""
import random
import time

from gamekit import domains, driver
from sidibaba import engine
from sidibaba.view_choices import choices as _choices, distances_from as _distances, find as _find

ESCAPE_HORIZON = 300  # moves: an escape this late is worth almost a win to the Leader


def _fixed_leader(view, plan, fallback):
    """The Leader of a rehearsal: the choices already made (``view``) and the candidate (``plan``), then
    the Explorer."""
    chests = list(view["chests"]["closed"]) + list(plan.get("chests", []))

    def choose(v, legal, rng):
        kinds = {a["type"] for a in legal}
        if "choose_maze" in kinds and "maze" in plan:
            return {"type": "choose_maze", "maze": plan["maze"]}
        if "place_treasure" in kinds and (view["treasure_at"] is not None or "treasure" in plan):
            cell = view["treasure_at"] if view["treasure_at"] is not None else plan["treasure"]
            return {"type": "place_treasure", "cell": cell}
        if "place_chest" in kinds:
            placed = len(v["chests"]["closed"])
            if placed < len(chests):
                return {"type": "place_chest", "cell": chests[placed]}
        if "choose_entrance" in kinds and "entrance" in plan:
            return {"type": "choose_entrance", "opening": plan["entrance"]}
        return fallback(v, legal, rng)
    return choose


def rehearse(view, plan, seed, leader_bot, adventurer_bot):
    """The Leader's value of one rehearsed match: 1 if it wins, else how late the Adventurers escaped."""
    players = view["players"]
    options = {"segment_seconds": view["segment_seconds"]}
    if view["maze"] is not None:
        options["maze_data"] = view["maze"]
    seats = [_fixed_leader(view, plan, leader_bot)] + [adventurer_bot] * (players - 1)
    try:
        final = driver.play(engine, players, options, seed, seats).state
    except (engine.IllegalAction, driver.StuckMatch):
        return 0.5
    if final["winner"] == "leader":
        return 1.0
    return 0.5 * min(final["moves"], ESCAPE_HORIZON) / ESCAPE_HORIZON


# How many squares farthest from the openings are weighed for the Treasure, by the search bots' rehearsal and by
# the review of a Leader's setup alike (the review judges the choices the bots weigh).
TREASURE_SQUARES = 6


def candidates(view, legal, limit=TREASURE_SQUARES):
    """The setup choices weighed: every maze, every entrance, and the ``limit`` squares farthest from the
    openings for the Treasure (the Explorer's own rule ranks them); None for anything else."""
    maze = view.get("maze")
    action = _find(legal, "choose_maze")
    if action:
        return [{"maze": key} for key in _choices(action, "maze")]
    action = _find(legal, "place_treasure")
    if action:
        openings = [r * maze["cols"] + c for r, c, _d in maze["openings"]]
        dist = _distances(maze, openings)
        cells = sorted(_choices(action, "cell"), key=lambda c: -dist.get(c, 0))
        return [{"treasure": c} for c in cells[:limit]]
    action = _find(legal, "choose_entrance")
    if action:
        return [{"entrance": k} for k in _choices(action, "opening")]
    return None


def as_action(plan):
    if "maze" in plan:
        return {"type": "choose_maze", "maze": plan["maze"]}
    if "treasure" in plan:
        return {"type": "place_treasure", "cell": plan["treasure"]}
    return {"type": "choose_entrance", "opening": plan["entrance"]}


def setup_bot(explorer, rounds, cpu_seconds, limit=TREASURE_SQUARES):
    """``settled``-style hook: the Leader's maze, Treasure and entrance by rehearsal, else None."""
    def choose(view, legal, rng):
        if view.get("role") != "leader" or view.get("phase") != "setup":
            return None
        plans = candidates(view, legal, limit)
        if not plans:
            return None
        if len(plans) == 1:
            return as_action(plans[0])
        draw = random.Random(rng.random())
        totals = [0.0] * len(plans)
        started = time.thread_time()
        for done in range(rounds):
            spent = time.thread_time() - started
            # a whole round or none: stop when the next round, as long as the last ones, would pass the cap
            if cpu_seconds is not None and done and spent * (done + 1) / done > cpu_seconds:
                break
            seed = draw.randrange(1 << 30)
            for i, plan in enumerate(plans):
                totals[i] += rehearse(view, plan, seed, explorer, explorer)
        best = max(range(len(plans)), key=lambda i: totals[i])
        return domains.fill(as_action(plans[best]), draw)
    return choose

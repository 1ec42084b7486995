"""How a turn ends: the next seat takes, or the game is over and scored.

The flow steps of the phase table (``engine/table.py``): each returns a ``Transition``."""
from gamekit.phases import OPENED, goto

from .core import event, tiles
from .scoring import ranks, set_points, sets_of


def end_turn(s, now, events):
    s["turn_info"] = None
    if s["final_round"]:
        s["turns_left"] -= 1
    if not s["board"] or (s["final_round"] and s["turns_left"] <= 0):
        return goto("finish")
    n = s["players"]
    nxt = (s["current"] + 1) % n
    s["current"] = nxt
    s["turn"] += 1
    if s["restrictions"]:
        s["restrictions"] = [r for r in s["restrictions"] if r["by"] != nxt]
    return goto("take")


def finish(s, now, events):
    s["phase"] = "over"
    s["finished"] = True
    s["restrictions"] = []
    tiles_ = tiles(s)
    table = s["rules"]["set_scores"]
    hands = s["hands"]
    sp = [set_points([tiles_[t]["kind"] for t in h], table) for h in hands]
    totals = [sp[i] + s["scores"][i] for i in range(s["players"])]
    counts = [len(h) for h in hands]
    rk = ranks(totals, counts)
    s["final"] = {
        "hands": [[tiles_[t] for t in h] for h in hands],
        "sets": [sets_of(tiles_[t]["kind"] for t in h) for h in hands],
        "set_points": sp,
        "effect_points": s["scores"][:],
        "totals": totals,
        "tile_counts": counts,
        "ranks": rk,
        "leftover": [tiles_[t] for t in s["leftover"]],
        "seed": s["seed"],
    }
    event(s, events, "game_over", reason="cave_empty" if not s["board"] else "last_round", ranks=rk, totals=totals)
    return OPENED  # the end moves the decision key too: every client's prompt is gone


FLOW = {"end_turn": end_turn, "finish": finish}

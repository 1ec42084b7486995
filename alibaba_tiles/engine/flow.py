"""How a turn ends: the next seat takes, or the game is over and scored."""
from .core import event, open_decision, tiles
from .scoring import ranks, set_points, sets_of


def end_turn(s, now, events):
    s["turn_info"] = None
    if s["final_round"]:
        s["turns_left"] -= 1
    if not s["board"] or (s["final_round"] and s["turns_left"] <= 0):
        finish(s, now, events)
        return
    n = s["players"]
    nxt = (s["current"] + 1) % n
    s["current"] = nxt
    s["turn"] += 1
    s["phase"] = "take"
    if s["restrictions"]:
        s["restrictions"] = [r for r in s["restrictions"] if r["by"] != nxt]
    open_decision(s, now)


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
    open_decision(s, now)

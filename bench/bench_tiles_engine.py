"""Engine benchmark for Ali Baba's treasure cave (alibaba_tiles).

Plays random matches (random legal action for a seat that owes a decision)
and measures engine operations per second on one core, where one op is one
``apply`` plus one ``view`` for the acting seat.  Time spent choosing moves
(legal_actions, the random choice) is measured separately and not counted.

    .venv/bin/python bench/bench_tiles_engine.py [--seconds 5]
    .venv/bin/python bench/bench_tiles_engine.py --bots 500   # greedy vs random win rate
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from alibaba_tiles.engine import apply, legal_actions, new_game, view
from alibaba_tiles.selfplay import acting_seat

CONFIGS = [(2, "standard"), (3, "standard"), (4, "standard"), (3, "lamp"), (4, "equal"), (2, "small")]


def run(seconds):
    rng = random.Random(1)
    ops = 0
    engine_time = 0.0
    matches = 0
    start = time.perf_counter()
    perf = time.perf_counter
    while perf() - start < seconds:
        players, variant = CONFIGS[matches % len(CONFIGS)]
        state = new_game(players, {"variant": variant}, matches)
        now = 0.0
        while not state["finished"]:
            seat = acting_seat(state)
            action = rng.choice(legal_actions(state, seat))
            now += 1.0
            t0 = perf()
            state, _ = apply(state, seat, action, now)
            view(state, seat)
            engine_time += perf() - t0
            ops += 1
        matches += 1
    wall = perf() - start
    return ops, engine_time, wall, matches


def bot_win_rate(matches, variant="standard"):
    """Greedy bot against the random bot, 2 players, alternating seats (the start player is drawn)."""
    from alibaba_tiles.selfplay import greedy_wins

    return greedy_wins(matches, variant)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--bots", type=int, default=0, help="play N greedy-vs-random matches instead")
    args = ap.parse_args()
    if args.bots:
        for variant in ("standard", "lamp", "equal", "small"):
            wins = bot_win_rate(args.bots, variant)
            print(f"greedy beats random ({variant}, 2 players, {args.bots} matches, alternating seats): "
                  f"{wins}/{args.bots} = {wins / args.bots:.1%}")
        return
    ops, engine_time, wall, matches = run(args.seconds)
    print(f"matches played:            {matches}")
    print(f"apply+view ops:            {ops}")
    print(f"apply+view ops per second: {ops / engine_time:,.0f} (engine time only; goal >= 20,000)")
    print(f"whole loop ops per second: {ops / wall:,.0f} (including legal_actions and the random choice)")


if __name__ == "__main__":
    main()

"""Engine benchmark for Ali Baba's treasure cave (alibaba_tiles).

Plays random matches (random legal action for a seat that owes a decision)
and measures engine operations per second on one core, where one op is one
``apply`` plus one ``view`` for the acting seat.  Time spent choosing moves
(legal_actions, the random choice) is measured separately and not counted.

    .venv/bin/python bench/bench_tiles_engine.py [--seconds 5]
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from alibaba_tiles.engine import apply, legal_actions, new_game, view  # noqa: E402

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
            if state["phase"] == "show":
                seat = next(w for w, t in zip(state["window"], state["shown"]) if t is None)
            else:
                seat = state["current"]
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    ops, engine_time, wall, matches = run(args.seconds)
    print(f"matches played:            {matches}")
    print(f"apply+view ops:            {ops}")
    print(f"apply+view ops per second: {ops / engine_time:,.0f} (engine time only; goal >= 20,000)")
    print(f"whole loop ops per second: {ops / wall:,.0f} (including legal_actions and the random choice)")


if __name__ == "__main__":
    main()

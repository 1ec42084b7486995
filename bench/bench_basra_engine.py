"""Engine benchmark for Ali Baba in Basra (basra).

Replays recorded random matches and measures, on one core (CPU time of the
process, so other jobs on the machine do not count), how many
``apply`` + ``view`` for every seat (spectator excluded) the engine does per
second; choosing the moves is done beforehand and not counted. ``--bots N``
plays N four-player matches, two merchant bots against two random bots in
alternating seats, and reports how often a merchant finishes richer than a
random bot (pairwise) and how often the merchants' total beats the randoms'.

    .venv/bin/python bench/bench_basra_engine.py [--seconds 5]
    .venv/bin/python bench/bench_basra_engine.py --bots 500 [--variant forty_thieves]
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import basra.engine as engine
from basra.bots import BOTS
from gamekit import driver

CONFIGS = [(players, variant) for variant in ("standard", "forty_thieves") for players in (2, 3, 4, 5, 6)]


def recorded_matches(count):
    matches = []
    for number in range(count):
        players, variant = CONFIGS[number % len(CONFIGS)]
        options = {"variant": variant}
        log = driver.play(engine, players, options, number, [driver.random_bot] * players, rng=random.Random(number)).log
        matches.append((players, options, number, log))
    return matches


def run(seconds):
    matches = recorded_matches(len(CONFIGS) * 2)
    perf = time.process_time  # CPU time of this process: fair on a machine shared with other jobs
    applies = views = 0
    spent = 0.0
    rounds = 0
    while spent < seconds:
        for players, options, seed, log in matches:
            state = engine.new_game(players, options, seed, 0.0)
            seats = range(players)
            t0 = perf()
            for seat, action, at in log:
                state, _events = engine.apply(state, seat, action, at)
                for viewer in seats:
                    engine.view(state, viewer)
            spent += perf() - t0
            applies += len(log)
            views += len(log) * players
        rounds += 1
    return applies, views, spent


def bot_rates(matches, variant):
    pairs = pair_wins = match_wins = 0
    for number in range(matches):
        merchants = {number % 4, (number + 2) % 4}
        bots = [BOTS["merchant"] if s in merchants else BOTS["random"] for s in range(4)]
        cash = driver.play(engine, 4, {"variant": variant}, 10_000 + number, bots).state["cash"]
        randoms = set(range(4)) - merchants
        for m in merchants:
            for r in randoms:
                pairs += 1
                pair_wins += cash[m] > cash[r]
        match_wins += sum(cash[m] for m in merchants) > sum(cash[r] for r in randoms)
    return pair_wins / pairs, match_wins / matches


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--bots", type=int, default=0, help="play N merchant-vs-random 4-player matches instead")
    parser.add_argument("--variant", default="standard", choices=["standard", "forty_thieves"])
    args = parser.parse_args()
    if args.bots:
        started = time.perf_counter()
        pairwise, by_match = bot_rates(args.bots, args.variant)
        print(f"{args.variant}: merchant richer than random in {pairwise:.1%} of merchant/random pairs; "
              f"merchants' total above the randoms' in {by_match:.1%} of {args.bots} 4-player matches "
              f"({time.perf_counter() - started:.1f} s)")
        return
    applies, views, spent = run(args.seconds)
    print(f"{applies / spent:,.0f} apply + view for every seat per second "
          f"(one core, CPU time; {applies:,} applies, {views:,} views, {spent:.2f} s)")
    print(f"{(applies + views) / spent:,.0f} engine calls (apply or view) per second")


if __name__ == "__main__":
    main()

"""Sidi Baba's move path, engine side: apply + view per second, a mean and its 95% confidence interval.

Seeded random matches (the random bot in every seat, time acting at its
deadlines) are recorded once as (state, seat, action, now); each round then
replays every recorded move through two paths and times them in CPU time of
this process (other work on the machine disturbs it less than wall time):

- ``apply``: the direct caller's path, ``engine.apply`` (due deadlines, the
  legality check, the rules) and the acting seat's ``view``;
- ``platform``: what the match service needs from the engine for one move:
  ``legal_actions`` and one match (``domains.resolve``), then
  ``contract.apply_legal`` (an engine without ``apply_legal`` checks legality
  again inside ``apply``) and the acting seat's ``view``. Time's own actions
  (seat None) go through ``apply`` in both paths, as the service sends them.

    .venv/bin/python bench/sidibaba_apply.py [--rounds 12] [--matches 30] [--players 4]

Each round's figure is moves per second over all recorded moves; the mean and
the 95% interval (Student's t over the rounds) are printed per path.
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.bench_sidibaba_engine import random_move
from gamekit import contract, domains
from sidibaba import engine

# Student's t for a two-sided 95% interval, by degrees of freedom (rounds - 1); 2.0 beyond the table.
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 11: 2.20,
       12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 19: 2.09, 24: 2.06, 29: 2.05}


def record(matches, players, segment=60):
    """Every move of ``matches`` seeded random matches, with the state it was played on."""
    moves = []
    for seed in range(matches):
        rng = random.Random(seed)
        state = engine.new_game(players, {"segment_seconds": segment}, seed, 0.0)
        now = 0.0
        while engine.result(state) is None:
            seat, action, now = random_move(state, now, rng)
            moves.append((state, seat, action, now))
            state, _events = engine.apply(state, seat, action, now)
    return moves


def direct(moves):
    for state, seat, action, now in moves:
        new, _events = engine.apply(state, seat, action, now)
        engine.view(new, seat)


def platform(moves):
    for state, seat, action, now in moves:
        if seat is None:
            new, _events = engine.apply(state, None, action, now)
        else:
            legal = domains.resolve(action, engine.legal_actions(state, seat))
            new, _events = contract.apply_legal(engine, state, seat, legal, now)
        engine.view(new, seat)


def interval(samples):
    mean = statistics.mean(samples)
    if len(samples) < 2:
        return mean, 0.0
    t = T95.get(len(samples) - 1) or T95[max(k for k in T95 if k <= len(samples) - 1)]
    return mean, t * statistics.stdev(samples) / len(samples) ** 0.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--matches", type=int, default=30)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    moves = record(args.matches, args.players)
    paths = {"apply + view (direct caller)": direct, "legal match + apply_legal + view (platform)": platform}
    rates = {name: [] for name in paths}
    for _ in range(args.rounds):
        for name, run in paths.items():  # interleaved, so a busy spell on the machine hits both paths
            t0 = time.process_time()
            run(moves)
            rates[name].append(len(moves) / (time.process_time() - t0))
    print(f"{args.matches} matches, {args.players} players, {len(moves)} moves, {args.rounds} rounds "
          f"(apply_legal: {'yes' if contract.optional(engine, 'apply_legal') else 'no, apply checks again'})")
    for name, samples in rates.items():
        mean, half = interval(samples)
        print(f"{name}: {mean:,.0f} per second, 95% CI {mean - half:,.0f} - {mean + half:,.0f} (+/- {half:,.0f})")


if __name__ == "__main__":
    main()

"""Engine benchmark for Sidi Baba (sidibaba), and the bot balance figure.

Plays random matches (the random bot in every seat, simulated time) and
measures, on one core, one ``apply`` followed by the acting seat's ``view``
(as the treasure cave's benchmark does), and ``apply`` followed by ``view``
for every seat and a spectator. Choosing the moves (legal_actions, the random choice) is timed
separately and not counted.

    .venv/bin/python bench/bench_sidibaba_engine.py [--seconds 5]
    .venv/bin/python bench/bench_sidibaba_engine.py --bots 200   # explorer Adventurers vs the explorer Leader
"""
import argparse
import collections
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from gamekit import driver
from sidibaba import engine
from sidibaba.bots import BOTS


def random_move(state, now, rng):
    """The next move of a seeded random match, two seconds on: time's action once its deadline is
    due (or nobody may act), else a random seat waited for plays a random legal action."""
    now += 2.0
    due = engine.deadline(state)
    movers = engine.to_act(state)
    if due and (due[0] <= now or not movers):
        return None, due[1], max(now, due[0])
    seat = rng.choice(movers)
    return seat, driver.random_bot(None, engine.legal_actions(state, seat), rng), now


def run(seconds, players=4, segment=60):
    perf = time.perf_counter
    applies = views = matches = 0
    engine_time = first_view_time = 0.0
    start = perf()
    while perf() - start < seconds:
        rng = random.Random(matches)
        state = engine.new_game(players, {"segment_seconds": segment}, matches, 0.0)
        now = 0.0
        while engine.result(state) is None:
            seat, action, now = random_move(state, now, rng)
            t0 = perf()
            state, _events = engine.apply(state, seat, action, now)
            engine.view(state, seat)
            t1 = perf()
            for viewer in range(players):
                engine.view(state, viewer)
            engine.view(state, None)
            t2 = perf()
            first_view_time += t1 - t0
            engine_time += t2 - t0
            applies += 1
            views += players + 1
        matches += 1
    return applies, views, engine_time, first_view_time, perf() - start, matches


def balance(matches, players=4, segment=60):
    """Explorer bots in every seat: how often the Adventurers escape."""
    outcomes = collections.Counter()
    moves = 0
    for seed in range(matches):
        playout = driver.play(engine, players, {"segment_seconds": segment}, seed, [BOTS["explorer"]] * players)
        outcomes[playout.state["end_reason"]] += 1
        moves += playout.state["moves"]
    return outcomes, moves / matches


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", type=int, default=0, help="play N explorer matches and print the escape rate")
    ap.add_argument("--segment", type=int, default=60, help="segment seconds for --bots")
    args = ap.parse_args()
    if args.bots:
        t0 = time.perf_counter()
        outcomes, moves = balance(args.bots, args.players, args.segment)
        escaped = outcomes["escaped"]
        print(f"{args.bots} matches, {args.players} players, {args.segment} s lamps: Adventurers escape "
              f"{escaped} ({100 * escaped / args.bots:.1f}%); {dict(outcomes)}; {moves:.0f} moves per match; "
              f"{time.perf_counter() - t0:.1f} s")
        return
    applies, views, engine_time, first_view_time, wall, matches = run(args.seconds, args.players)
    print(f"{matches} matches, {applies} applies, {views} views in {engine_time:.2f} s of engine time "
          f"({wall:.2f} s wall)")
    print(f"apply + the acting seat's view: {applies / first_view_time:,.0f} per second")
    print(f"apply + a view for every seat and a spectator: {applies / engine_time:,.0f} per second")
    print(f"engine calls (applies and views counted one each): {(applies + views) / engine_time:,.0f} per second")


if __name__ == "__main__":
    main()

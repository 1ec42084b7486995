"""The service's move path in memory, for every registered game: per second, how many moves go
through ``matches.services._apply_one`` (legality, apply, the log row built) followed by the view
of every seat and of a spectator (what the frames of that move carry).

Engine benchmarks (bench_*_engine.py) time the engine alone; ``make simulate`` and ``load.py``
add the database and the sockets. This one sits between: what the platform adds to the engine on
each move, with no database (the log row is built, never written) and no channel layer.

The moves are recorded first (random bots, ``gamekit.driver.play``) and then replayed through
the service's step, so every run times the same moves.

    env -u DATABASE_URL -u REDIS_URL .venv/bin/python bench/bench_move_path.py [--seconds 5] [--game KEY]
"""
import argparse
import os
import random
import sys
import time
from types import SimpleNamespace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from gamekit import domains, driver  # noqa: E402 - after django.setup()
from matches import registry, services  # noqa: E402 - after django.setup()


def record(spec, players, seed):
    """One random match of ``spec``: its options, seed and log of (seat, action, at)."""
    options = {o["name"]: o.get("default") for o in spec.engine.OPTIONS}
    # Clocks off where they may be, as `simulate` does: time still acts where the game needs it.
    options.update({o["name"]: 0 for o in spec.engine.OPTIONS if o.get("clock") and o.get("min", 0) == 0})
    options["started_at"] = 0.0
    playout = driver.play(spec.engine, players, options, seed, [driver.random_bot] * players)
    return options, playout.log


def replay_through_service(spec, players, options, seed, log):
    """CPU seconds spent in the service's step and the views, for one recorded match (CPU time, not
    wall time: the machine is shared, and a process waiting for a core would count the wait)."""
    engine = spec.engine
    state = engine.new_game(players, options, seed, 0.0)
    match = SimpleNamespace(pk=None, players=players, version=0, step_version=0, unsaved_actions=[])
    new_events = []
    viewers = [*range(players), None]
    perf = time.process_time
    spent = check = 0.0
    for seat, action, at in log:
        if seat is not None:
            # The legality check alone, timed apart: what an engine's apply_legal saves on each move
            # (an engine without it repeats the check inside apply).
            t0 = perf()
            domains.resolve(action, engine.legal_actions(state, seat))
            check += perf() - t0
        t0 = perf()
        state = services._apply_one(spec, match, state, seat, action, at, new_events)
        for viewer in viewers:
            engine.view(state, viewer)
        spent += perf() - t0
    return spent, check, len(log)


def run(spec, seconds):
    low, high = spec.min_players, min(spec.max_players, 4)
    matches = [(players, seed, *record(spec, players, seed))
               for seed in range(3) for players in range(low, high + 1)]
    moves = 0
    spent = check = 0.0
    start = time.perf_counter()
    order = random.Random(1)
    while time.perf_counter() - start < seconds:
        players, seed, options, log = order.choice(matches)
        s, c, n = replay_through_service(spec, players, options, seed, log)
        spent += s
        check += c
        moves += n
    return moves, spent, check


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per game")
    parser.add_argument("--game", default="", help="one game's key (default: every registered game)")
    args = parser.parse_args()
    specs = [registry.get_game(args.game)] if args.game else registry.all_games()
    for spec in specs:
        moves, spent, check = run(spec, args.seconds)
        own = "" if spec.provides("apply_legal") else ", repeated inside apply: the engine has no apply_legal"
        print(f"{spec.key}: {moves} moves, {moves / spent:,.0f} service step + every view/s of CPU "
              f"({1e6 * spent / moves:.1f} us per move; the legality check {1e6 * check / moves:.1f} us of it{own})")


if __name__ == "__main__":
    main()

"""apply + view per second for any engine, with a 95% confidence interval over several runs.

Random matches are recorded first (gamekit.driver, random legal actions,
time acting on its own clock); what is timed is replaying their logs, one core,
CPU time of this process (fair on a machine shared with other jobs). Each
action counts once, with a ``view`` for every seat. Two paths:

- ``apply``: ``engine.apply`` as a direct caller (a test, a bot, a replay) calls it,
  the engine checking legality itself;
- ``platform``: what the service does: match the action against ``legal_actions`` once
  (``gamekit.domains.resolve``), then ``contract.apply_legal`` (an engine without
  ``apply_legal`` checks again inside ``apply``). Actions of the clock (seat None) go
  straight to ``apply_legal``, which keeps its deadline check.

    .venv/bin/python bench/engine_apply.py [--games alibaba_tiles basra] [--runs 7] [--seconds 1] [--views none]

The older per-game benchmarks (bench_tiles_engine.py, bench_basra_engine.py,
bench_sidibaba_engine.py) give one figure from one run; this one is for
comparing two versions of an engine.
"""
import argparse
import importlib
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from gamekit import contract, domains, driver

GAMES = {
    "alibaba_tiles": [(players, {"variant": variant, "clock": clock})
                      for variant in ("standard", "lamp", "equal") for players in (2, 3, 4) for clock in (0, 30)],
    "basra": [(players, {"variant": variant}) for variant in ("standard", "forty_thieves") for players in (2, 3, 4, 5, 6)],
    "sidibaba": [(players, {}) for players in (3, 4, 5, 6)],
}
# Student's t for a two-sided 95% interval, by degrees of freedom (runs - 1).
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 15: 2.13, 20: 2.09}


def recorded(engine, configs, matches):
    out = []
    for number in range(matches):
        players, options = configs[number % len(configs)]
        log = driver.play(engine, players, options, number, [driver.random_bot] * players, rng=random.Random(number)).log
        out.append((players, options, number, log))
    return out


def one_run(engine, matches, path, seconds, views="all"):
    """Replay the matches until ``seconds`` of CPU time are spent; actions per second."""
    perf = time.process_time
    actions = 0
    spent = 0.0
    while spent < seconds:
        for players, options, seed, log in matches:
            state = engine.new_game(players, options, seed, 0.0)
            seats = range(players) if views == "all" else ()
            t0 = perf()
            for seat, action, at in log:
                if path == "platform" and seat is not None:
                    action = domains.resolve(action, engine.legal_actions(state, seat))
                if path == "platform":
                    state, _events = contract.apply_legal(engine, state, seat, action, at)
                else:
                    state, _events = engine.apply(state, seat, action, at)
                for viewer in seats:
                    engine.view(state, viewer)
            spent += perf() - t0
            actions += len(log)
    return actions / spent


def interval(samples):
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, float("nan")
    dof = len(samples) - 1
    t = T95.get(dof) or T95[max(k for k in T95 if k <= dof)]
    return mean, t * statistics.stdev(samples) / len(samples) ** 0.5


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", nargs="+", default=["alibaba_tiles", "basra"], choices=sorted(GAMES))
    parser.add_argument("--paths", nargs="+", default=["apply", "platform"], choices=["apply", "platform"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--views", default="all", choices=["all", "none"],
                        help="none: apply alone, to see the engine's share without the views")
    args = parser.parse_args()
    for game in args.games:
        engine = importlib.import_module(f"{game}.engine")
        matches = recorded(engine, GAMES[game], args.matches)
        for path in args.paths:
            one_run(engine, matches, path, 0.2)  # warm the caches
            samples = [one_run(engine, matches, path, args.seconds, args.views) for _ in range(args.runs)]
            mean, half = interval(samples)
            what = "apply + view for every seat" if args.views == "all" else "apply"
            print(f"{game:14} {path:9} {mean:10,.0f} {what} per second "
                  f"(95% CI ± {half:,.0f}; {args.runs} runs of {args.seconds:g} s CPU)")


if __name__ == "__main__":
    main()

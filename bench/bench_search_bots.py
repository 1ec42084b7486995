"""The search bots' strength and cost: one search bot against the game's best heuristic bot.

Plays ``--matches`` engine-only matches (gamekit.driver.play, no database) with one search
bot (``--bot``, a level of the game's BOTS) in a seat that rotates, the other seats held by
``--against`` (Greedy, the Merchant), and prints how often the search bot came first alone or
shared (a shared first counts as a win split between the tied), with a 95% Wilson interval and
the fair share (1 / players); then its cost: decisions per second of one core, CPU per
decision p50 / p99 (this thread's CPU time), and the process's peak memory.

    .venv/bin/python bench/bench_search_bots.py --game alibaba_tiles --players 2 --matches 60
    .venv/bin/python bench/bench_search_bots.py --game basra --players 4 --variant forty_thieves
    .venv/bin/python bench/bench_search_bots.py --game sidibaba --side leader --players 4 --bot expert
    .venv/bin/python bench/bench_search_bots.py --game sidibaba --side adventurers --players 4 --bot explorer

Sidi Baba is a game of sides: ``--side leader`` puts the search bot in the Leader's seat against Explorer
Adventurers, ``--side adventurers`` puts it in every Adventurer's seat against the Explorer Leader, and a
win is that side's; 60 s lamps, an action a second (as bench_sidibaba_engine.py --bots). ``--bot explorer``
measures today's baseline, the Explorer on both sides, over the same seeds.

``--iterations N`` overrides the level's iterations (a cheaper bench; say so beside the figure).
``--bot`` may also name a heuristic of the game's bots module that the lobby does not offer, e.g.
``--game basra --variant forty_thieves --bot thief`` (thief_bot, the Forty Thieves search's playouts).
Not part of the test run: the machine is shared, keep the runs modest.
"""
import argparse
import dataclasses
import os
import resource
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.confidence import wilson  # noqa: E402
from gamekit import driver, ismcts

GAMES = {
    "alibaba_tiles": ("alibaba_tiles", "greedy", {"clock": 0}),
    "basra": ("basra", "merchant", {"turn_seconds": 0}),
    "sidibaba": ("sidibaba", "explorer", {"segment_seconds": 60}),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), default="alibaba_tiles")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--bot", default="master")
    parser.add_argument("--against", default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--rollout-depth", type=int, default=None, help="overrides the level's playout length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--side", choices=["leader", "adventurers"], default=None, help="Sidi Baba: the searching side")
    args = parser.parse_args(argv)

    module, default_against, options = GAMES[args.game]
    engine = __import__(f"{module}.engine", fromlist=["engine"])
    bots_module = __import__(f"{module}.bots", fromlist=["bots"])
    bots = bots_module.BOTS
    # a level of BOTS, or a heuristic of the module not offered at the table (``--bot thief``: thief_bot)
    search = bots[args.bot] if args.bot in bots else getattr(bots_module, f"{args.bot}_bot")
    searching = ismcts.is_search_bot(search)
    if args.iterations:
        search = ismcts.with_budget(search, args.iterations, search.search_config.cpu_seconds)
    if args.rollout_depth is not None:
        config = dataclasses.replace(search.search_config, rollout_depth=args.rollout_depth)
        search = ismcts.make_bot(search.engine, search.sample_state, search.seat_of, config)
    against = bots[args.against or default_against]
    if args.game != "sidibaba":
        options = dict(options, variant=args.variant)
    costs = []

    def timed(view, legal, rng, seen=()):
        started = time.thread_time()
        action = search(view, legal, rng, seen=seen) if searching else search(view, legal, rng)
        costs.append(time.thread_time() - started)
        return action
    timed.remembers = True

    wins = 0.0
    started = time.time()
    for match in range(args.matches):
        seed = args.seed * 100_000 + match
        if args.side:
            seats = [against] * args.players
            side = [0] if args.side == "leader" else list(range(1, args.players))
            for s in side:
                seats[s] = timed if searching else search
            playout = driver.play(engine, args.players, options, seed, seats)
            won = playout.state["winner"] == ("leader" if args.side == "leader" else "adventurers")
            wins += won
            low, high = wilson(wins, match + 1)
            print(f"match {match + 1}: {playout.state['end_reason']} after {playout.state['moves']} moves; "
                  f"{args.side} won {wins:g}/{match + 1} ({100 * wins / (match + 1):.1f}%, "
                  f"95% {100 * low:.1f}-{100 * high:.1f}%)", flush=True)
            continue
        seat = match % args.players
        seats = [against] * args.players
        seats[seat] = timed
        playout = driver.play(engine, args.players, options, seed, seats)
        ranks = engine.result(playout.state)["ranks"]
        if ranks[seat] == 1:
            wins += 1 / sum(1 for r in ranks if r == 1)
        low, high = wilson(wins, match + 1)
        print(f"match {match + 1}: seat {seat} rank {ranks[seat]}; won {wins:g}/{match + 1} "
              f"({100 * wins / (match + 1):.1f}%, 95% {100 * low:.1f}-{100 * high:.1f}%)", flush=True)
    n = args.matches
    low, high = wilson(wins, n)
    costs.sort()
    level = (f"{search.search_config.iterations} iterations, cap {search.search_config.cpu_seconds} s"
             if searching else "no search")
    if args.side:
        print(f"\n{args.game}, {args.players} players: {args.bot} ({level}) as the {args.side} "
              f"vs {args.against or default_against}")
        print(f"the {args.side} won {wins:g} of {n} matches: {100 * wins / n:.1f}% "
              f"(95% interval {100 * low:.1f}-{100 * high:.1f}%)")
    else:
        print(f"\n{args.game} {args.variant}, {args.players} players: {args.bot} ({level}) "
              f"vs {args.against or default_against} x{args.players - 1}")
        print(f"won {wins:g} of {n} matches: {100 * wins / n:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%), "
              f"fair share {100 / args.players:.1f}%")
    if costs:
        p50 = costs[len(costs) // 2]
        p99 = costs[min(len(costs) - 1, int(len(costs) * 0.99))]
        print(f"{len(costs)} decisions, {len(costs) / sum(costs):.1f} decisions/s of CPU, "
              f"CPU per decision p50 {1000 * p50:.0f} ms, p99 {1000 * p99:.0f} ms, max {1000 * costs[-1]:.0f} ms")
    print(f"peak memory (max RSS) {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB; "
          f"wall {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()

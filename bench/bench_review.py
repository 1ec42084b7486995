"""The match review's cost and sense (docs/analysis.md): engine-only matches, reviewed as the site reviews them.

For each game (``--games``):
1. **Expert against the weak bot** (``--matches`` matches; Greedy, the Merchant, the Explorer): every seat's
   decisions reviewed (``gamekit.review``, ``--playouts`` per candidate, the site's REVIEW_PLAYOUTS by default);
   the CPU per reviewed decision (p50, p95, mean; this thread's CPU time) and per seat's review of a match; the
   marks of each side, and the share of blunders (and of every mark) on the weaker side, with a 95% Wilson
   interval (the blunders of one match are not independent draws: the interval is a guide). In Sidi Baba the
   Expert plays the Adventurers (the navigator, which wins most matches against the Explorer Leader): the
   weaker side is the Explorer Leader.
2. **Agreement with Master** (``--master-matches``): Master in seat 0 against the weak bot, seat 0 reviewed: how
   often the review's best action is the one Master chose, over the decisions judged.

``--jobs N`` plays and reviews N matches at a time, each in a process of its own: the marks and agreement are
those of one at a time (each match's seeds are its own), the CPU figures read higher (each decision's thread time
on cores the jobs share: p50 29 against 19 ms in a small run of the cave), so quote CPU from ``--jobs 1``.
``--max-decisions K`` reviews at most K decisions of a seat, evenly
spread (a Sidi Baba Adventurer votes some 500 times a match); say so beside the figure. Not part of the test
run: the machine is shared, keep the runs modest.

A long run can be made in parts: a match's figures depend only on its seed (``--seed`` plus its index), so
``--first K`` starts at match K and ``--record FILE`` appends each match's figures to FILE as a JSON line;
``--from-records FILE...`` plays nothing and reports the matches recorded (one line per match and settings,
the last recorded kept), so that 50 matches measured 20 + 30 in two sittings read as one run of 50.

    .venv/bin/python bench/bench_review.py --games basra --matches 10 --master-matches 2
    .venv/bin/python bench/bench_review.py --games basra --first 20 --matches 30 --master-matches 0 --jobs 2 \
        --record bench/results/review.jsonl
    .venv/bin/python bench/bench_review.py --games basra --from-records bench/results/review.jsonl
"""
import argparse
import importlib
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.confidence import wilson  # noqa: E402
from gamekit import driver, ismcts, review  # noqa: E402

# game -> (the weak bot, players, engine options, the Expert's seats as a function of the match's index)
GAMES = {
    "alibaba_tiles": ("greedy", 2, {"clock": 0}, lambda i, players: [i % players]),
    "basra": ("merchant", 2, {"turn_seconds": 0}, lambda i, players: [i % players]),
    "sidibaba": ("explorer", 3, {"segment_seconds": 60}, lambda i, players: list(range(1, players))),
}


def spread(items, most):
    """At most ``most`` of ``items``, evenly spread (all of them when ``most`` is None)."""
    if most is None or len(items) <= most:
        return items
    stride = len(items) / most
    return [items[int(k * stride)] for k in range(most)]


def review_seat(engine, config, game, players, options, seed, log, seat, playouts, most):
    """[(reviewed decision, CPU seconds)] of one seat's decisions."""
    out = []
    for decision in spread(list(review.decisions(engine, players, options, seed, 0.0, log, seat)), most):
        started = time.thread_time()
        judged = review.review_decision(engine, engine.sample_state, config, decision, f"bench:{seed}:{seat}", players,
                                        review.playouts_for(game, playouts), review.thresholds_for(game))
        out.append((judged, time.thread_time() - started))
    return out


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _modules(game):
    return importlib.import_module(f"{game}.engine"), importlib.import_module(f"{game}.bots")


def review_match(game, i, args):
    """Match ``i`` of Expert against the weak bot, every seat reviewed: its figures, to be added up."""
    weak, players, options, expert_seats = GAMES[game]
    engine, bots = _modules(game)
    seed = args.seed + i
    strong = expert_seats(i, players)
    seats = [bots.BOTS["expert"] if s in strong else bots.BOTS[weak] for s in range(players)]
    played = driver.play(engine, players, options, seed, seats)
    out = {"cpu": [], "per_seat_review": [], "marks": {"weak": {m: 0 for m in review.MARKS}, "expert": {m: 0 for m in review.MARKS}},
           "reviewed": {"weak": 0, "expert": 0}, "skipped": 0}
    for seat in range(players):
        side = "expert" if seat in strong else "weak"
        rows = review_seat(engine, bots.REVIEW_CONFIG, game, players, options, seed, played.log, seat, args.playouts,
                           args.max_decisions)
        out["per_seat_review"].append(sum(c for _r, c in rows))
        for judged, seconds in rows:
            if "skipped" in judged:
                out["skipped"] += 1
                continue
            out["cpu"].append(seconds)
            out["reviewed"][side] += 1
            if judged["mark"]:
                out["marks"][side][judged["mark"]] += 1
    print(f"  {game} match {i + 1} (seed {seed}) reviewed", flush=True)
    return _recorded(args, {"kind": "review", "game": game, "seed": seed, **out})


def master_match(game, i, args):
    """Master in seat 0 against the weak bot, seat 0 reviewed: (decisions where the review's best is Master's, judged)."""
    weak, players, options, _expert_seats = GAMES[game]
    engine, bots = _modules(game)
    seed = args.seed + 1000 + i
    seats = [bots.BOTS["master"]] + [bots.BOTS[weak]] * (players - 1)
    played = driver.play(engine, players, options, seed, seats)
    agree = total = 0
    for judged, _seconds in review_seat(engine, bots.REVIEW_CONFIG, game, players, options, seed, played.log, 0,
                                        args.playouts, args.max_decisions):
        if "skipped" in judged:
            continue
        total += 1
        agree += ismcts.action_key(judged["best"]) == ismcts.action_key(judged["taken"])
    return _recorded(args, {"kind": "master", "game": game, "seed": seed, "agree": agree, "total": total})


def _settings(args, game):
    """What a match's figures depend on besides its seed."""
    return {"playouts": review.playouts_for(game, args.playouts), "max_decisions": args.max_decisions}


def _recorded(args, figures):
    """``figures`` with the settings they were measured at, appended to ``--record`` as a JSON line."""
    figures = {**figures, **_settings(args, figures["game"]), "commit": args.commit}
    if args.record:
        with open(args.record, "a", encoding="utf-8") as out:  # one write per line: jobs may append at once
            out.write(json.dumps(figures, sort_keys=True) + "\n")
    return figures


def _commit():
    """The commit the figures were measured on (a figure names its commit), with "+" if the tree had changes."""
    here = os.path.dirname(os.path.abspath(__file__))
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True).stdout.strip()
    changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here, capture_output=True,
                             text=True).stdout.strip()
    return head + ("+" if changed else "")


def read_records(paths, game, args):
    """(review figures, master figures) recorded for ``game`` at this run's settings, one per seed (the last)."""
    found = {}
    for path in paths:
        with open(path, encoding="utf-8") as records:
            for line in records:
                figures = json.loads(line)
                if figures["game"] == game and all(figures[k] == v for k, v in _settings(args, game).items()):
                    found[(figures["kind"], figures["seed"])] = figures
    ordered = [found[key] for key in sorted(found)]
    return ([f for f in ordered if f["kind"] == "review"], [f for f in ordered if f["kind"] == "master"])


def bench_game(game, args):
    """Every match's figures added up; ``--jobs`` matches at a time, each in a process of its own."""
    weak, players, _options, _expert_seats = GAMES[game]
    if args.from_records:
        matches, masters = read_records(args.from_records, game, args)
    else:
        jobs = [(review_match, game, i, args) for i in range(args.first, args.first + args.matches)]
        jobs += [(master_match, game, i, args) for i in range(args.master_matches)]
        if args.jobs > 1:
            with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                done = pool.starmap(_run, jobs, chunksize=1)
        else:
            done = [_run(*job) for job in jobs]
        matches, masters = done[:args.matches], done[args.matches:]
    marks = {side: {m: sum(r["marks"][side][m] for r in matches) for m in review.MARKS} for side in ("weak", "expert")}
    return {"cpu": [c for r in matches for c in r["cpu"]],
            "per_seat_review": [c for r in matches for c in r["per_seat_review"]],
            "marks": marks, "reviewed": {side: sum(r["reviewed"][side] for r in matches) for side in ("weak", "expert")},
            "skipped": sum(r["skipped"] for r in matches),
            "agree": sum(m["agree"] for m in masters), "agree_total": sum(m["total"] for m in masters),
            "matches": len(matches), "master_matches": len(masters), "weak": weak, "players": players,
            "commits": sorted({f["commit"] for f in matches + masters})}


def _run(work, game, i, args):
    return work(game, i, args)


def report(game, r, args):
    cpu = r["cpu"]
    print(f"\n== {game}: Expert against {r['weak']}, {r['matches']} matches, {r['players']} players, "
          f"{review.playouts_for(game, args.playouts)} playouts per candidate"
          + (f", at most {args.max_decisions} decisions a seat" if args.max_decisions else "")
          + f"; commit {', '.join(r['commits'])}")
    if cpu:
        print(f"CPU per reviewed decision: p50 {1000 * statistics.median(cpu):.0f} ms, p95 {1000 * percentile(cpu, 0.95):.0f} ms, "
              f"mean {1000 * statistics.mean(cpu):.0f} ms over {len(cpu)} decisions ({r['skipped']} not sampled)")
        seat_reviews = r["per_seat_review"]
        print(f"CPU per seat's review of a match: mean {statistics.mean(seat_reviews):.1f} s, max {max(seat_reviews):.1f} s")
    for side in ("weak", "expert"):
        counts = r["marks"][side]
        print(f"{side:6} side: {r['reviewed'][side]} decisions judged, " + ", ".join(f"{m}: {counts[m]}" for m in review.MARKS))
    blunders_weak, blunders_all = r["marks"]["weak"]["blunder"], r["marks"]["weak"]["blunder"] + r["marks"]["expert"]["blunder"]
    low, high = wilson(blunders_weak, blunders_all)
    share = blunders_weak / blunders_all if blunders_all else 0.0
    print(f"blunders on the weaker side: {blunders_weak}/{blunders_all} ({100 * share:.1f}%, "
          f"95% interval {100 * low:.1f}-{100 * high:.1f}%)")
    marked_weak = sum(r["marks"]["weak"].values())
    marked_all = marked_weak + sum(r["marks"]["expert"].values())
    low, high = wilson(marked_weak, marked_all)
    print(f"every mark on the weaker side: {marked_weak}/{marked_all} ({100 * marked_weak / max(1, marked_all):.1f}%, "
          f"95% interval {100 * low:.1f}-{100 * high:.1f}%)")
    if r["agree_total"]:
        low, high = wilson(r["agree"], r["agree_total"])
        print(f"agreement with Master ({r['master_matches']} matches, seat 0): {r['agree']}/{r['agree_total']} "
              f"({100 * r['agree'] / r['agree_total']:.1f}%, 95% interval {100 * low:.1f}-{100 * high:.1f}%)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--master-matches", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=review.PLAYOUTS_PER_CANDIDATE)
    parser.add_argument("--max-decisions", type=int, default=None)
    parser.add_argument("--seed", type=int, default=300000)
    parser.add_argument("--jobs", type=int, default=1, help="matches reviewed at a time, each in its own process")
    parser.add_argument("--first", type=int, default=0, help="the index of the first match (its seed is --seed plus it)")
    parser.add_argument("--record", help="append each match's figures to this file, a JSON line each")
    parser.add_argument("--from-records", nargs="+", metavar="FILE", help="play nothing: report the recorded matches")
    args = parser.parse_args(argv)
    args.commit = _commit()  # read once: the code a run measures is the code it started with
    for game in args.games:
        report(game, bench_game(game, args), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

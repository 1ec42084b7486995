"""Does a match review slow the computer players' live decisions? (docs/analysis.md)

The default mode's lane as it runs: live decisions in a child niced to 5 (``bot_lane_local.CHILD_NICE``), a
review's steps in a child of the idle scheduling class (``bot_lane.prepare_review_child``: SCHED_IDLE, else nice
19). Both children are pinned to the same core (the worst
case: no second core to run the review on). Rounds alternate, each deciding the same ``--decisions`` Basra
Expert decisions (wall time per decision, as a table waits for it) alone, then while review steps run without
pause in the other child. Prints p50 / p95 / mean per condition and the ratio.

    .venv/bin/python bench/bench_review_lane.py --decisions 20 --rounds 3
"""
import argparse
import os
import random
import statistics
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from basra import bots, engine  # noqa: E402
from gamekit import driver, review  # noqa: E402
from matches import bot_lane  # noqa: E402
from matches.bot_lane_local import REVIEW_NICE  # noqa: E402

CORE = 0


def _child(niceness):
    os.sched_setaffinity(0, {CORE})
    if niceness == REVIEW_NICE:
        bot_lane.prepare_review_child(os.getppid())  # as the lane's review child: SCHED_IDLE, else nice 19
    else:
        os.nice(niceness)


def _requests(count, seed):
    """Live decisions of an Expert seat along a Merchant match, as the lane reads them."""
    played = driver.play(engine, 2, {"turn_seconds": 0}, seed, [bots.BOTS["merchant"]] * 2)
    out = []
    for decision in review.decisions(engine, 2, {"turn_seconds": 0}, seed, 0.0, played.log, 0):
        out.append(bot_lane.DecisionRequest(match=1, seat=0, version=decision.seq, game="basra", bot="expert",
                                            bot_ref="basra.bots:expert_bot", view=decision.view, legal=decision.legal,
                                            seen=decision.seen, seed=f"{seed}:{decision.seq}"))
        if len(out) == count:
            break
    return out, played


def _review_steps(played, seed):
    walked = list(review.decisions(engine, 2, {"turn_seconds": 0}, seed, 0.0, played.log, 1))
    return [bot_lane.ReviewStepRequest(review=1, game="basra", engine_ref="basra.engine", config_ref="basra.bots:REVIEW_CONFIG",
                                       decisions=tuple(walked[k:k + 6]), seed="bench", players=2, playouts=48)
            for k in range(0, len(walked), 6)]


def _decide_all(pool, requests):
    times = []
    for request in requests:
        started = time.perf_counter()
        pool.submit(bot_lane.decide, request).result()
        times.append(time.perf_counter() - started)
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    requests, played = _requests(args.decisions, args.seed)
    steps = _review_steps(played, args.seed)
    live = ProcessPoolExecutor(1, initializer=_child, initargs=(5,))
    reviews = ProcessPoolExecutor(1, initializer=_child, initargs=(19,))
    live.submit(bot_lane.decide, requests[0]).result()  # warm: imports
    reviews.submit(bot_lane.review_step, steps[0]).result()
    alone, beside = [], []
    for _round in range(args.rounds):
        alone += _decide_all(live, requests)
        stop = threading.Event()
        done_steps = [0]

        def keep_reviewing(stop=stop, done_steps=done_steps):
            rng = random.Random(0)
            while not stop.is_set():
                reviews.submit(bot_lane.review_step, rng.choice(steps)).result()
                done_steps[0] += 1
        worker = threading.Thread(target=keep_reviewing)
        worker.start()
        time.sleep(0.5)  # the review child is busy before the first decision
        beside += _decide_all(live, requests)
        stop.set()
        worker.join()
        print(f"round {_round + 1}: {done_steps[0]} review steps ran beside the decisions", flush=True)
    live.shutdown()
    reviews.shutdown()
    for name, times in (("alone", alone), ("beside a review", beside)):
        ordered = sorted(times)
        print(f"{name:16} {len(times)} decisions: p50 {1000 * statistics.median(times):.0f} ms, "
              f"p95 {1000 * ordered[int(0.95 * (len(ordered) - 1))]:.0f} ms, mean {1000 * statistics.mean(times):.0f} ms")
    print(f"mean ratio (beside / alone): {statistics.mean(beside) / statistics.mean(alone):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The garbage collector of a web process, tuned for many long-lived sockets.

Measured under load (docs/performance.md, `bench/load.py --trace` beside
GC_TRACE=1): every tail latency of a 200 x 4 run lined up with a full
collection of a web process, 50-120 ms each, every 5-7 s, collecting almost
nothing. So:
- the start-up heap (Django, the engines, their data) never becomes garbage:
  frozen, the collector stops walking it;
- the young generation holds 2,000 objects (about 1 ms to walk) and the
  oldest is never collected by allocation counts;
- instead a full collection runs every FULL_COLLECTION_SECONDS, from a thread.
  Objects of a move die by reference counting, but a closed socket leaves
  cycles (its consumer, its protocol objects) that only a full collection
  frees: with full collections left to the counts, a 30-minute soak grew by
  82 KB of RSS per finished match (none ran in an hour).
  A full collection walks every live object: 120-170 ms with 400 tables'
  sockets open, during which the process answers nobody. At 400 moves/s a
  collection once a minute in each of two processes held up about 1% of the
  moves, which set the p99 of a 30-second run; once every five minutes
  (GC_FULL_SECONDS) the garbage of closed sockets still goes within five
  minutes, and the soak is flat (docs/performance.md).
"""
import gc
import os
import sys
import threading
import time

THRESHOLDS = (2_000, 10, 1_000_000)
FULL_COLLECTION_SECONDS = float(os.environ.get("GC_FULL_SECONDS", "300"))
TRACE_OVER_SECONDS = 0.005


def tune_collector():
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    if os.environ.get("GC_TRACE"):
        gc.callbacks.append(_trace_pause)
    threading.Thread(target=_collect_fully_every, args=(FULL_COLLECTION_SECONDS,), name="full-collection", daemon=True).start()


def _collect_fully_every(seconds):
    while True:
        time.sleep(seconds)
        gc.collect()


_started = [0.0]


def _trace_pause(phase, info):
    """GC_TRACE=1: every pause over 5 ms on stderr, with the wall-clock time to line up with a load trace."""
    if phase == "start":
        _started[0] = time.perf_counter()
        return
    took = time.perf_counter() - _started[0]
    if took > TRACE_OVER_SECONDS:
        print(f"GC_TRACE pid {os.getpid()} at {time.time():.3f} generation {info['generation']} "
              f"{took * 1000:.1f} ms collected {info['collected']}", file=sys.stderr)

"""A computer player that thinks as long as a search bot does, holding the CPU (and, were it run in the web
process, the GIL): for the bot lane's tests (tests/matches/test_bot_lane_local.py). Module-level, so that a
child process of the lane finds it by name."""
import time

THINK_SECONDS = 2.5


def slow_bot(view, legal, rng):
    end = time.thread_time() + THINK_SECONDS
    while time.thread_time() < end:
        pass
    return legal[0]

"""Deadlines wait in Redis, one per match, and are handed to Celery the moment they fall due.

Measured under load (docs/performance.md, `bench/load.py --scenario timers`):
with a Celery task per deadline carrying an ETA, every move scheduled a task
that the worker held for the whole clock and then ran only to find that the
match had moved on (100 a second at 100 moves/s), and the expiries that did
matter waited behind them: 0.8-2.9 s late at the median, 3.8-6.9 s at p99.

Here a match's deadline is one member of a sorted set (score: the deadline),
its version beside it in a hash. A move replaces them (a newer version only),
so nothing stale waits. The clock (`DeadlineClock`, a thread of the one Celery
beat process) takes what is due every POLL_SECONDS with one atomic script and
sends `deadline_reached(match, version)` to the workers to run at once. The
task still checks the version (idempotent), and beat's sweep still applies any
deadline this queue loses (a Redis restart), from the database.
"""
import time

from celery import current_app
from django.conf import settings

from matches import redis_client
from matches.polling import PollingThread

# Sent by name: the workers own the task (matches/tasks.py), which runs the service.
DEADLINE_TASK = "matches.tasks.deadline_reached"
POLL_SECONDS = 0.02
BATCH = 500

# KEYS: the sorted set, the versions hash. ARGV: match, version, deadline.
# A deadline of an older version than the one waiting never replaces it (two
# commits of one match may send their deadlines in either order).
_PUSH = """
local waiting = redis.call('HGET', KEYS[2], ARGV[1])
if waiting and tonumber(waiting) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
"""

# KEYS: the sorted set, the versions hash. ARGV: now, how many at most.
# Returns match, version, deadline, match, version, deadline, ... all taken out.
_TAKE_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
local taken = {}
for i = 1, #due, 2 do
  local match = due[i]
  taken[#taken + 1] = match
  taken[#taken + 1] = redis.call('HGET', KEYS[2], match) or '-1'
  taken[#taken + 1] = due[i + 1]
  redis.call('ZREM', KEYS[1], match)
  redis.call('HDEL', KEYS[2], match)
end
return taken
"""

_scripts = redis_client.Scripts(push=_PUSH, take_due=_TAKE_DUE)
_redis = redis_client.client


def _keys():
    return [f"{settings.DEADLINE_QUEUE_PREFIX}:deadlines", f"{settings.DEADLINE_QUEUE_PREFIX}:deadline-versions"]


def push(match_id: int, version: int, at: float) -> bool:
    """Wait for ``at`` for this match at this version; False when a newer version's deadline is waiting."""
    return bool(_scripts["push"](keys=_keys(), args=[match_id, version, repr(at)]))


def take_due(now: float, limit: int = BATCH) -> list[tuple[int, int, float]]:
    """Takes out every deadline due at ``now`` (at most ``limit``): [(match, version, deadline), ...]."""
    flat = _scripts["take_due"](keys=_keys(), args=[repr(now), limit])
    return [(int(flat[i]), int(flat[i + 1]), float(flat[i + 2])) for i in range(0, len(flat), 3)]


def waiting(match_id: int):
    """(version, deadline) waiting for this match, or None."""
    client = _redis()
    zset, versions = _keys()
    at = client.zscore(zset, match_id)
    version = client.hget(versions, match_id)
    return None if at is None or version is None else (int(version), at)


def hand_due_to_workers(now=None) -> int:
    """Sends a task for each deadline due now; returns how many."""
    due = take_due(time.time() if now is None else now)
    for match_id, version, _at in due:
        if version >= 0:
            current_app.send_task(DEADLINE_TASK, args=(match_id, version))
    return len(due)


class DeadlineClock(PollingThread):
    """A daemon thread that hands due deadlines to the workers every POLL_SECONDS."""

    name = "deadline-clock"
    doing = "handing due deadlines to the workers"
    poll = POLL_SECONDS

    def tick(self):
        while hand_due_to_workers() == BATCH:
            pass  # more were due than one batch: no pause before the rest

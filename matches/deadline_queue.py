"""Deadlines wait in Redis, one per match, and are handed to Celery the moment they fall due.

Measured under load (docs/performance.md, `bench/load.py --scenario timers`):
with a Celery task per deadline carrying an ETA, every move scheduled a task
that the worker held for the whole clock and then ran only to find that the
match had moved on (100 a second at 100 moves/s), and the expiries that did
matter waited behind them: 0.8-2.9 s late at the median, 3.8-6.9 s at p99.

Here a match's deadline is one member of a sorted set (score: the deadline),
its version beside it in a hash. A move replaces them (a newer version only),
so nothing stale waits. The clock (`DeadlineClock`, a thread of the one Celery
beat process) sleeps until the earliest deadline (woken by its doorbell, matches/doorbell.py, when an
earlier one is pushed), takes what is due with one atomic script and sends
`deadline_reached(match, version)` to the workers to run at once. The
task still checks the version (idempotent), and beat's sweep still applies any
deadline this queue loses (a Redis restart), from the database.

The apps' wake-ups (a tournament's start, its arena's fill and end: matches/scheduler.py, ``wake``)
wait beside them in a sorted set of their own, the earliest per object kept, and go to the same
lane as ``wake_reached(kind, object)``.
"""
import time

from celery import current_app
from django.conf import settings

from matches import doorbell, redis_client
from matches.polling import PollingThread

# Sent by name: the workers own the task (matches/tasks.py), which runs the service.
DEADLINE_TASK = "matches.tasks.deadline_reached"
WAKE_TASK = "matches.tasks.wake_reached"
POLL_SECONDS = 0.02
BATCH = 500

# KEYS: the sorted set, the versions hash. ARGV: match, version, deadline, the clock's bell channel.
# A deadline of an older version than the one waiting never replaces it (two
# commits of one match may send their deadlines in either order). The clock is rung only when this
# deadline is now the earliest: it sleeps until the earliest one (a move's later deadline wakes nobody).
_PUSH = """
local waiting = redis.call('HGET', KEYS[2], ARGV[1])
if waiting and tonumber(waiting) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if redis.call('ZRANGE', KEYS[1], 0, 0)[1] == ARGV[1] then redis.call('PUBLISH', ARGV[4], '') end
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

# The apps' wake-ups (matches/scheduler.py, ``wake``): one member "<kind>:<object>" per object in a
# sorted set of their own, the earliest asked kept. KEYS: the set. ARGV: member, moment, the clock's bell channel.
_PUSH_WAKE = """
local waiting = redis.call('ZSCORE', KEYS[1], ARGV[1])
if waiting and tonumber(waiting) <= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if redis.call('ZRANGE', KEYS[1], 0, 0)[1] == ARGV[1] then redis.call('PUBLISH', ARGV[3], '') end
return 1
"""

# KEYS: the deadlines' set, the wake-ups' set. The earliest moment waiting in either, or nil.
_NEXT_DUE = """
local first = nil
for _, key in ipairs(KEYS) do
  local head = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  if head[2] and (first == nil or tonumber(head[2]) < tonumber(first)) then first = head[2] end
end
return first
"""

# KEYS: the set. ARGV: now, how many at most. Returns member, moment, ... all taken out.
_TAKE_DUE_WAKES = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due, 2 do
  redis.call('ZREM', KEYS[1], due[i])
end
return due
"""

_scripts = redis_client.Scripts(push=_PUSH, take_due=_TAKE_DUE, push_wake=_PUSH_WAKE, take_due_wakes=_TAKE_DUE_WAKES,
                                next_due=_NEXT_DUE)
_redis = redis_client.client


def bell_channel() -> str:
    """The channel on which the scripts ring the deadline clock (matches/doorbell.py)."""
    return doorbell.channel(settings.DEADLINE_QUEUE_PREFIX, "deadlines")


def _keys():
    return [f"{settings.DEADLINE_QUEUE_PREFIX}:deadlines", f"{settings.DEADLINE_QUEUE_PREFIX}:deadline-versions"]


def _wakes_key():
    return f"{settings.DEADLINE_QUEUE_PREFIX}:wakes"


def push_wake(kind: str, object_id: int, at: float) -> bool:
    """Wake ``kind`` for this object at ``at``; False when an earlier (or the same) wake-up is waiting."""
    return bool(_scripts["push_wake"](keys=[_wakes_key()], args=[f"{kind}:{object_id}", repr(at), bell_channel()]))


def take_due_wakes(now: float, limit: int = BATCH) -> list[tuple[str, int, float]]:
    """Takes out every wake-up due at ``now`` (at most ``limit``): [(kind, object, moment), ...] in time order."""
    flat = _scripts["take_due_wakes"](keys=[_wakes_key()], args=[repr(now), limit])
    due = []
    for i in range(0, len(flat), 2):
        kind, _sep, object_id = (flat[i].decode() if isinstance(flat[i], bytes) else flat[i]).rpartition(":")
        due.append((kind, int(object_id), float(flat[i + 1])))
    return due


def waiting_wake(kind: str, object_id: int):
    """The moment of the wake-up waiting for this object, or None."""
    return _redis().zscore(_wakes_key(), f"{kind}:{object_id}")


def push(match_id: int, version: int, at: float) -> bool:
    """Wait for ``at`` for this match at this version; False when a newer version's deadline is waiting."""
    return bool(_scripts["push"](keys=_keys(), args=[match_id, version, repr(at), bell_channel()]))


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


def next_due() -> float | None:
    """The moment the earliest deadline or wake-up waiting falls due, or None."""
    first = _scripts["next_due"](keys=[_keys()[0], _wakes_key()])
    return None if first is None else float(first)


def hand_due_to_workers(now=None) -> int:
    """Sends a task for each deadline and wake-up due now; returns how many (of the larger of the two)."""
    now = time.time() if now is None else now
    due = take_due(now)
    for match_id, version, _at in due:
        if version >= 0:
            current_app.send_task(DEADLINE_TASK, args=(match_id, version))
    wakes = take_due_wakes(now)
    for kind, object_id, _at in wakes:
        current_app.send_task(WAKE_TASK, args=(kind, object_id))
    return max(len(due), len(wakes))


class DeadlineClock(PollingThread):
    """A daemon thread that hands due deadlines to the workers the moment they fall due (matches/polling.py)."""

    name = "deadline-clock"
    doing = "handing due deadlines to the workers"
    poll = POLL_SECONDS

    def bell_channel(self):
        return bell_channel()

    def tick(self):
        while hand_due_to_workers() == BATCH:
            pass  # more were due than one batch: no pause before the rest
        return next_due()

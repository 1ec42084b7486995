"""Celery mode's bot lane: computer players' turns wait in Redis, and beat's dispatcher hands them to the
bots' workers by the fair share of matches/bot_lane.py.

The same rules as ``bot_lane.FairQueue`` (its docstring), kept in Redis under BOT_QUEUE_PREFIX so that
sites and test runs never share them, each operation one Lua script (atomic):
- ``<prefix>:bots:pending:<owner>``: a sorted set per owner, member "match:seat", score its not-before;
  ``<prefix>:bots:jobs``: a hash "match:seat" -> "version|owner" (one turn per seat, a newer version
  replacing an older one);
- ``<prefix>:bots:turns``: the owners in the rotation, score the hand-out after which they were last served;
  ``<prefix>:bots:handed``: the count of hand-outs;
- ``<prefix>:bots:inflight``: the decisions in flight, member "match:seat:version", score when the slot
  comes back by itself (a killed worker's), and ``<prefix>:bots:inflight-owner`` their owners.

The web process and the workers push (``push``, the scheduler's ``bot``); one thread of the one beat process
(``BotDispatcher``, started at ``beat_init`` beside the deadline clock) takes what the policy allows as it falls
due (woken by its doorbell, matches/doorbell.py, when a turn is pushed or a slot freed) and sends
``matches.tasks.bot_act`` to the bots' queue; the task frees its slot (``done``) when
its decision is over. tests/matches/test_bot_queue.py checks that this store and the in-memory one give the
same hand-outs on the same operations.
"""
import time

from celery import current_app
from django.conf import settings

from matches import doorbell, redis_client
from matches.bot_lane import BotJob, ReviewJob
from matches.polling import PollingThread

BOT_TASK = "matches.tasks.bot_act"
REVIEW_TASK = "matches.tasks.review_step"
POLL_SECONDS = 0.02

# Shared by the scripts: drop an owner from the rotation once it has nothing waiting and nothing in flight.
_PRELUDE = """
local P = ARGV[1]
local function forget_if_idle(owner)
  if redis.call('ZCARD', P .. ':pending:' .. owner) > 0 then return end
  for _, o in ipairs(redis.call('HVALS', P .. ':inflight-owner')) do
    if o == owner then return end
  end
  redis.call('ZREM', P .. ':turns', owner)
end
local function split(value)
  local sep = string.find(value, '|', 1, true)
  return string.sub(value, 1, sep - 1), string.sub(value, sep + 1)
end
"""

# ARGV: prefix, key, version, owner, not-before, token, the dispatcher's bell channel. 1 if it waits now (the
# dispatcher rung), 0 if ignored.
_PUSH = _PRELUDE + """
local key, version, owner, not_before, token = ARGV[2], tonumber(ARGV[3]), ARGV[4], ARGV[5], ARGV[6]
local waiting = redis.call('HGET', P .. ':jobs', key)
local old_owner = nil
if waiting then
  local old_version
  old_version, old_owner = split(waiting)
  if tonumber(old_version) >= version then return 0 end
end
if redis.call('ZSCORE', P .. ':inflight', token) then return 0 end
if old_owner then redis.call('ZREM', P .. ':pending:' .. old_owner, key) end
redis.call('HSET', P .. ':jobs', key, ARGV[3] .. '|' .. owner)
redis.call('ZADD', P .. ':pending:' .. owner, not_before, key)
if old_owner and old_owner ~= owner then forget_if_idle(old_owner) end
if not redis.call('ZSCORE', P .. ':turns', owner) then
  redis.call('ZADD', P .. ':turns', tonumber(redis.call('GET', P .. ':handed') or '0'), owner)
end
redis.call('PUBLISH', ARGV[7], '')
return 1
"""

# ARGV: prefix, now, pool size, owner cap, expiry of a slot taken now. {key, version, owner, hurried} or nil.
_TAKE = _PRELUDE + """
local now, size, cap, expiry = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
for _, token in ipairs(redis.call('ZRANGEBYSCORE', P .. ':inflight', '-inf', now)) do
  local owner = redis.call('HGET', P .. ':inflight-owner', token)
  redis.call('ZREM', P .. ':inflight', token)
  redis.call('HDEL', P .. ':inflight-owner', token)
  if owner then forget_if_idle(owner) end
end
local inflight = redis.call('ZCARD', P .. ':inflight')
if inflight >= size then return false end
local busy = {}
for _, o in ipairs(redis.call('HVALS', P .. ':inflight-owner')) do busy[o] = (busy[o] or 0) + 1 end
local owners = redis.call('ZRANGE', P .. ':turns', 0, -1)
local due = 0
for _, o in ipairs(owners) do due = due + redis.call('ZCOUNT', P .. ':pending:' .. o, '-inf', now) end
for _, o in ipairs(owners) do
  if (busy[o] or 0) < cap then
    local first = redis.call('ZRANGEBYSCORE', P .. ':pending:' .. o, '-inf', now, 'LIMIT', 0, 1)
    if first[1] then
      local key = first[1]
      local version = split(redis.call('HGET', P .. ':jobs', key))
      redis.call('ZREM', P .. ':pending:' .. o, key)
      redis.call('HDEL', P .. ':jobs', key)
      redis.call('ZADD', P .. ':turns', redis.call('INCR', P .. ':handed'), o)
      local token = key .. ':' .. version
      redis.call('ZADD', P .. ':inflight', expiry, token)
      redis.call('HSET', P .. ':inflight-owner', token, o)
      local hurried = 0
      if due > size - inflight then hurried = 1 end
      return {key, version, o, hurried}
    end
  end
end
return false
"""

# ARGV: prefix, token, the dispatcher's bell channel. 1 if it was in flight (its slot is free: the dispatcher rung).
_DONE = _PRELUDE + """
local owner = redis.call('HGET', P .. ':inflight-owner', ARGV[2])
if not owner then return 0 end
redis.call('ZREM', P .. ':inflight', ARGV[2])
redis.call('HDEL', P .. ':inflight-owner', ARGV[2])
forget_if_idle(owner)
redis.call('PUBLISH', ARGV[3], '')
return 1
"""

# Review steps (docs/analysis.md), a lower class: ``<prefix>:bots:reviews`` (review id, score its not-before)
# and ``<prefix>:bots:review-inflight`` (token "review:<id>", score when the slot comes back by itself), apart
# from the decisions' keys so that _TAKE counts none of them. ARGV: prefix, id, not-before, the bell channel.
# 0 if it waits already.
_PUSH_REVIEW = """
local P = ARGV[1]
if redis.call('ZSCORE', P .. ':reviews', ARGV[2]) then return 0 end
redis.call('ZADD', P .. ':reviews', ARGV[3], ARGV[2])
redis.call('PUBLISH', ARGV[4], '')
return 1
"""

# ARGV: prefix, token, the bell channel. 1 if it was in flight (a review slot is free: the dispatcher rung).
_DONE_REVIEW = """
if redis.call('ZREM', ARGV[1] .. ':review-inflight', ARGV[2]) == 0 then return 0 end
redis.call('PUBLISH', ARGV[3], '')
return 1
"""

# ARGV: prefix, now. The earliest moment after now at which the dispatcher may have something to hand out
# that it could not at now: a turn's or a review's not-before, a slot coming back by itself; nil if none.
# (What is due now but waits for a slot waits for a ring: _DONE and _DONE_REVIEW ring.)
_NEXT_DUE = """
local P, now = ARGV[1], ARGV[2]
local first = nil
local function consider(found)
  if found[2] and (first == nil or tonumber(found[2]) < tonumber(first)) then first = found[2] end
end
for _, o in ipairs(redis.call('ZRANGE', P .. ':turns', 0, -1)) do
  consider(redis.call('ZRANGEBYSCORE', P .. ':pending:' .. o, '(' .. now, '+inf', 'WITHSCORES', 'LIMIT', 0, 1))
end
consider(redis.call('ZRANGEBYSCORE', P .. ':reviews', '(' .. now, '+inf', 'WITHSCORES', 'LIMIT', 0, 1))
consider(redis.call('ZRANGE', P .. ':inflight', 0, 0, 'WITHSCORES'))
consider(redis.call('ZRANGE', P .. ':review-inflight', 0, 0, 'WITHSCORES'))
return first
"""

# ARGV: prefix, now, review slots, expiry of a slot taken now. The review id, or nil: none due, all slots
# taken, or a computer player's decision due (it goes first).
_TAKE_REVIEW = """
local P, now, slots, expiry = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', P .. ':review-inflight', '-inf', now)
for _, o in ipairs(redis.call('ZRANGE', P .. ':turns', 0, -1)) do
  if redis.call('ZCOUNT', P .. ':pending:' .. o, '-inf', now) > 0 then return false end
end
if redis.call('ZCARD', P .. ':review-inflight') >= slots then return false end
local first = redis.call('ZRANGEBYSCORE', P .. ':reviews', '-inf', now, 'LIMIT', 0, 1)
if not first[1] then return false end
redis.call('ZREM', P .. ':reviews', first[1])
redis.call('ZADD', P .. ':review-inflight', expiry, 'review:' .. first[1])
return first[1]
"""

_scripts = redis_client.Scripts(push=_PUSH, take=_TAKE, done=_DONE, push_review=_PUSH_REVIEW, take_review=_TAKE_REVIEW,
                                done_review=_DONE_REVIEW, next_due=_NEXT_DUE)
_redis = redis_client.client


def bell_channel() -> str:
    """The channel on which the scripts ring the bot dispatcher (matches/doorbell.py)."""
    return doorbell.channel(settings.BOT_QUEUE_PREFIX, "bots")


def _prefix() -> str:
    return f"{settings.BOT_QUEUE_PREFIX}:bots"


class RedisFairQueue:
    """``bot_lane.FairQueue``'s operations on the Redis store (every process of the site sees the same)."""

    def __init__(self, inflight_seconds: float | None = None):
        self.inflight_seconds = inflight_seconds

    def _ttl(self) -> float:
        return settings.BOT_INFLIGHT_SECONDS if self.inflight_seconds is None else self.inflight_seconds

    def push(self, job: BotJob, not_before: float) -> bool:
        return bool(_scripts["push"](args=[_prefix(), job.key, job.version, job.owner, repr(float(not_before)), job.token,
                                                bell_channel()]))

    def take(self, now: float, pool_size: int, owner_cap: int) -> BotJob | None:
        taken = _scripts["take"](args=[_prefix(), repr(float(now)), pool_size, owner_cap, repr(float(now) + self._ttl())])
        if not taken:
            return None
        key, version, owner, hurried = (part.decode() if isinstance(part, bytes) else part for part in taken)
        match, seat = (int(part) for part in key.split(":"))
        return BotJob(match, seat, int(version), owner, hurried=bool(int(hurried)))

    def done(self, job: BotJob) -> bool:
        return bool(_scripts["done"](args=[_prefix(), job.token, bell_channel()]))

    def push_review(self, job: ReviewJob, not_before: float) -> bool:
        return bool(_scripts["push_review"](args=[_prefix(), job.review, repr(float(not_before)), bell_channel()]))

    def take_review(self, now: float, review_slots: int) -> ReviewJob | None:
        taken = _scripts["take_review"](args=[_prefix(), repr(float(now)), review_slots, repr(float(now) + self._ttl())])
        return ReviewJob(int(taken)) if taken else None

    def done_review(self, job: ReviewJob) -> bool:
        return bool(_scripts["done_review"](args=[_prefix(), job.token, bell_channel()]))

    def next_due(self, now: float) -> float | None:
        """The earliest moment after ``now`` at which something may be handed out that could not be at ``now``."""
        first = _scripts["next_due"](args=[_prefix(), repr(float(now))])
        return None if first is None else float(first)

    def waiting_reviews(self) -> list[tuple[float, int]]:
        return sorted((at, int(member)) for member, at in _redis().zrange(f"{_prefix()}:reviews", 0, -1, withscores=True))

    def waiting(self) -> list[tuple[float, tuple[int, int, int]]]:
        client = _redis()
        found = []
        for key, value in client.hgetall(f"{_prefix()}:jobs").items():
            version, owner = value.decode().split("|", 1)
            at = client.zscore(f"{_prefix()}:pending:{owner}", key)
            match, seat = (int(part) for part in key.decode().split(":"))
            found.append((at, (match, seat, int(version))))
        return sorted(found)

    def in_flight(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for owner in _redis().hvals(f"{_prefix()}:inflight-owner"):
            counts[owner.decode()] = counts.get(owner.decode(), 0) + 1
        return counts

    def clear(self) -> None:
        client = _redis()
        keys = list(client.scan_iter(match=f"{_prefix()}:*"))
        if keys:
            client.delete(*keys)


queue = RedisFairQueue()


def push(job: BotJob, not_before: float) -> bool:
    return queue.push(job, not_before)


def done(job: BotJob) -> bool:
    return queue.done(job)


def push_review(job: ReviewJob, not_before: float) -> bool:
    return queue.push_review(job, not_before)


def done_review(job: ReviewJob) -> bool:
    return queue.done_review(job)


def hand_out_reviews(now: float) -> list[ReviewJob]:
    """Sends ``review_step`` for every review step the lane hands out now: none while a decision is due."""
    handed = []
    while (job := queue.take_review(now, settings.REVIEW_SLOTS)) is not None:
        try:
            current_app.send_task(REVIEW_TASK, args=(job.review,))
        except Exception:
            queue.done_review(job)
            raise
        handed.append(job)
    return handed


def hand_out(now=None) -> list[BotJob]:
    """Sends ``bot_act`` for every turn the policy hands out now (pool: BOT_WORKERS); returns them."""
    now = time.time() if now is None else now
    handed = []
    while (job := queue.take(now, settings.BOT_WORKERS, settings.BOT_OWNER_CAP)) is not None:
        try:
            current_app.send_task(BOT_TASK, args=(job.match, job.seat, job.version),
                                  kwargs={"hurried": job.hurried, "owner": job.owner})
        except Exception:
            queue.done(job)  # never sent: its slot back at once (the turn itself: wake-idle-bots asks again)
            raise
        handed.append(job)
    return handed


class BotDispatcher(PollingThread):
    """A daemon thread of beat that hands bot turns to the workers as they fall due (like DeadlineClock)."""

    name = "bot-dispatcher"
    doing = "handing bot turns to the workers"
    poll = POLL_SECONDS

    def bell_channel(self):
        return bell_channel()

    def tick(self):
        now = time.time()
        hand_out(now)
        hand_out_reviews(now)
        return queue.next_due(now)

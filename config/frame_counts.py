"""Frames per user over every process: counted in process, shared through Redis once a second.

Counting each frame in the cache (three Redis commands and a hop to a thread
per frame) was about a tenth of a web process's CPU under load
(docs/performance.md). Each process now counts the frames of its own sockets
exactly and adds them to the shared counters in one batch every
FLUSH_SECONDS, learning the totals of every process back. A user is held to
the limit exactly on one process, and over several processes with at most
one flush's worth of the other processes' frames not yet seen.

Windows are fixed and aligned on the clock (window number = time // window),
so that every process counts into the same key.
"""
import asyncio
import collections
import logging
import time

from asgiref.sync import sync_to_async
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)

FLUSH_SECONDS = 1.0


def shared_key(window_number) -> str:
    """The window's counters: a hash of identity -> frames over every process."""
    return f"socket-frames:{window_number}"


# KEYS: the window's hash. ARGV: its time to live, then identity, count, identity, count, ...
# Returns each identity's total over every process, in order. One command for a
# whole batch: a pipeline of two commands per identity cost more to build than to send.
_ADD_COUNTS = """
local totals = {}
for i = 2, #ARGV, 2 do
  totals[#totals + 1] = redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX')
return totals
"""
_scripts = {}


def _redis_cache():
    backend = caches["default"]
    return backend if isinstance(backend, RedisCache) else None


def add_to_shared_counts(window_number: int, counts: dict, window: int) -> dict:
    """Adds each identity's new frames to the shared counters; returns their totals over every process."""
    ttl = 2 * window
    key = shared_key(window_number)
    redis_cache = _redis_cache()
    if redis_cache is not None:
        # Django hands out a new client object (over the same pool) on every call: the
        # script is registered once and run with the client of the moment.
        client = redis_cache._cache.get_client(write=True)
        if "add_counts" not in _scripts:
            _scripts["add_counts"] = client.register_script(_ADD_COUNTS)
        args = [ttl]
        for identity, n in counts.items():
            args += [identity, n]
        totals = _scripts["add_counts"](keys=[redis_cache.make_and_validate_key(key)], args=args, client=client)
        return {identity: int(total) for identity, total in zip(counts, totals, strict=True)}
    # Without Redis (one process): the cache's own counters.
    totals = {}
    for identity, n in counts.items():
        item = f"{key}:{identity}"
        cache.add(item, 0, ttl)
        try:
            totals[identity] = cache.incr(item, n)
        except ValueError:  # expired between add() and incr()
            cache.add(item, n, ttl)
            totals[identity] = n
    return totals


class FrameCounter:
    """This process's count of frames per identity in the current window, and the shared totals last seen."""

    def __init__(self, clock=time.time):
        self.clock = clock
        self.window = None
        self.window_number = None
        self.shared = {}
        self.unflushed = collections.Counter()
        self.in_flight = collections.Counter()
        self._flusher = None

    def hit(self, identity, limit: int, window: int) -> bool:
        """Counts one frame of ``identity``; True while its count over every process stays within ``limit``."""
        window = max(1, int(window))
        number = int(self.clock() // window)
        if (number, window) != (self.window_number, self.window):
            self.window, self.window_number = window, number
            self.shared, self.unflushed, self.in_flight = {}, collections.Counter(), collections.Counter()
        self.unflushed[identity] += 1
        self._keep_flushing()
        return self.shared.get(identity, 0) + self.in_flight[identity] + self.unflushed[identity] <= limit

    async def flush(self) -> None:
        """Adds this process's new frames to the shared counters and learns the totals back."""
        if not self.unflushed:
            return
        number, window, batch = self.window_number, self.window, self.unflushed
        self.in_flight, self.unflushed = batch, collections.Counter()
        try:
            totals = await sync_to_async(add_to_shared_counts, thread_sensitive=False)(number, dict(batch), window)
        except Exception:  # noqa: BLE001 - Redis away: keep counting here, try again next time
            logger.exception("sharing the frame counts failed")
            if (number, window) == (self.window_number, self.window):
                self.unflushed.update(batch)
                self.in_flight = collections.Counter()
            return
        if (number, window) == (self.window_number, self.window):
            self.shared.update(totals)
            self.in_flight = collections.Counter()

    def _keep_flushing(self):
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._flusher is None or self._flusher.done() or self._flusher.get_loop() is not loop:
            self._flusher = loop.create_task(self._flush_forever())

    async def _flush_forever(self):
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            await self.flush()


frame_counter = FrameCounter()

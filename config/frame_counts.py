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
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)

FLUSH_SECONDS = 1.0


def shared_key(identity, window_number) -> str:
    return f"socket-frames:{identity}:{window_number}"


def add_to_shared_counts(window_number: int, counts: dict, window: int) -> dict:
    """Adds each identity's new frames to the shared counters; returns their totals over every process."""
    ttl = 2 * window
    if isinstance(cache, RedisCache) or isinstance(getattr(cache, "_wrapped", None), RedisCache):
        client = cache._cache.get_client(write=True)
        pipe = client.pipeline(transaction=False)
        for identity, n in counts.items():
            key = cache.make_and_validate_key(shared_key(identity, window_number))
            pipe.incrby(key, n)
            pipe.expire(key, ttl, nx=True)
        replies = pipe.execute()
        return {identity: int(total) for identity, total in zip(counts, replies[::2])}
    totals = {}
    for identity, n in counts.items():
        key = shared_key(identity, window_number)
        cache.add(key, 0, ttl)
        try:
            totals[identity] = cache.incr(key, n)
        except ValueError:  # expired between add() and incr()
            cache.add(key, n, ttl)
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

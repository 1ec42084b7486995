"""Limits on what one person can make the server do over WebSockets.

- Frames per connection: a token bucket (settings.SOCKET_FRAME_BURST frames at
  once, refilled at SOCKET_FRAME_RATE per second).
- Frames per user, over all their sockets in every process:
  SOCKET_USER_FRAMES_LIMIT per SOCKET_USER_FRAMES_WINDOW seconds, counted in
  process and shared through the cache once a second (config.frame_counts).
A frame over either limit is not processed: the first one of a run gets a
`rate_limited` error frame, the next ones nothing, and after
SOCKET_FRAME_OVERFLOW of them the socket is closed with CLOSE_RATE_LIMITED.

- Sockets per user, over every process: SOCKETS_PER_USER, counted in the cache.
  A socket gives its slot back however it ends (the consumer's `finally`,
  config/socket_consumer.py). Every SOCKET_COUNT_TTL / 3 seconds the process
  touches the count of every user it holds a slot of (one heartbeat for the
  process, `SlotHeartbeat`, all its counts in one trip to the cache: a task
  and a thread hop per socket were about half of an idle web process's CPU,
  docs/performance.md, "The profile, and what each change bought"), and the
  count expires SOCKET_COUNT_TTL seconds after the last touch, so a process
  killed with sockets open keeps a user's slots only until the user's sockets
  elsewhere are gone too, plus SOCKET_COUNT_TTL.

A socket that is not logged in is counted under its client address instead
(SOCKETS_PER_ADDRESS sockets; frames as a user's), the address read as the
log-in throttle reads it (settings.LOGIN_ATTEMPTS_IP_HEADER behind a proxy).
"""
import asyncio
import collections
import json
import logging
import re
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

from config import frame_counts

logger = logging.getLogger(__name__)

CLOSE_RATE_LIMITED = 4429

ACCEPT = "accept"
REFUSE = "refuse"        # drop the frame, say why once
DROP = "drop"            # drop the frame silently
CLOSE = "close"


class FrameBudget:
    """A token bucket: `burst` frames at once, refilled at `rate` per second."""

    def __init__(self, burst: float, rate: float, clock=time.monotonic):
        self.burst = float(burst)
        self.rate = float(rate)
        self.clock = clock
        self.tokens = self.burst
        self.updated = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def scope_client_ip(scope) -> str:
    header = getattr(settings, "LOGIN_ATTEMPTS_IP_HEADER", None)
    if header:
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        value = dict(scope.get("headers", [])).get(name, b"").decode("latin-1")
        entries = [part.strip() for part in value.split(",") if part.strip()]
        if entries:
            return entries[-1]
    client = scope.get("client") or ("",)
    return client[0] or ""


def _socket_count_key(identity) -> str:
    return f"sockets-per-user:{identity}"


def _take_socket_slot(identity, cap) -> bool:
    key, ttl = _socket_count_key(identity), settings.SOCKET_COUNT_TTL
    cache.add(key, 0, ttl)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.add(key, 1, ttl)
        count = 1
    cache.touch(key, ttl)
    if count > cap:
        _give_socket_slot(identity)
        return False
    return True


def _give_socket_slot(identity) -> None:
    key = _socket_count_key(identity)
    try:
        if cache.decr(key) < 0:
            cache.delete(key)
        else:
            cache.touch(key, settings.SOCKET_COUNT_TTL)
    except ValueError:
        pass


def _touch_counts(identities, ttl) -> None:
    keys = [_socket_count_key(identity) for identity in identities]
    touch_many = getattr(cache, "touch_many", None)  # one round trip on Redis (config/redis_cache.py)
    if touch_many is not None:
        touch_many(keys, ttl)
    else:
        for key in keys:
            cache.touch(key, ttl)


class SlotHeartbeat:
    """The socket slots this process holds, by identity, and the one task (on the process's event loop) that
    keeps their counts alive: only a live socket's process touches a count, so once none does, it expires."""

    def __init__(self):
        self.held = collections.Counter()
        self.task = None

    def hold(self, identity) -> None:
        self.held[identity] += 1
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self._beat())

    def release(self, identity) -> None:
        self.held[identity] -= 1
        if self.held[identity] <= 0:
            del self.held[identity]

    def stop(self) -> None:
        """No more touches from this process, and no slot held (as when it is killed): what tests of the expiry use."""
        self.held.clear()
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _beat(self) -> None:
        while self.held:
            ttl = settings.SOCKET_COUNT_TTL
            await asyncio.sleep(ttl / 3)
            if self.held:
                try:
                    await sync_to_async(_touch_counts, thread_sensitive=False)(list(self.held), ttl)
                except Exception as error:  # noqa: BLE001 - Redis away: the next beat touches them again
                    # The beat goes on: ended here, the counts of every socket still open would expire once Redis
                    # is back, and a person's sockets would no longer be held to the cap until another connected.
                    logger.warning("the socket counts could not be touched: %s", error)


slot_heartbeat = SlotHeartbeat()


class SocketGuard:
    """One per connection: its frame budget, the user's (or address's) shared counters, its socket slot."""

    def __init__(self, scope):
        user = scope.get("user")
        if user is not None and user.is_authenticated:
            self.identity, self.socket_cap = f"user:{user.pk}", settings.SOCKETS_PER_USER
        else:
            address = scope_client_ip(scope)
            self.identity, self.socket_cap = (f"address:{address}" if address else None), settings.SOCKETS_PER_ADDRESS
        self.budget = FrameBudget(settings.SOCKET_FRAME_BURST, settings.SOCKET_FRAME_RATE)
        self.refused_in_a_row = 0
        self.holds_slot = False

    async def take_slot(self) -> bool:
        """Counts this socket against the user's SOCKETS_PER_USER (address's SOCKETS_PER_ADDRESS); False when full."""
        if self.identity is None:
            return True
        self.holds_slot = await sync_to_async(_take_socket_slot, thread_sensitive=False)(self.identity, self.socket_cap)
        if self.holds_slot:
            slot_heartbeat.hold(self.identity)
        return self.holds_slot

    async def give_slot(self) -> None:
        if self.holds_slot:
            self.holds_slot = False
            slot_heartbeat.release(self.identity)
            await sync_to_async(_give_socket_slot, thread_sensitive=False)(self.identity)

    async def frame_verdict(self) -> str:
        allowed = self.budget.take()
        if allowed and self.identity is not None:
            allowed = frame_counts.frame_counter.hit(self.identity, settings.SOCKET_USER_FRAMES_LIMIT, settings.SOCKET_USER_FRAMES_WINDOW)
        if allowed:
            self.refused_in_a_row = 0
            return ACCEPT
        self.refused_in_a_row += 1
        if self.refused_in_a_row > settings.SOCKET_FRAME_OVERFLOW:
            return CLOSE
        return REFUSE if self.refused_in_a_row == 1 else DROP


class TooDeep(ValueError):
    pass


class BadText(ValueError):
    """A string in the frame holds a NUL or a lone surrogate."""


# A JSON escape ("\ud800", "\u0000") puts in a str what no frame needs and what
# UTF-8 encoders (orjson, PostgreSQL's driver) or PostgreSQL itself refuse with an exception.
_UNENCODABLE = re.compile("[\x00\ud800-\udfff]")


def load_json_frame(text: str, max_depth: int):
    """json.loads that refuses nesting deeper than `max_depth` with TooDeep, never RecursionError,
    and any key or string holding a NUL or a lone surrogate with BadText."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep() from None
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _UNENCODABLE.search(item):
                raise BadText()
        elif isinstance(item, (dict, list)):
            if depth > max_depth:
                raise TooDeep()
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
                children = item.values()
            else:
                children = item
            stack.extend((child, depth + 1) for child in children)
    return value

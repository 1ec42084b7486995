"""Notices a channel layer that lost messages, and makes every socket of the process resync.

The pubsub Redis layer (channels_redis 4.3 on redis-py 7) reconnects by itself after a Redis restart, and
redis-py subscribes its channels again, but what was published meanwhile is gone, silently: a match's
frames, a lobby's snapshot, the acknowledgement of a move that was applied. Nobody would notice: the
sockets stay open and hear nothing of it. So one watcher per web process (per event loop), started by the
first socket that opens (``config/socket_consumer.py``), notices two things:

- a probe: every ``LAYER_PROBE_SECONDS`` it sends a message through the layer to a channel of its own and
  waits for it, at most ``LAYER_PROBE_TIMEOUT`` seconds;
- a reconnect: a callback on the connection of channels_redis' pub/sub client, which redis-py calls when
  that connection is made again, so that a Redis restart shorter than a probe period is noticed too.

On either it closes every open socket of the process with 1012 (service restart). The page does not take
1012 as final (``live_rules.js``, ``fatalClose``): it reconnects, says hello with its version and is sent
the full frame from the database (a player whose move was applied and never acknowledged sees it went
through: the frame has the new version). The sockets are found in a registry of this process's open
consumers, not through the layer: the layer is what failed.

Never on a healthy layer (docs/architecture.md, "The channel layer watched"): a probe that cannot reach
Redis at all (a connection error) is proof enough, but a probe that only takes long may be a busy process
(its event loop late, a slow Redis under load) rather than lost messages, and closing every socket of the
process then would make the load worse (every page reconnects and reads its frame at once). So a timeout
closes the sockets only when ``LAYER_PROBE_MISSES`` probes in a row timed out, each after a generous
``LAYER_PROBE_TIMEOUT`` (5 s, where a healthy probe takes a millisecond): a layer that cannot echo one
message in ten seconds loses frames anyway (the pages' silence limit would close them after 60 s).
"""
import asyncio
import contextlib
import logging
import weakref

from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

logger = logging.getLogger(__name__)

CLOSE_SERVICE_RESTART = 1012

# Every open socket of this process (match and lobby), by event loop (a web process runs one; a test, one per
# test); a consumer leaves it when it is released or collected.
_sockets: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # event loop -> WeakSet of consumers
_watchers: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # event loop -> its LayerWatcher


def socket_opened(consumer) -> None:
    """A socket of this process is open: it is closed with 1012 when the layer is found to have lost messages;
    the watcher of this event loop is started if it is not running (the probe on, with a layer to probe)."""
    loop = asyncio.get_running_loop()
    _sockets.setdefault(loop, weakref.WeakSet()).add(consumer)
    if settings.LAYER_PROBE_SECONDS <= 0:
        return
    watcher = _watchers.get(loop)
    if watcher is None or watcher.task.done():
        layer = get_channel_layer()
        # The in-process layer loses no message (one process, one loop): nothing to watch.
        if layer is not None and not isinstance(layer, InMemoryChannelLayer):
            _watchers[loop] = LayerWatcher(layer, loop)


def socket_closed(consumer) -> None:
    for sockets in list(_sockets.values()):
        sockets.discard(consumer)


def watcher():
    """The watcher of the running event loop, or None."""
    return _watchers.get(asyncio.get_running_loop())


async def stop() -> None:
    """Stops the running loop's watcher (a loop about to end: a test's)."""
    current = _watchers.pop(asyncio.get_running_loop(), None)
    if current is not None:
        current.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await current.task


async def close_every_socket(reason: str) -> int:
    """Closes every open socket of this process (on the running event loop) with 1012; returns how many."""
    opened = _sockets.get(asyncio.get_running_loop(), ())
    sockets = [consumer for consumer in list(opened) if not consumer.closing]
    if sockets:
        logger.warning("channel layer %s: closing %d sockets with %d so that they resync", reason, len(sockets),
                       CLOSE_SERVICE_RESTART)
    for consumer in sockets:
        opened.discard(consumer)
        try:
            await consumer.close(code=CLOSE_SERVICE_RESTART)
        except Exception:  # noqa: BLE001 - one socket's failure must not keep the others open and deaf
            logger.exception("closing a socket after the channel layer %s failed", reason)
    return len(sockets)


class LayerWatcher:
    """The probe and the reconnect callback of one event loop's channel layer."""

    def __init__(self, layer, loop):
        self.layer = layer
        self.loop = loop
        self.channel = None       # the probe's own channel, made again after a failed probe
        self.misses = 0           # probes in a row that timed out
        self.answered = 0         # probes the layer echoed (the logs' and the tests' count)
        self.watched = []         # the pub/sub connections whose reconnects call self.reconnected
        self.task = loop.create_task(self.run())

    async def run(self):
        # The first probe at once: it also finds the pub/sub connection whose reconnects are watched.
        while True:
            try:
                await self.probe_once()
            except Exception:  # a task of its own: nobody else would hear of it, and the watch goes on
                logger.exception("the channel layer's probe failed unexpectedly")
            await asyncio.sleep(settings.LAYER_PROBE_SECONDS)

    async def probe_once(self) -> bool:
        """One probe; True if the layer echoed it. Closes the sockets when the layer is found broken."""
        # Not asyncio.wait_for: that waits for the cancelled probe to finish, and a probe stuck behind a
        # command to a Redis that stopped answering (channels_redis holds one lock per shard around its
        # commands, with no socket timeout) would hold the watcher with it. The cancelled probe ends alone.
        echo = asyncio.ensure_future(self._echo())
        echo.add_done_callback(_quietly)
        try:
            done, _pending = await asyncio.wait({echo}, timeout=settings.LAYER_PROBE_TIMEOUT)
            if not done:
                echo.cancel()
                raise TimeoutError
            echo.result()
        except TimeoutError:
            self.channel = None  # channels_redis unsubscribes a channel whose receive was cancelled
            self.misses += 1
            logger.warning("channel layer probe unanswered after %s s (%d in a row)", settings.LAYER_PROBE_TIMEOUT,
                           self.misses)
            if self.misses >= settings.LAYER_PROBE_MISSES:
                self.misses = 0
                await close_every_socket(f"probe unanswered {settings.LAYER_PROBE_MISSES} times")
            return False
        except Exception as error:  # noqa: BLE001 - Redis refused or dropped the connection: the layer is down
            self.channel = None
            self.misses = 0
            await close_every_socket(f"probe failed ({type(error).__name__}: {error})")
            return False
        self.misses = 0
        self.answered += 1
        self._watch_reconnects()
        return True

    async def _echo(self):
        if self.channel is None:
            self.channel = await self.layer.new_channel("layer-probe.")
        await self.layer.send(self.channel, {"type": "layer.probe"})
        while (await self.layer.receive(self.channel)).get("type") != "layer.probe":
            pass

    def _watch_reconnects(self):
        """Registers ``reconnected`` on each pub/sub connection of channels_redis' layer for this loop (made
        lazily, and again after a flush): redis-py calls a connection's connect callbacks each time it is
        connected again. channels_redis keeps the connection in private attributes (``_shards``, ``_pubsub``);
        a layer without them (another backend) is watched by the probe alone."""
        loop_layer = self.layer._get_layer() if hasattr(self.layer, "_get_layer") else self.layer
        for shard in getattr(loop_layer, "_shards", ()):
            connection = getattr(getattr(shard, "_pubsub", None), "connection", None)
            if connection is None or any(known is connection for known in self.watched):
                continue
            # Registered once connected (by the probe's own subscription): every later call is a reconnect.
            connection.register_connect_callback(self.reconnected)
            self.watched.append(connection)

    def reconnected(self, connection):
        # Called inside redis-py's connect, which the pub/sub client is waiting on: the sockets are closed
        # on a task of their own (closing one sends a frame, and its disconnect leaves its groups).
        self.loop.create_task(close_every_socket("reconnected to Redis"))


def _quietly(task):
    """A probe's outcome is read by ``probe_once`` or, once it gave up on it, by nobody: not an error to log."""
    if not task.cancelled():
        task.exception()

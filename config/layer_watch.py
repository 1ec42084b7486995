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

Nor when the probe was only waiting for its turn. channels_redis runs a shard's commands (each socket's
subscriptions, every publish) one at a time behind one lock, and reads its pub/sub connection one message
at a time; in a connect burst (hundreds of sockets subscribing at once) the probe waited behind theirs for
longer than the timeout, and every socket of the process was closed, into a reconnect storm (issue 34,
item 3: 385 and 415 sockets closed in a burst measured, docs/performance.md). So a probe that timed out
while the layer did other work meanwhile (its publish still queued while other commands completed, or
its echo still unread while other messages were read) is late, not missed, and is waited for again by
the next probe; after LATE_PROBES_BEFORE_MISSED late rounds it is missed all the same. A Redis that stops
answering does no work (the command holding the lock waits for it, nothing is read), so it still counts.
"""
import asyncio
import contextlib
import logging
import weakref

from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

logger = logging.getLogger(__name__)

CLOSE_SERVICE_RESTART = 1012
# A probe late this many times in a row (LAYER_PROBE_TIMEOUT each, 30 s at the default 5 s) is missed however
# busy the layer: the slowest connect burst measured took less (docs/performance.md).
LATE_PROBES_BEFORE_MISSED = 6

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
        self.completed = 0        # commands the layer's shards completed (subscribe, unsubscribe, publish)
        self.delivered = 0        # messages Redis delivered on the shards' pub/sub connections (confirmations too)
        self.counted = []         # the shards whose commands are counted
        self.pending = None       # the probe under way (a _Probe)
        self.late = 0             # probes that timed out queued behind the layer's other commands
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
        # A probe left queued by the last one (late, not missed) is waited for again, not sent twice.
        if self.pending is None or self.pending.task.done():
            self.pending = _Probe()
            self.pending.task = asyncio.ensure_future(self._echo(self.pending))
            self.pending.task.add_done_callback(_quietly)
        probe, completed_before, delivered_before = self.pending, self.completed, self.delivered
        try:
            done, _pending = await asyncio.wait({probe.task}, timeout=settings.LAYER_PROBE_TIMEOUT)
            if not done:
                served = self.completed - completed_before if not probe.sent else self.delivered - delivered_before
                probe.late += 1
                if served > 0 and probe.late < LATE_PROBES_BEFORE_MISSED:
                    # Queued behind the layer's other work, which it did meanwhile: busy, not broken.
                    self.late += 1
                    logger.warning("channel layer probe late after %s s (%s), the layer busy with %d others meanwhile: "
                                   "not counted as lost", settings.LAYER_PROBE_TIMEOUT,
                                   "delivery queued" if probe.sent else "publish queued", served)
                    return False
                probe.task.cancel()
                raise TimeoutError
            probe.task.result()
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
        self._count_commands()
        return True

    async def _echo(self, probe):
        if self.channel is None:
            self.channel = await self.layer.new_channel("layer-probe.")
        await self.layer.send(self.channel, {"type": "layer.probe"})
        probe.sent = True
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

    def _count_commands(self):
        """Counts the commands each shard of channels_redis' layer for this loop completes (its ``subscribe``,
        ``unsubscribe`` and ``publish``, each run behind the shard's lock): what tells a busy layer from a stuck one."""
        loop_layer = self.layer._get_layer() if hasattr(self.layer, "_get_layer") else self.layer
        for shard in getattr(loop_layer, "_shards", ()):
            if any(known is shard for known in self.counted):
                continue
            for name in ("subscribe", "unsubscribe", "publish"):
                if hasattr(shard, name):
                    setattr(shard, name, self._counting(getattr(shard, name), "completed"))
            self.counted.append(shard)
        for shard in getattr(loop_layer, "_shards", ()):
            # redis-py's PubSub.handle_message sees every message read on the connection (made again by a flush)
            pubsub = getattr(shard, "_pubsub", None)
            if pubsub is not None and hasattr(pubsub, "handle_message") and not any(known is pubsub for known in self.counted):
                pubsub.handle_message = self._counting(pubsub.handle_message, "delivered")
                self.counted.append(pubsub)

    def _counting(self, command, counter):
        async def counted(*args, **kwargs):
            result = await command(*args, **kwargs)
            setattr(self, counter, getattr(self, counter) + 1)
            return result
        return counted

    def reconnected(self, connection):
        # Called inside redis-py's connect, which the pub/sub client is waiting on: the sockets are closed
        # on a task of their own (closing one sends a frame, and its disconnect leaves its groups).
        self.loop.create_task(close_every_socket("reconnected to Redis"))


class _Probe:
    """One probe's task, whether its publish went out (before that it may only be queued for the layer), and
    how many times it was found late."""

    task = None
    sent = False
    late = 0


def _quietly(task):
    """A probe's outcome is read by ``probe_once`` or, once it gave up on it, by nobody: not an error to log."""
    if not task.cancelled():
        task.exception()

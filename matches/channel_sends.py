"""How plain sync code hands messages to the channel layer: the platform's three ways, one per place.

- a web process's sync threads (moves arriving on a socket; in the default mode the deadline clock, the
  bot lane and the jobs too) queue them on the process's running event loop and go on
  (``WebLoopQueue``), whichever the layer;
- code with no event loop at all (a Celery worker, ``simulate``) sends on one long-lived loop kept in a
  daemon thread (``DedicatedLoopThread``);
- otherwise the in-memory layer (one process, tests) is driven by ``async_to_sync``, as it lives on one loop.
"""
import asyncio
import collections
import logging
import threading

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import InMemoryChannelLayer

logger = logging.getLogger(__name__)


class DedicatedLoopThread:
    """One long-lived event loop in a daemon thread for sends from code with no loop of its own.

    async_to_sync outside an event loop builds a loop per call (about 4 ms
    measured here, a third of a whole move in a Celery worker or `simulate`);
    a Redis channel layer can be driven from any loop, so one is kept.
    """

    def __init__(self):
        self._loop = None
        self._lock = threading.Lock()

    def run(self, coroutine):
        with self._lock:
            if self._loop is None:
                self._loop = asyncio.new_event_loop()
                threading.Thread(target=self._loop.run_forever, name="channel-sender", daemon=True).start()
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()


class WebLoopQueue:
    """Sends from a web process's sync threads, handed to its event loop without waiting.

    Measured under load (docs/performance.md): the threads that apply moves spent
    most of their time blocked in async_to_sync until the busy loop had published
    every seat's frame. Here a thread queues the frames and goes on; one task per
    loop publishes them in the order they were queued (a match's versions in
    order), the frames of one change at once.
    """

    def __init__(self):
        self._queues = {}  # loop -> (deque of (layer, events), wake-up event); touched on that loop only

    def submit(self, loop, layer, events):
        loop.call_soon_threadsafe(self._put, loop, layer, events)

    def _put(self, loop, layer, events):
        if loop not in self._queues:
            self._queues[loop] = (collections.deque(), asyncio.Event())
            loop.create_task(self._drain(*self._queues[loop]))
        queue, wakeup = self._queues[loop]
        queue.append((layer, events))
        wakeup.set()

    async def _drain(self, queue, wakeup):
        while True:
            await wakeup.wait()
            wakeup.clear()
            while queue:
                layer, events = queue.popleft()
                try:
                    await asyncio.gather(*(layer.group_send(group, event) for group, event in events))
                except Exception:  # noqa: BLE001 - a lost frame is repaired by the client's version check
                    logger.exception("sending %d frames failed", len(events))


_dedicated_loop = DedicatedLoopThread()
_web_loop_queue = WebLoopQueue()


_process_web_loop = [None]


def use_web_loop(loop) -> None:
    """The web process's event loop, for the sends of its threads that no request started (the default
    mode's deadline clock, bot lane and jobs: matches/scheduler_thread.py). Their frames then join the
    sockets' threads' in one queue, in the order committed: a bot's frame sent on a loop of its own
    could overtake the move before it, still queued."""
    _process_web_loop[0] = loop


def _main_loop():
    """The web process's event loop: the one this thread was called from (asgiref records it), else the one
    the process named with ``use_web_loop``."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop if loop is not None else _process_web_loop[0]


def send_events(layer, events, wait=False) -> None:
    """Send [(group, event), ...] in order. ``wait``: return only once sent, so that what the caller's
    socket answers next comes after (chat)."""
    loop = _main_loop()
    if loop is not None and loop.is_running():
        if wait:
            asyncio.run_coroutine_threadsafe(_send_in_order(layer, events), loop).result()
        else:
            # Either layer: the web loop publishes them in order; the in-memory one lives on that loop.
            _web_loop_queue.submit(loop, layer, events)
    elif isinstance(layer, InMemoryChannelLayer):
        # The in-memory layer with no web loop (a test's thread): async_to_sync drives it.
        async_to_sync(_send_in_order)(layer, events)
    else:
        _dedicated_loop.run(_send_in_order(layer, events))


async def _send_in_order(layer, events):
    for group, event in events:
        await layer.group_send(group, event)

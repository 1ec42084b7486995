"""Sends each seat (and the spectators) its own view after a change is committed."""
import asyncio
import collections
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from matches.frame_text import frame_text

logger = logging.getLogger(__name__)


def match_group(match_id) -> str:
    """Every socket of the match, seated or watching: one message per change reaches them all."""
    return f"match.{match_id}"


class _SenderLoop:
    """One long-lived event loop in a daemon thread for sends from plain sync code.

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


_sender = _SenderLoop()


def send_views(match, new_events) -> None:
    """Each seat's frame with the (version, event) pairs it may see, and the spectators' frame."""
    from matches.services import seat_frame

    layer = get_channel_layer()
    if layer is None:
        return
    seats = [frame_text(seat_frame(match, seat, new_events)) for seat in range(match.players)]
    event = frames_event(seats, frame_text(seat_frame(match, None, new_events)))
    _send_events(layer, [(match_group(match.pk), event)])


def frames_event(seat_texts: list[str], watch_text: str, released_seat=None) -> dict:
    """The one channel-layer message of a change: each seat's frame and the spectators', as text.

    Measured under load (docs/performance.md): one message per seat and one for the
    spectators was five Redis publishes per move at four seats, each received and
    decoded again by every web process. Now it is one; the consumer of a socket
    sends only the text of its own seat (``seat_text``), so a seat's frame still
    reaches no other seat's socket: the channel layer is inside the server.
    ``released_seat``: the seat whose person this frame replaces (a computer
    player took over, or they resigned); that seat's sockets go on as spectators.
    """
    return {"type": "match.frames", "seats": seat_texts, "watch": watch_text, "released_seat": released_seat}


def seat_text(event: dict, seat) -> str:
    """The text of ``event`` (from ``frames_event``) that the socket of ``seat`` (None: a spectator) may send."""
    seats = event["seats"]
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else event["watch"]


# Notices after which the seat they name is no longer its person's.
# A computer player standing in for someone away does not release the seat: it stays theirs.
RELEASING_NOTICES = ("seat_resigned",)


def send_notice(match, notice: dict) -> None:
    """The same notice frame to every seat and the spectators (e.g. a seat taken over by a computer player)."""
    layer = get_channel_layer()
    if layer is None:
        return
    released = notice.get("seat") if notice.get("code") in RELEASING_NOTICES else None
    text = frame_text(notice)
    event = frames_event([text] * match.players, text, released)
    _send_events(layer, [(match_group(match.pk), event)])


class _LoopSender:
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


_loop_sender = _LoopSender()


def _main_loop():
    from asgiref.sync import SyncToAsync

    return getattr(SyncToAsync.threadlocal, "main_event_loop", None)


def _send_events(layer, events, wait=False) -> None:
    """``wait``: return only once sent, so that what the caller's socket answers next comes after (chat)."""
    loop = _main_loop()
    if isinstance(layer, InMemoryChannelLayer) or (wait and loop is not None):
        # The in-memory layer lives on its own loop only; from a web thread this hops to its loop.
        async_to_sync(_send_in_order)(layer, events)
    elif loop is not None and loop.is_running():
        _loop_sender.submit(loop, layer, events)
    else:
        _sender.run(_send_in_order(layer, events))


async def _send_in_order(layer, events):
    for group, event in events:
        await layer.group_send(group, event)


def send_to_groups(messages) -> None:
    """Send [(group, event), ...] through the channel layer from sync code (e.g. after a commit)."""
    layer = get_channel_layer()
    if layer is None:
        return

    _send_events(layer, list(messages), wait=True)

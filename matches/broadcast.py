"""Sends each seat (and the spectators) its own view after a change is committed."""
import asyncio
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer


def seat_group(match_id, seat) -> str:
    return f"match.{match_id}.seat.{seat}"


def spectator_group(match_id) -> str:
    return f"match.{match_id}.watch"


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


def _in_async_context() -> bool:
    """True inside an event loop's sync worker thread (daphne's), where async_to_sync hops to that loop cheaply."""
    from asgiref.sync import SyncToAsync

    return getattr(SyncToAsync.threadlocal, "main_event_loop", None) is not None


def send_views(match, new_events) -> None:
    """Each seat's frame with the (version, event) pairs it may see."""
    from matches.services import seat_frame

    layer = get_channel_layer()
    if layer is None:
        return
    messages = [(seat_group(match.pk, seat), seat_frame(match, seat, new_events)) for seat in range(match.players)]
    messages.append((spectator_group(match.pk), seat_frame(match, None, new_events)))
    _send(layer, messages)


def send_notice(match, notice: dict) -> None:
    """The same notice frame to every seat and the spectators (e.g. a seat taken over by a computer player)."""
    layer = get_channel_layer()
    if layer is None:
        return
    groups = [seat_group(match.pk, seat) for seat in range(match.players)] + [spectator_group(match.pk)]
    _send(layer, [(group, notice) for group in groups])


def _send(layer, messages) -> None:
    async def send_all():
        for group, frame in messages:
            await layer.group_send(group, {"type": "match.frame", "frame": frame})

    # The in-memory layer lives on its own loop only; anything else may use the sender loop.
    if isinstance(layer, InMemoryChannelLayer) or _in_async_context():
        async_to_sync(send_all)()
    else:
        _sender.run(send_all())


def send_to_groups(messages) -> None:
    """Send [(group, event), ...] through the channel layer from sync code (e.g. after a commit)."""
    layer = get_channel_layer()
    if layer is None:
        return

    async def send_all():
        for group, event in messages:
            await layer.group_send(group, event)

    if isinstance(layer, InMemoryChannelLayer) or _in_async_context():
        async_to_sync(send_all)()
    else:
        _sender.run(send_all())

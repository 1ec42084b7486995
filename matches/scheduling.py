"""When time or a bot must act later: hand it to Celery, or to an in-process timer.

With a broker (TIMER_BACKEND=celery) every deadline waits in Redis and becomes
a Celery task carrying (match, version) when it falls due (the deadline clock
in the beat process, matches/deadline_queue.py); beat also sweeps overdue
matches. With no broker
(TIMER_BACKEND=thread, the one-machine default) an asyncio task inside the
web process plays the same role, so that the in-process channel layer reaches
the sockets: timers still fire with nobody connected, as long as the site runs.
"""
import asyncio
import heapq
import itertools
import logging
import threading
import time
from contextlib import contextmanager

from django.conf import settings

logger = logging.getLogger(__name__)

_suspended = threading.local()
_heap: list = []
_heap_lock = threading.Lock()
_counter = itertools.count()
_loop_started = False


@contextmanager
def suspended():
    """Schedule nothing inside this block (the caller drives the match itself, e.g. simulate)."""
    previous = getattr(_suspended, "on", False)
    _suspended.on = True
    try:
        yield
    finally:
        _suspended.on = previous


def _is_suspended():
    return getattr(_suspended, "on", False)


def schedule_deadline(match_id: int, version: int, at: float) -> None:
    if _is_suspended():
        return
    if settings.TIMER_BACKEND == "celery":
        from matches import deadline_queue

        # Beat's deadline clock sends the task when it falls due (matches/deadline_queue.py).
        deadline_queue.push(match_id, version, at)
    else:
        _push(at + 0.01, "deadline", (match_id, version))


def schedule_bot(match_id: int, seat: int, version: int) -> None:
    if _is_suspended():
        return
    delay = settings.BOT_THINK_SECONDS
    if settings.TIMER_BACKEND == "celery":
        from matches.tasks import bot_act

        bot_act.apply_async((match_id, seat, version), countdown=delay)
    else:
        _push(time.time() + delay, "bot", (match_id, seat, version))


def schedule_rating(match_id: int) -> None:
    """Record a finished match's ratings: a Celery task, or at once when there is no broker."""
    if settings.TIMER_BACKEND == "celery":
        from matches.tasks import record_match_ratings

        record_match_ratings.delay(match_id)
    else:
        from matches.ratings import record_match_ratings

        record_match_ratings(match_id)


def reload_waiting_deadlines() -> int:
    """Hand every running match's stored deadline to the timer again; returns how many.

    Run when a timer starts (the default mode's loop, the beat's deadline clock): a
    deadline days away (a turn-based table) outlives the process that scheduled it,
    and the in-process heap dies with it. The database's ``next_deadline`` is the
    truth; beat's sweep would apply it anyway once it is overdue, this puts it back
    on time. Harmless twice: the deadline queue keeps the newer version, and a
    deadline task finds a version that moved on and does nothing.
    """
    from matches.models import Match

    count = 0
    waiting = Match.objects.filter(status=Match.Status.RUNNING, next_deadline__isnull=False).values_list("pk", "version", "next_deadline")
    for match_id, version, at in waiting.iterator():
        schedule_deadline(match_id, version, at.timestamp())
        count += 1
    return count


def _push(at, kind, args):
    with _heap_lock:
        heapq.heappush(_heap, (at, next(_counter), kind, args))


def _pop_due(now):
    due = []
    with _heap_lock:
        while _heap and _heap[0][0] <= now:
            due.append(heapq.heappop(_heap))
    return due


def _run_job(kind, args):
    from django.db import close_old_connections

    from matches import presence, services
    from matches.ratings import record_unrecorded

    close_old_connections()
    try:
        if kind == "deadline":
            services.match_apply_deadline(*args)
        elif kind == "bot":
            services.match_bot_act(*args)
        elif kind == "sweep":
            services.sweep_overdue_matches(grace=settings.SWEEP_GRACE_SECONDS)
            services.wake_idle_bots()
            record_unrecorded()
            presence.stand_in_for_absent_seats()
            presence.end_deserted_matches()
            from lobby.services import sweep_quick_match_queue

            sweep_quick_match_queue()
        elif kind == "turn-mail":
            from matches.turns import send_turn_digests

            send_turn_digests()
    except Exception:
        logger.exception("timer job %s%r failed", kind, args)
    finally:
        close_old_connections()


async def _timer_loop():
    from asgiref.sync import sync_to_async

    try:
        await sync_to_async(reload_waiting_deadlines)()
    except Exception:  # noqa: BLE001 - the sweep still finds overdue deadlines in the database
        logger.exception("reloading the stored deadlines failed")
    next_sweep = next_turn_mail = 0.0
    while True:
        now = time.time()
        if now >= next_sweep:
            next_sweep = now + 5.0
            await sync_to_async(_run_job)("sweep", ())
        if now >= next_turn_mail:
            next_turn_mail = now + settings.TURN_MAIL_INTERVAL
            await sync_to_async(_run_job)("turn-mail", ())
        for _at, _n, kind, args in _pop_due(now):
            # A bot's move runs on a thread of its own, not the one thread the web process's database
            # work queues through: a search bot may think for up to a second (gamekit/ismcts.py).
            await sync_to_async(_run_job, thread_sensitive=kind != "bot")(kind, args)
        await asyncio.sleep(0.05)


class InProcessTimersMiddleware:
    """ASGI wrapper that starts the timer loop on the web process's event loop at the first connection."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        global _loop_started
        if not _loop_started:
            _loop_started = True
            asyncio.get_running_loop().create_task(_timer_loop())
        return await self.app(scope, receive, send)


def wrap_asgi(app):
    if settings.TIMER_BACKEND == "thread":
        return InProcessTimersMiddleware(app)
    return app

"""The scheduler with no broker (TIMER_BACKEND=thread, the one-machine default).

An asyncio task on the web process's own event loop plays the worker's and beat's parts, so
that the in-process channel layer reaches the sockets: deadlines and computer players wait on a
heap, every registered maintenance job (matches/job_registry.py) runs at its period, and timers
still fire with nobody connected, as long as the site runs. A finished match's ratings are
recorded at once, in the committing request.
"""
import asyncio
import heapq
import itertools
import logging
import threading
import time

from asgiref.sync import sync_to_async
from django.db import close_old_connections

from matches import job_registry
from matches.scheduler import Scheduler

logger = logging.getLogger(__name__)
# A deadline fires this much after its moment: the engine sees it as due, never a hair early.
DEADLINE_MARGIN = 0.01
TICK_SECONDS = 0.05


class PeriodicJobs:
    """When each registered job runs next; a job never run is due at once."""

    def __init__(self):
        self.next_run: dict[str, float] = {}

    def due(self, now: float) -> list[job_registry.Job]:
        jobs = [job for job in job_registry.all_jobs() if now >= self.next_run.get(job.name, 0.0)]
        for job in jobs:
            self.next_run[job.name] = now + job.every()
        return jobs


def _run(label, run, *args):
    close_old_connections()
    try:
        run(*args)
    except Exception:  # noqa: BLE001 - one failing job must not stop the loop every timer runs on
        logger.exception("timer job %s%r failed", label, args)
    finally:
        close_old_connections()


class InProcessScheduler(Scheduler):
    name = "thread"
    has_workers = False

    def __init__(self):
        self._heap: list = []
        self._lock = threading.Lock()
        self._counter = itertools.count()
        self._loop_started = False

    # --- the interface -----------------------------------------------------------------------

    def deadline(self, match_id: int, version: int, at: float) -> None:
        self._push(at + DEADLINE_MARGIN, "deadline", (match_id, version))

    def bot(self, match_id: int, seat: int, version: int, delay: float) -> None:
        self._push(time.time() + delay, "bot", (match_id, seat, version))

    def rating(self, match_id: int) -> None:
        job_registry.timer("rating")(match_id)

    def wrap_asgi(self, app):
        return InProcessTimersMiddleware(app, self)

    # --- the heap ----------------------------------------------------------------------------

    def _push(self, at, kind, args):
        with self._lock:
            heapq.heappush(self._heap, (at, next(self._counter), kind, args))

    def pop_due(self, now: float) -> list[tuple[float, str, tuple]]:
        due = []
        with self._lock:
            while self._heap and self._heap[0][0] <= now:
                at, _n, kind, args = heapq.heappop(self._heap)
                due.append((at, kind, args))
        return due

    def pending(self, kind: str) -> list[tuple[float, tuple]]:
        """The timers of this kind waiting, (moment, ids) in time order (what a restart would lose)."""
        with self._lock:
            return [(at, args) for at, _n, k, args in sorted(self._heap) if k == kind]

    def clear(self) -> None:
        """Forget every waiting timer: what a restart of the process leaves."""
        with self._lock:
            self._heap.clear()

    # --- the loop ----------------------------------------------------------------------------

    async def run_loop(self, periodic: PeriodicJobs | None = None):
        """Forever: every registered job at its period, every timer when due."""
        periodic = PeriodicJobs() if periodic is None else periodic
        try:
            await sync_to_async(self.reload_waiting_deadlines)()
        except Exception:  # noqa: BLE001 - the overdue sweep still finds overdue deadlines in the database
            logger.exception("reloading the stored deadlines failed")
        while True:
            now = time.time()
            for job in periodic.due(now):
                await sync_to_async(_run)(job.name, job.run)
            for _at, kind, args in self.pop_due(now):
                # A bot's move runs on a thread of its own, not the one thread the web process's database
                # work queues through: a search bot may think for up to a second (gamekit/ismcts.py).
                await sync_to_async(_run, thread_sensitive=kind != "bot")(kind, job_registry.timer(kind), *args)
            await asyncio.sleep(TICK_SECONDS)

    def start_once(self):
        """Start the loop on the running event loop, the first time only."""
        if not self._loop_started:
            self._loop_started = True
            asyncio.get_running_loop().create_task(self.run_loop())


class InProcessTimersMiddleware:
    """ASGI wrapper that starts the timer loop on the web process's event loop at the first connection."""

    def __init__(self, app, scheduler: InProcessScheduler):
        self.app = app
        self.scheduler = scheduler

    async def __call__(self, scope, receive, send):
        self.scheduler.start_once()
        return await self.app(scope, receive, send)

"""The scheduler with no broker (TIMER_BACKEND=thread, the one-machine default).

An asyncio task on the web process's own event loop plays the worker's and beat's parts, so
that the in-process channel layer reaches the sockets: deadlines wait on a heap, every registered
maintenance job (matches/job_registry.py) runs at its period, and timers still fire with nobody
connected, as long as the site runs. Computer players wait in the bot lane's fair queue
(matches/bot_lane_local.py): the loop hands them out and never waits for a decision, which runs in
a child process. A finished match's ratings are recorded at once, in the committing request.
"""
import asyncio
import functools
import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from django.db import close_old_connections

from matches import bot_lane, job_registry
from matches.bot_lane_local import LocalBotLane
from matches.scheduler import Scheduler

logger = logging.getLogger(__name__)
# A deadline fires this much after its moment: the engine sees it as due, never a hair early.
DEADLINE_MARGIN = 0.01
TICK_SECONDS = 0.05


class PeriodicJobs:
    """When each registered job runs next; a job never run is due at once. ``jobs`` lists them (tests
    give their own; the site's are the registry's)."""

    def __init__(self, jobs=job_registry.all_jobs):
        self.next_run: dict[str, float] = {}
        self.jobs = jobs

    def due(self, now: float) -> list[job_registry.Job]:
        jobs = [job for job in self.jobs() if now >= self.next_run.get(job.name, 0.0)]
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


def _log_start(future):
    if future.cancelled():
        return
    if future.exception() is not None:
        logger.error("starting the bot pool failed: %r (decisions start it again)", future.exception())
    else:
        logger.info("bot pool started in %.2f s", future.result())


class InProcessScheduler(Scheduler):
    name = "thread"
    has_workers = False

    def __init__(self):
        self._heap: list = []
        self._lock = threading.Lock()
        self._counter = itertools.count()
        self._loop_started = False
        self.bots = LocalBotLane()

    # --- the interface -----------------------------------------------------------------------

    def deadline(self, match_id: int, version: int, at: float) -> None:
        self._push(at + DEADLINE_MARGIN, "deadline", (match_id, version))

    def bot(self, match_id: int, seat: int, version: int, delay: float, owner: str = bot_lane.SHARED_OWNER) -> None:
        self.bots.push(bot_lane.BotJob(match_id, seat, version, owner), time.time() + delay)

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
        if kind == "bot":
            return self.bots.waiting()
        with self._lock:
            return [(at, args) for at, _n, k, args in sorted(self._heap) if k == kind]

    def clear(self) -> None:
        """Forget every waiting timer: what a restart of the process leaves."""
        with self._lock:
            self._heap.clear()
        self.bots.clear()

    # --- the loop ----------------------------------------------------------------------------

    async def run_loop(self, periodic: PeriodicJobs | None = None):
        """Forever: every deadline when due, bot turns handed to the lane, every registered job at its period.

        Each duty on its own lane: deadlines run on the clock's own thread (never behind a page's database
        work on the web process's database thread, nor behind a job); each maintenance job runs on a thread
        of its own, one run at a time (a job whose last run still goes is skipped, as the Celery jobs' lock
        does); a bot's decision never here: ``bots.dispatch`` gives it to a thread of the lane and returns."""
        periodic = PeriodicJobs() if periodic is None else periodic
        loop = asyncio.get_running_loop()
        started = loop.run_in_executor(None, self.bots.start)  # the pool's start, off the loop
        started.add_done_callback(_log_start)
        clock = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deadline-clock")
        running: dict[str, asyncio.Future] = {}
        try:
            await loop.run_in_executor(clock, self.reload_waiting_deadlines)
        except Exception:  # noqa: BLE001 - the overdue sweep still finds overdue deadlines in the database
            logger.exception("reloading the stored deadlines failed")
        try:
            while True:
                now = time.time()
                for _at, kind, args in self.pop_due(now):
                    await loop.run_in_executor(clock, functools.partial(_run, kind, job_registry.timer(kind), *args))
                self.bots.dispatch(time.time())
                for job in periodic.due(now):
                    if job.name in running:
                        logger.debug("maintenance job %s skipped: its last run still goes", job.name)
                        continue
                    running[job.name] = loop.run_in_executor(None, functools.partial(_run, job.name, job.run))
                    running[job.name].add_done_callback(lambda _f, name=job.name: running.pop(name, None))
                await asyncio.sleep(TICK_SECONDS)
        finally:
            clock.shutdown(wait=False)

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

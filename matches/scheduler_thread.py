"""The scheduler with no broker (TIMER_BACKEND=thread, the one-machine default).

The web process plays the worker's and beat's parts, so that the in-process channel layer reaches
the sockets, and timers still fire with nobody connected, as long as the site runs:
- deadlines wait on a heap of the deadline clock's own thread, which sleeps until the earliest one
  and applies it there (``DeadlineClock``), never behind the event loop: a tick of the loop came
  200-700 ms late while the loop served a storm's sockets on a busy machine (CI, stop 40: the
  default-mode gate's deadlines 963 ms late at p99); its frames, the bot lane's and the jobs' are
  queued on the web loop in the order committed (matches/channel_sends.py); the apps' wake-ups (a
  tournament's next moment: ``wake``) wait on the same heap and run on the same thread;
- an asyncio task on the web process's event loop runs every registered maintenance job
  (matches/job_registry.py) at its period and hands computer players' turns out of the bot lane's
  fair queue (matches/bot_lane_local.py), never waiting for a decision, which runs in a child
  process.
A finished match's ratings are recorded at once, in the committing request.
"""
import asyncio
import functools
import heapq
import itertools
import logging
import threading
import time

from django.db import close_old_connections, connection

from config.sqlite3 import write_turns
from matches import bot_lane, channel_sends, job_registry
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


def _run_on_the_clock(label, run, *args):
    """A deadline on the clock's thread, which keeps its database connection from one to the next: opening
    one each time (SQLite: the file, its functions, the PRAGMAs) was a third of a deadline's time, and a
    bunch of tables' clocks due at once are applied one after another. A failure closes it."""
    try:
        run(*args)
    except Exception:  # noqa: BLE001 - one failing deadline must not stop the clock
        logger.exception("timer job %s%r failed", label, args)
        connection.close()


def _log_start(future):
    if future.cancelled():
        return
    if future.exception() is not None:
        logger.error("starting the bot pool failed: %r (decisions start it again)", future.exception())
    else:
        logger.info("bot pool started in %.2f s", future.result())


class DeadlineClock:
    """The deadlines' own thread and heap: it sleeps until the earliest deadline (or a new earlier one)
    and runs ``run(kind, args)`` for each one due, in time order, on that thread."""

    def __init__(self, run, on_start=None):
        self._heap: list = []
        self._wake = threading.Condition()
        self._counter = itertools.count()
        self._thread = None
        self._stopped = False
        self._run = run
        self._on_start = on_start

    def push(self, at, kind, args):
        with self._wake:
            heapq.heappush(self._heap, (at, next(self._counter), kind, args))
            self._wake.notify()

    def pop_due(self, now: float) -> list[tuple[float, str, tuple]]:
        due = []
        with self._wake:
            while self._heap and self._heap[0][0] <= now:
                at, _n, kind, args = heapq.heappop(self._heap)
                due.append((at, kind, args))
        return due

    def pending(self, kind: str) -> list[tuple[float, tuple]]:
        with self._wake:
            return [(at, args) for at, _n, k, args in sorted(self._heap) if k == kind]

    def clear(self) -> None:
        with self._wake:
            self._heap.clear()

    def start(self) -> None:
        """Start the thread, once."""
        with self._wake:
            if self._thread is not None:
                return
            self._stopped = False
            self._thread = threading.Thread(target=self._run_forever, name="deadline-clock", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """The thread ends after the deadline it is applying, if any (not waited for)."""
        with self._wake:
            self._stopped, self._thread = True, None
            self._wake.notify()

    def _next_due(self):
        """Wait until something is due (or the clock stops: None); what is due, in time order."""
        with self._wake:
            while not self._stopped:
                now = time.time()
                if self._heap and self._heap[0][0] <= now:
                    break
                self._wake.wait(self._heap[0][0] - now if self._heap else None)
            if self._stopped:
                return None
        return self.pop_due(time.time())

    def _run_forever(self):
        # SQLite: this thread's transactions go before every other waiting writer's (a socket burst's)
        write_turns.mark_urgent()
        if self._on_start is not None:
            try:
                self._on_start()
            except Exception:  # noqa: BLE001 - the overdue sweep still finds overdue deadlines in the database
                logger.exception("reloading the stored deadlines failed")
            finally:
                close_old_connections()
        while (due := self._next_due()) is not None:
            for _at, kind, args in due:
                self._run(kind, args)


class InProcessScheduler(Scheduler):
    name = "thread"
    has_workers = False

    def __init__(self):
        self.clock = DeadlineClock(self._fire, on_start=self.reload_waiting_deadlines)
        self._loop_started = False
        self.bots = LocalBotLane()
        # (kind, object) -> the moment of the one wake-up waiting on the heap; a later ask is dropped, an
        # earlier one replaces it (the older heap entry, found stale when it comes out, is skipped)
        self._wakes: dict[tuple[str, int], float] = {}
        self._wakes_lock = threading.Lock()

    def _fire(self, kind, args):
        if kind in job_registry.TIMER_KINDS:
            _run_on_the_clock(kind, job_registry.timer(kind), *args)
            return
        object_id, at = args
        with self._wakes_lock:
            if self._wakes.get((kind, object_id)) != at:
                return  # replaced by an earlier wake-up, already run
            del self._wakes[(kind, object_id)]
        _run_on_the_clock(kind, job_registry.wake_kind(kind).run, object_id)

    # --- the interface -----------------------------------------------------------------------

    def deadline(self, match_id: int, version: int, at: float) -> None:
        self.clock.push(at + DEADLINE_MARGIN, "deadline", (match_id, version))

    def bot(self, match_id: int, seat: int, version: int, delay: float, owner: str = bot_lane.SHARED_OWNER) -> None:
        self.bots.push(bot_lane.BotJob(match_id, seat, version, owner), time.time() + delay)

    def review(self, review_id: int) -> None:
        self.bots.push_review(bot_lane.ReviewJob(review_id), time.time())

    def rating(self, match_id: int) -> None:
        job_registry.timer("rating")(match_id)

    def wake(self, kind: str, object_id: int, at: float) -> None:
        with self._wakes_lock:
            waiting = self._wakes.get((kind, object_id))
            if waiting is not None and waiting <= at:
                return
            self._wakes[(kind, object_id)] = at
        self.clock.push(at, kind, (object_id, at))

    def wrap_asgi(self, app):
        return InProcessTimersMiddleware(app, self)

    # --- the waiting timers ------------------------------------------------------------------

    def pop_due(self, now: float) -> list[tuple[float, str, tuple]]:
        return self.clock.pop_due(now)

    def pending(self, kind: str) -> list[tuple[float, tuple]]:
        """The timers of this kind waiting, (moment, ids) in time order (what a restart would lose); a wake-up's
        ids are (object, moment), stale ones included."""
        if kind == "bot":
            return self.bots.waiting()
        if kind == "review":
            return [(at, (review_id,)) for at, review_id in self.bots.waiting_reviews()]
        return self.clock.pending(kind)

    def clear(self) -> None:
        """Forget every waiting timer: what a restart of the process leaves."""
        self.clock.clear()
        self.bots.clear()
        with self._wakes_lock:
            self._wakes.clear()

    # --- the loop ----------------------------------------------------------------------------

    async def run_loop(self, periodic: PeriodicJobs | None = None):
        """Forever: the deadline clock's thread started, bot turns handed to the lane, every registered job
        at its period.

        Each duty on its own lane: deadlines run on the clock's own thread (never behind the event loop,
        a page's database work on the web process's database thread, or a job); each maintenance job runs
        on a thread of its own, one run at a time (a job whose last run still goes is skipped, as the
        Celery jobs' lock does); a bot's decision never here: ``bots.dispatch`` gives it to a thread of
        the lane and returns."""
        periodic = PeriodicJobs() if periodic is None else periodic
        loop = asyncio.get_running_loop()
        started = loop.run_in_executor(None, self.bots.start)  # the pool's start, off the loop
        started.add_done_callback(_log_start)
        channel_sends.use_web_loop(loop)  # the clock's, the lane's and the jobs' frames go through it
        self.clock.start()
        running: dict[str, asyncio.Future] = {}
        try:
            while True:
                now = time.time()
                self.bots.dispatch(now)
                for job in periodic.due(now):
                    if job.name in running:
                        logger.debug("maintenance job %s skipped: its last run still goes", job.name)
                        continue
                    running[job.name] = loop.run_in_executor(None, functools.partial(_run, job.name, job.run))
                    running[job.name].add_done_callback(lambda _f, name=job.name: running.pop(name, None))
                await asyncio.sleep(TICK_SECONDS)
        finally:
            self.clock.stop()

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

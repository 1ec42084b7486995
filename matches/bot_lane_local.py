"""The default mode's bot lane: the fair queue in memory, decisions in a pool of child processes.

The timer loop (matches/scheduler_thread.py) pushes each bot turn here and, every tick, ``dispatch(now)``
hands out what the ``FairQueue`` allows (matches/bot_lane.py: round-robin across owners, BOT_OWNER_CAP
each, BOT_PROCESSES in all). It never waits: each job goes to a thread of the lane, which reads the match
(the service), sends the decision to the process pool and waits for it there, then submits the move
through the service and frees the slot. A search bot's second of CPU is a child's, so neither the GIL nor
the event loop is held: deadlines, maintenance jobs and sockets go on.

The pool's children are started by the **forkserver**: the web process has threads (the event loop's,
the database threads, this lane's), and a child forked from it could inherit a lock some other thread
held. The fork server is a fresh interpreter that imports only ``matches.bot_lane`` and the games' bots
modules (pure: no Django), and each child is forked from it. Start-up, measured on the 2-core machine:
about 0.15 s for the server and its imports, then a few milliseconds a child; ``start`` pays it once, off
the loop, before the first decision. The children run CHILD_NICE nicer than the web process.
BOT_PROCESSES=0 decides on the lane's thread, in the web process.
"""
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings
from django.db import close_old_connections

from matches import bot_lane, job_registry

logger = logging.getLogger(__name__)
# The children run this much nicer than the web process: a search gives way to sockets and timers when the
# CPU is short (as Celery mode's bots' worker is niced).
CHILD_NICE = 5
# A review step's child runs in the idle scheduling class (bot_lane.prepare_review_child), else at the setting
# REVIEW_NICE (19 unless said otherwise): the CPU goes to the decisions first (docs/analysis.md).
REVIEW_NICE = 19


def _preload(refs=()) -> list[str]:
    """The games' bots modules (and those of ``refs``): what the fork server imports once for every child."""
    from matches.registry import all_games

    known = [bot_lane.bot_ref(choose) for spec in all_games() for choose in spec.bots.values()]
    return bot_lane.bot_modules([*known, *refs])


def _forkserver_context(preload):
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["matches.bot_lane", *preload])
    return context


class LocalBotLane:
    """One per in-process scheduler: the fair queue, the lane's threads and the process pool."""

    def __init__(self):
        self.queue = bot_lane.FairQueue()
        self._lock = threading.Lock()
        self._threads: ThreadPoolExecutor | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._pool_lock = threading.Lock()
        self._threads_size = 0
        self._review_threads: ThreadPoolExecutor | None = None

    # --- the queue (any thread) ---------------------------------------------------------------------

    def push(self, job: bot_lane.BotJob, not_before: float) -> bool:
        with self._lock:
            return self.queue.push(job, not_before)

    def waiting(self):
        with self._lock:
            return self.queue.waiting()

    def push_review(self, job: bot_lane.ReviewJob, not_before: float) -> bool:
        with self._lock:
            return self.queue.push_review(job, not_before)

    def waiting_reviews(self):
        with self._lock:
            return self.queue.waiting_reviews()

    def clear(self):
        with self._lock:
            self.queue.clear()

    @staticmethod
    def pool_size() -> int:
        return max(1, settings.BOT_PROCESSES)

    # --- handing out (the loop; never waits) -------------------------------------------------------

    def dispatch(self, now: float) -> list[bot_lane.BotJob]:
        """Hand every job the policy allows now to the lane's threads; returns them."""
        size = self.pool_size()
        handed = []
        reviews = []
        with self._lock:
            self.queue.inflight_seconds = settings.BOT_INFLIGHT_SECONDS
            while (job := self.queue.take(now, size, settings.BOT_OWNER_CAP)) is not None:
                handed.append(job)
            while (step := self.queue.take_review(now, settings.REVIEW_SLOTS)) is not None:
                reviews.append(step)
        for job in handed:
            self._executor(size).submit(self._work, job)
        for step in reviews:
            self._review_executor().submit(self._review_work, step)
        return handed

    def _review_executor(self) -> ThreadPoolExecutor:
        if self._review_threads is None:
            self._review_threads = ThreadPoolExecutor(max_workers=max(1, settings.REVIEW_SLOTS),
                                                      thread_name_prefix="review-lane")
        return self._review_threads

    def _executor(self, size) -> ThreadPoolExecutor:
        if self._threads is None or self._threads_size < size:
            # at most ``size`` jobs are in flight, so no job waits for a thread of the lane
            self._threads = ThreadPoolExecutor(max_workers=size, thread_name_prefix="bot-lane")
            self._threads_size = size
        return self._threads

    # --- a job, on a thread of the lane --------------------------------------------------------------

    def _work(self, job: bot_lane.BotJob):
        close_old_connections()
        try:
            job_registry.timer("bot")(job.match, job.seat, job.version, hurried=job.hurried, decide=self.decide)
        except Exception:  # noqa: BLE001 - a failing decision must not stop the lane; wake-idle-bots asks again
            logger.exception("bot turn %s failed", job.token)
        finally:
            close_old_connections()
            with self._lock:
                self.queue.done(job)

    def _review_work(self, job: bot_lane.ReviewJob):
        close_old_connections()
        try:
            job_registry.timer("review")(job.review, judge=self.judge)
        except Exception:  # noqa: BLE001 - a failing step must not stop the lane; the review is marked failed
            logger.exception("review step %s failed", job.token)
        finally:
            close_old_connections()
            with self._lock:
                self.queue.done_review(job)

    def judge(self, request: bot_lane.ReviewStepRequest) -> list[dict]:
        return judge_niced(request)

    def decide(self, request: bot_lane.DecisionRequest):
        """The decision in a child process (this thread waits for it, the loop does not)."""
        if settings.BOT_PROCESSES <= 0:
            return bot_lane.decide(request)
        pool = self.pool([request.bot_ref])
        try:
            return pool.submit(bot_lane.decide, request).result()
        except BrokenProcessPool:
            # a child died (killed, out of memory): a fresh pool for the next decisions, this one again there
            logger.exception("the bot pool broke; starting another")
            self._discard(pool)
            return self.pool([request.bot_ref]).submit(bot_lane.decide, request).result()

    # --- the process pool -----------------------------------------------------------------------------

    def pool(self, refs=()) -> ProcessPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=max(1, settings.BOT_PROCESSES),
                                                 mp_context=_forkserver_context(_preload(refs)),
                                                 initializer=bot_lane.prepare_child,
                                                 initargs=(CHILD_NICE, os.getpid()))
            return self._pool

    def _discard(self, pool):
        with self._pool_lock:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def start(self) -> float:
        """Start the pool and its children now (the loop calls it on a thread at its start); seconds taken."""
        if settings.BOT_PROCESSES <= 0:
            return 0.0
        started = time.monotonic()
        pool = self.pool()
        for future in [pool.submit(bot_lane.warm_up) for _ in range(max(1, settings.BOT_PROCESSES))]:
            future.result()
        return time.monotonic() - started

    def shutdown(self):
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        shutdown_review_pool()


_review_pool: list[ProcessPoolExecutor] = []
_review_pool_lock = threading.Lock()


def judge_niced(request: bot_lane.ReviewStepRequest) -> list[dict]:
    """A review step in a child of the idle scheduling class (else at the setting REVIEW_NICE), the caller's thread
    waiting for it (the lane's review thread in the default mode, the bots' Celery worker): the CPU goes to the
    decisions first. One pool of REVIEW_SLOTS children per process; BOT_PROCESSES=0 judges on the caller's thread."""
    if settings.BOT_PROCESSES <= 0:
        return bot_lane.review_step(request)
    if multiprocessing.current_process().daemon:
        return _judge_on_an_idle_thread(request)
    with _review_pool_lock:
        if not _review_pool:
            _review_pool.append(ProcessPoolExecutor(max_workers=max(1, settings.REVIEW_SLOTS),
                                                    mp_context=_forkserver_context([*_preload(), "gamekit.review"]),
                                                    initializer=bot_lane.prepare_review_child,
                                                    initargs=(os.getpid(), settings.REVIEW_IDLE_CLASS, settings.REVIEW_NICE)))
        pool = _review_pool[0]
    try:
        return pool.submit(bot_lane.review_step, request).result()
    except BrokenProcessPool:
        with _review_pool_lock:
            if _review_pool and _review_pool[0] is pool:
                _review_pool.clear()
        raise


def _judge_on_an_idle_thread(request: bot_lane.ReviewStepRequest) -> list[dict]:
    """A review step where no child may be started (a Celery prefork worker's process is daemonic): on a thread
    of its own in the idle scheduling class (a Linux policy is a thread's), this one waiting for it."""
    out: dict = {}

    def run():
        # not Linux, or REVIEW_IDLE_CLASS off: at the worker's own priority (its process is niced, scripts/run.sh)
        if settings.REVIEW_IDLE_CLASS:
            with contextlib.suppress(AttributeError, OSError):
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        try:
            out["result"] = bot_lane.review_step(request)
        except BaseException as exc:  # noqa: BLE001 - raised again on the caller's thread
            out["error"] = exc
    thread = threading.Thread(target=run, name="review-step")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["result"]


def shutdown_review_pool():
    with _review_pool_lock:
        pools = list(_review_pool)
        _review_pool.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)

"""The one list of the site's maintenance jobs: every app registers its own, both timers read it.

A job is a name, a period and a callable taking no objects (plain values at most) that is
safe to run twice or at once in two processes (idempotent: a sweep finds nothing left to do).
Apps register theirs as Django starts (``<app>/jobs.py``, imported by the app's ``ready()``);
Celery beat's schedule (``BeatSchedule``, set in config/celery.py) and the default mode's
in-process timer loop (matches/scheduler_thread.py) both read this list, so a job added here
runs in both modes. Plain Python: it imports no app, so any app may register into it.
"""
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

# The one Celery task that runs a registered job by name on a worker (matches/tasks.py).
RUN_JOB_TASK = "matches.tasks.run_job"
# The Celery task beat sends: every job of one period, one after the other (matches/tasks.py).
RUN_JOBS_TASK = "matches.tasks.run_jobs"


@dataclass(frozen=True)
class Job:
    name: str
    run: Callable[[], object]
    # seconds between two runs, or a function returning them (read from settings at each run)
    period: float | Callable[[], float]

    def every(self) -> float:
        return float(self.period() if callable(self.period) else self.period)


_jobs: dict[str, Job] = {}


def register(name: str, run: Callable[[], object], *, period: float | Callable[[], float]) -> Job:
    """Add a job; registering a name again with the same callable is harmless (an app's module
    imported twice), with another callable it is a mistake two apps made."""
    if not name or not callable(run):
        raise ValueError(f"a job needs a name and a callable, got {name!r}, {run!r}")
    job = Job(name, run, period)
    if job.every() <= 0:
        raise ValueError(f"job {name!r}: the period must be a positive number of seconds")
    existing = _jobs.get(name)
    if existing is not None and existing.run is not run:
        raise ValueError(f"job {name!r} is registered twice with different callables")
    _jobs[name] = job
    return job


def get(name: str) -> Job:
    try:
        return _jobs[name]
    except KeyError:
        raise LookupError(f"no maintenance job named {name!r}") from None


def all_jobs() -> list[Job]:
    return sorted(_jobs.values(), key=lambda job: job.name)


# --- What a fired timer runs -----------------------------------------------------------------
# A timer of the scheduler (matches/scheduler.py) names its kind; the app that owns the work
# registers the callable (matches/jobs.py), so that the backends import no service.
TIMER_KINDS = ("deadline", "bot", "rating", "review")
_timers: dict[str, Callable[..., object]] = {}


def register_timer(kind: str, run: Callable[..., object]) -> None:
    """``run`` takes the timer's ids: deadline (match, version), bot (match, seat, version, and the bot lane's
    keywords ``hurried`` and ``decide``: matches/bot_lane_local.py), rating (match), review (a match review's
    id, and the lane's keyword ``judge``: one step of it, docs/analysis.md)."""
    if kind not in TIMER_KINDS or not callable(run):
        raise ValueError(f"unknown timer kind {kind!r} or not a callable")
    _timers[kind] = run


def timer(kind: str) -> Callable[..., object]:
    try:
        return _timers[kind]
    except KeyError:
        raise LookupError(f"nothing registered for the timer {kind!r}") from None


# --- Wake-ups on the clock's lane ------------------------------------------------------------
# An app whose work finds out by itself what is due (a tournament's start, its rounds, its end)
# registers a wake-up kind: ``run(object_id)`` does whatever is due for that object (idempotent,
# under its own row lock), ``waiting()`` lists (object_id, moment) read back from the database
# when a timer starts, so that a restart loses no wake-up. The backends keep one wake-up per
# object, the earliest asked (matches/scheduler.py, ``wake``).


@dataclass(frozen=True)
class WakeKind:
    kind: str
    run: Callable[[int], object]
    waiting: Callable[[], Iterable[tuple[int, float]]]


_wakes: dict[str, WakeKind] = {}


def register_wake(kind: str, run: Callable[[int], object], waiting: Callable[[], Iterable[tuple[int, float]]]) -> WakeKind:
    """Add a wake-up kind (its name apart from the match timers', no ':' in it); registering it again with the
    same callables is harmless."""
    if not kind or ":" in kind or kind in TIMER_KINDS or not callable(run) or not callable(waiting):
        raise ValueError(f"a wake-up kind needs a new name without ':' and two callables, got {kind!r}")
    wake = WakeKind(kind, run, waiting)
    existing = _wakes.get(kind)
    if existing is not None and (existing.run is not run or existing.waiting is not waiting):
        raise ValueError(f"wake-up kind {kind!r} is registered twice with different callables")
    _wakes[kind] = wake
    return wake


def wake_kind(kind: str) -> WakeKind:
    try:
        return _wakes[kind]
    except KeyError:
        raise LookupError(f"no wake-up kind named {kind!r}") from None


def wake_kinds() -> list[WakeKind]:
    return [_wakes[kind] for kind in sorted(_wakes)]


def _period_name(seconds: float) -> str:
    return f"every-{seconds:g}s"


class BeatSchedule(Mapping):
    """Celery beat's schedule, read from the registry when beat builds its scheduler (after
    Django's apps registered their jobs): the jobs of one period are one entry,
    ``run_jobs(names)`` every period. Six jobs ran every second as six tasks, each paying
    beat's and the worker's cost per task (a tenth of a core per idle site, measured while the
    browser tests ran); as one task they pay it once."""

    def _entries(self) -> dict:
        periods: dict[float, list[str]] = {}
        for job in all_jobs():
            periods.setdefault(job.every(), []).append(job.name)
        return {_period_name(period): {"task": RUN_JOBS_TASK, "schedule": period, "args": (tuple(names),)}
                for period, names in sorted(periods.items())}

    def __getitem__(self, name):
        return self._entries()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())

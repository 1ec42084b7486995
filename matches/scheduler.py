"""What a timer backend does for the site: the interface both backends implement.

When time or a computer player must act later, or a finished match's ratings must be recorded
off the move's path, the service asks the one scheduler chosen from settings
(``matches.scheduling.scheduler()``): the Celery backend (matches/scheduler_celery.py, with a
broker) or the in-process backend (matches/scheduler_thread.py, the one-machine default). Every
timer carries the match's version and the job it runs checks it, so a timer fired twice, late or
for a version that moved on changes nothing.

What a fired timer runs is registered by the app that owns it (``job_registry.register_timer``,
matches/jobs.py): a backend names the work, it never imports the service that does it.
"""
import abc
import threading
from contextlib import contextmanager

from matches import job_registry
from matches.bot_lane import SHARED_OWNER
from matches.models import Match

_suspended = threading.local()


@contextmanager
def suspended():
    """Schedule nothing inside this block (the caller drives the match itself, e.g. simulate)."""
    previous = getattr(_suspended, "on", False)
    _suspended.on = True
    try:
        yield
    finally:
        _suspended.on = previous


def is_suspended() -> bool:
    return getattr(_suspended, "on", False)


class Scheduler(abc.ABC):
    """One per process and backend. ``name`` is the TIMER_BACKEND value that chooses it."""

    name: str
    # True when Celery workers run background work (the e-mail sender follows this too).
    has_workers: bool

    @abc.abstractmethod
    def deadline(self, match_id: int, version: int, at: float) -> None:
        """At ``at`` (seconds since the epoch), apply the match's deadline if it is still at ``version``."""

    @abc.abstractmethod
    def bot(self, match_id: int, seat: int, version: int, delay: float, owner: str = SHARED_OWNER) -> None:
        """In ``delay`` seconds at the earliest, let the computer player in ``seat`` act if the match is still at
        ``version``: the turn waits in the bot lane, shared fairly between owners (matches/bot_lane.py)."""

    @abc.abstractmethod
    def review(self, review_id: int) -> None:
        """Work out the next step of a match review (one decision) on the bot lane, at low priority: only while
        no computer player's decision is due, on slots of its own (docs/analysis.md)."""

    @abc.abstractmethod
    def rating(self, match_id: int) -> None:
        """Record a finished match's ratings (once, whatever the number of calls)."""

    @abc.abstractmethod
    def wake(self, kind: str, object_id: int, at: float) -> None:
        """At ``at`` (or at once if it passed), on the clock's lane, run the wake-up ``kind`` registered for
        ``object_id`` (job_registry.register_wake). One wake-up waits per object, the earliest asked: the
        work it runs finds out itself what is due and asks for its next one, so an early or second run
        changes nothing."""

    def wrap_asgi(self, app):
        """The web process's ASGI application, with whatever this backend runs inside it."""
        return app

    def reload_waiting_deadlines(self) -> int:
        """Hand every running match's stored deadline, and every registered wake-up kind's waiting ones
        (a tournament's next moment), to this timer again; returns how many.

        Run when a timer starts (the default mode's loop, the beat's deadline clock): a
        deadline days away (a turn-based table) outlives the process that scheduled it,
        and the in-process heap dies with it. The database's ``next_deadline`` is the
        truth; the overdue sweep would apply it anyway once it is overdue, this puts it
        back on time. Harmless twice: the deadline queue keeps the newer version, and a
        deadline job finds a version that moved on and does nothing.
        """
        count = 0
        waiting = Match.objects.filter(status=Match.Status.RUNNING, next_deadline__isnull=False).values_list(
            "pk", "version", "next_deadline"
        )
        for match_id, version, at in waiting.iterator():
            self.deadline(match_id, version, at.timestamp())
            count += 1
        for kind in job_registry.wake_kinds():
            for object_id, at in kind.waiting():
                self.wake(kind.kind, object_id, at)
                count += 1
        return count

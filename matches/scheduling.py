"""When time or a bot must act later: the one scheduler of the process, chosen from settings.

``scheduler()`` is the backend TIMER_BACKEND names (matches/scheduler.py says what each does):
"celery" hands deadlines and bot turns to Celery workers (a broker is needed), "thread" runs
them on the web process's event loop (the one-machine default). It is chosen once, and chosen
again only when the setting itself changes (tests do). The service calls the functions below.
"""
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

from matches.bot_lane import SHARED_OWNER
from matches.scheduler import Scheduler, is_suspended, suspended
from matches.scheduler_celery import CeleryScheduler
from matches.scheduler_thread import InProcessScheduler

__all__ = ["scheduler", "suspended", "schedule_deadline", "schedule_bot", "schedule_rating", "schedule_wake",
           "schedule_review",
           "reload_waiting_deadlines", "wrap_asgi"]

# One instance of each per process: the in-process heap must outlive a settings change in a test.
_BACKENDS: dict[str, Scheduler] = {"celery": CeleryScheduler(), "thread": InProcessScheduler()}
_chosen: list[Scheduler] = []


def scheduler() -> Scheduler:
    if not _chosen:
        try:
            _chosen.append(_BACKENDS[settings.TIMER_BACKEND])
        except KeyError:
            raise ValueError(f"TIMER_BACKEND must be one of {sorted(_BACKENDS)}, not {settings.TIMER_BACKEND!r}") from None
    return _chosen[0]


@receiver(setting_changed)
def _choose_again(setting, **_kwargs):
    if setting == "TIMER_BACKEND":
        _chosen.clear()


def schedule_deadline(match_id: int, version: int, at: float) -> None:
    if not is_suspended():
        scheduler().deadline(match_id, version, at)


def schedule_bot(match_id: int, seat: int, version: int, owner: str = SHARED_OWNER) -> None:
    """The bot in ``seat`` acts at ``version`` once BOT_THINK_SECONDS passed and the lane gives ``owner`` its turn."""
    if not is_suspended():
        scheduler().bot(match_id, seat, version, settings.BOT_THINK_SECONDS, owner=owner)


def schedule_review(review_id: int) -> None:
    """The next step of a match review, on the bot lane at low priority (docs/analysis.md)."""
    if not is_suspended():
        scheduler().review(review_id)


def schedule_rating(match_id: int) -> None:
    """Record a finished match's ratings: a Celery task, or at once when there is no broker."""
    scheduler().rating(match_id)


def schedule_wake(kind: str, object_id: int, at: float) -> None:
    """Run the app's wake-up ``kind`` for ``object_id`` at ``at`` on the clock's lane (the earliest asked is kept)."""
    if not is_suspended():
        scheduler().wake(kind, object_id, at)


def reload_waiting_deadlines() -> int:
    return scheduler().reload_waiting_deadlines()


def wrap_asgi(app):
    return scheduler().wrap_asgi(app)

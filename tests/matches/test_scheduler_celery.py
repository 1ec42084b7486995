"""The Celery scheduler (matches/scheduler_celery.py) on a real worker and the real Redis broker:
what the service asks of it happens on the worker, with nobody connected."""
import time

import pytest

from config.celery import app as celery_app
from matches import scheduling, services
from matches.models import Match
from matches.scheduler_celery import CeleryScheduler
from matches.services import SeatSpec
from tests.factories import UserFactory
from tests.matches.playing import play_countdown
from tests.matches.test_job_registry import beat_entries
from tests.matches.test_tasks import wait_for, worker  # noqa: F401  (the worker fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]


@pytest.fixture
def celery_timers(settings, worker):  # noqa: F811 - a fixture imported by name
    settings.TIMER_BACKEND = "celery"
    timers = scheduling.scheduler()
    assert isinstance(timers, CeleryScheduler)
    return timers


def test_a_deadline_handed_to_the_scheduler_fires_on_the_worker_at_its_moment(celery_timers):
    users = [UserFactory(), UserFactory()]
    with scheduling.suspended():  # its own timer never scheduled: only the one below
        match = services.create_match(
            "countdown", [SeatSpec(user=u) for u in users], {"clock": 30, "rounds": 1}, seed=1, now=time.time() - 29
        )
    at = match.next_deadline.timestamp()
    celery_timers.deadline(match.pk, 0, at)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).version >= 1)
    first = Match.objects.get(pk=match.pk).actions.order_by("seq").first()
    # at its moment, not before (the stored deadline is rounded to the microsecond)
    assert first.seat is None and first.action == {"type": "timeout"} and first.server_time >= at - 1e-5


def test_a_bot_turn_handed_to_the_scheduler_is_played_on_the_worker(celery_timers):
    with scheduling.suspended():
        match = services.create_match(
            "countdown", [SeatSpec(bot="random"), SeatSpec(user=UserFactory())], {"clock": 0, "rounds": 1}, seed=5
        )
    assert match.version == 0
    celery_timers.bot(match.pk, 0, 0, delay=0.05)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).version >= 1)
    assert Match.objects.get(pk=match.pk).actions.order_by("seq").first().seat == 0


def test_a_finished_matchs_ratings_are_recorded_on_the_worker(celery_timers):
    match = play_countdown([UserFactory(), UserFactory()], [3, 1])  # its own rating task is queued too
    celery_timers.rating(match.pk)  # and asked again: recorded once
    assert wait_for(lambda: Match.objects.get(pk=match.pk).rated_at is not None)


def test_beats_entry_for_the_overdue_sweep_runs_on_the_worker(celery_timers, settings):
    settings.SWEEP_GRACE_SECONDS = 0
    users = [UserFactory(), UserFactory()]
    with scheduling.suspended():  # the timer is "lost": never scheduled
        match = services.create_match(
            "countdown", [SeatSpec(user=u) for u in users], {"clock": 5, "rounds": 1}, seed=1, now=time.time() - 6
        )
    entry = next(entry for entry in beat_entries().values() if "sweep-overdue-matches" in entry.args[0])
    celery_app.send_task(entry.task, args=entry.args)  # what beat sends every second (every job of that period)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).version >= 1)

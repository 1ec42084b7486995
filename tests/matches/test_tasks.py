"""Timers and bots on a real Celery worker, with the real Redis broker and nobody connected."""
import time

import pytest
from celery.contrib.testing.worker import start_worker

from config.celery import app as celery_app
from matches import services
from matches.deadline_queue import DeadlineClock
from matches.models import Match
from matches.services import SeatSpec
from matches.tasks import deadline_reached, sweep_overdue_matches
from tests.factories import UserFactory

# A real Celery worker on the Redis broker: the production timers. The default mode's timer thread
# is tested in tests/matches/test_scheduling.py.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]


@pytest.fixture
def worker(settings):
    """A worker, and the deadline clock that beat holds on a site (matches/deadline_queue.py)."""
    settings.BOT_THINK_SECONDS = 0.05
    celery_app.control.purge()
    with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=10) as w:
        clock = DeadlineClock().start()
        try:
            yield w
        finally:
            clock.stop()


def wait_for(predicate, seconds=15.0):
    end = time.time() + seconds
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_turn_clock_fires_on_the_worker_with_nobody_connected(worker):
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 1, "rounds": 1}, seed=1)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).version >= 1)
    match.refresh_from_db()
    first = match.actions.order_by("seq").first()
    assert first.seat is None and first.action == {"type": "timeout"}
    # It fired at the deadline, not before.
    assert first.server_time >= match.options["started_at"] + 1


def test_a_deadline_task_delivered_twice_applies_once(worker):
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 10, "rounds": 1}, seed=1, now=time.time() - 10.2)
    # The scheduled task and two copies (a broker re-delivery) all carry version 0.
    deadline_reached.delay(match.pk, 0)
    deadline_reached.delay(match.pk, 0)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).version >= 1)
    time.sleep(1.0)
    match.refresh_from_db()
    system_actions = [a for a in match.actions.order_by("seq") if a.seat is None]
    assert len(system_actions) == 1


def test_beat_sweeper_task_catches_a_lost_timer(worker, settings):
    settings.SWEEP_GRACE_SECONDS = 0
    users = [UserFactory(), UserFactory()]
    with services.scheduling.suspended():  # the timer task is "lost": never scheduled
        match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 5, "rounds": 1}, seed=1, now=time.time() - 6)
    sweep_overdue_matches.delay()
    assert wait_for(lambda: Match.objects.get(pk=match.pk).version >= 1)


def test_bots_play_a_whole_match_on_the_worker(worker):
    match = services.create_match("countdown", [SeatSpec(bot="random") for _ in range(3)], {"clock": 0, "rounds": 1}, seed=5)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).status == Match.Status.FINISHED, seconds=30)
    match.refresh_from_db()
    assert match.result["ranks"] and match.version == match.actions.count()


def test_the_worker_records_a_finished_match_once_though_its_task_comes_twice(worker):
    from matches.models import Rating
    from matches.tasks import record_match_ratings
    from tests.matches.playing import play_countdown

    alice = UserFactory()
    match = play_countdown([alice, "first"], [3, 1])  # its own task is queued on commit
    record_match_ratings.delay(match.pk)  # and a re-delivery
    assert wait_for(lambda: Match.objects.get(pk=match.pk).rated_at is not None)
    time.sleep(1.0)
    rating = Rating.objects.get(user=alice)
    assert rating.matches_played == 1 and rating.wins == 1
    assert Rating.objects.get(bot="first").matches_played == 1

"""Deadlines waiting in Redis: one per match, the newest version's, taken out once when due."""
import time

import pytest

from matches import deadline_queue, scheduling
from matches.models import Match
from matches.services import SeatSpec, create_match
from tests.factories import UserFactory

# the deadline queue is a Redis sorted set (matches/deadline_queue.py); the default mode has no Redis
pytestmark = pytest.mark.redis


@pytest.fixture(autouse=True)
def empty_queue(settings):
    settings.DEADLINE_QUEUE_PREFIX = f"test-{time.time_ns()}"
    yield
    deadline_queue._redis().delete(*deadline_queue._keys(), deadline_queue._wakes_key())


def test_due_deadlines_are_taken_out_once_in_time_order():
    deadline_queue.push(1, 4, 100.0)
    deadline_queue.push(2, 7, 99.0)
    deadline_queue.push(3, 1, 200.0)
    assert deadline_queue.take_due(150.0) == [(2, 7, 99.0), (1, 4, 100.0)]
    assert deadline_queue.take_due(150.0) == []
    assert deadline_queue.waiting(3) == (1, 200.0)


def test_a_move_replaces_its_matchs_deadline():
    deadline_queue.push(1, 4, 100.0)
    deadline_queue.push(1, 5, 130.0)
    assert deadline_queue.take_due(120.0) == []
    assert deadline_queue.take_due(130.0) == [(1, 5, 130.0)]


def test_an_older_versions_deadline_arriving_late_does_not_replace_the_newer():
    assert deadline_queue.push(1, 6, 130.0)
    assert not deadline_queue.push(1, 5, 100.0)
    assert deadline_queue.waiting(1) == (6, 130.0)


def test_no_more_than_the_limit_at_once():
    for match in range(1, 6):
        deadline_queue.push(match, 0, float(match))
    assert [m for m, _v, _at in deadline_queue.take_due(10.0, limit=3)] == [1, 2, 3]
    assert [m for m, _v, _at in deadline_queue.take_due(10.0, limit=3)] == [4, 5]


def test_a_wake_up_keeps_the_earliest_moment_asked_and_comes_out_once_when_due():
    assert deadline_queue.push_wake("tournament", 3, 100.0)
    assert not deadline_queue.push_wake("tournament", 3, 120.0)  # a later one never replaces it
    assert deadline_queue.push_wake("tournament", 3, 90.0)
    assert deadline_queue.push_wake("tournament", 4, 95.0)
    assert deadline_queue.waiting_wake("tournament", 3) == 90.0
    assert deadline_queue.take_due_wakes(99.0) == [("tournament", 3, 90.0), ("tournament", 4, 95.0)]
    assert deadline_queue.take_due_wakes(99.0) == []
    assert deadline_queue.waiting_wake("tournament", 3) is None


@pytest.mark.django_db
def test_a_timed_match_on_the_celery_backend_waits_in_the_queue(settings, django_capture_on_commit_callbacks):
    settings.TIMER_BACKEND = "celery"
    users = [UserFactory(), UserFactory()]
    with django_capture_on_commit_callbacks(execute=True):
        match = create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 30, "rounds": 1}, seed=1)
    match = Match.objects.get(pk=match.pk)
    assert deadline_queue.waiting(match.pk) == (0, pytest.approx(match.next_deadline.timestamp()))


def test_suspended_scheduling_queues_nothing(settings):
    settings.TIMER_BACKEND = "celery"
    with scheduling.suspended():
        scheduling.schedule_deadline(9, 0, time.time())
    assert deadline_queue.waiting(9) is None


def rings(channel, push):
    """How many rings ``push()`` sent on the bell channel (a real subscriber)."""
    pubsub = deadline_queue._redis().pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(channel)
    pubsub.get_message(timeout=1.0)  # the subscription's confirmation
    push()
    count = 0
    while pubsub.get_message(timeout=0.2) is not None:
        count += 1
    pubsub.close()
    return count


def test_the_clock_is_rung_only_by_a_deadline_or_wake_up_earlier_than_all_waiting():
    """The clock sleeps until the earliest moment waiting (matches/polling.py): a later one need not wake it, and
    at 100 moves a second most moves push a later deadline."""
    channel = deadline_queue.bell_channel()
    assert rings(channel, lambda: deadline_queue.push(1, 1, 100.0)) == 1
    assert rings(channel, lambda: deadline_queue.push(2, 1, 150.0)) == 0
    # the earliest moved later: no ring (the clock wakes at 100, finds nothing due and sleeps until 150)
    assert rings(channel, lambda: deadline_queue.push(1, 2, 160.0)) == 0
    assert deadline_queue.next_due() == 150.0
    assert rings(channel, lambda: deadline_queue.push_wake("tournament", 3, 120.0)) == 1
    assert rings(channel, lambda: deadline_queue.push_wake("tournament", 4, 130.0)) == 0
    assert deadline_queue.next_due() == 120.0
    deadline_queue.take_due_wakes(125.0)
    assert deadline_queue.next_due() == 130.0
    deadline_queue.take_due_wakes(135.0)
    assert deadline_queue.next_due() == 150.0
    assert rings(channel, lambda: deadline_queue.push(3, 1, 90.0)) == 1

"""Timers, bots and maintenance jobs on a real Celery worker, with the real Redis broker and nobody connected."""
import logging
import threading
import time

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from config.celery import app as celery_app
from matches import job_registry, services
from matches.bot_queue import BotDispatcher
from matches.deadline_queue import DeadlineClock
from matches.models import Match
from matches.services import SeatSpec
from matches.tasks import SKIPPED, deadline_reached, job_lock_key, run_job, run_jobs, skipped_runs_key, sweep_overdue_matches
from tests.factories import UserFactory

# A real Celery worker on the Redis broker: the production timers. The default mode's timer thread
# is tested in tests/matches/test_scheduling.py.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]


@pytest.fixture
def worker(settings):
    """A worker, and the deadline clock and bot dispatcher that beat holds on a site (matches/deadline_queue.py,
    matches/bot_queue.py)."""
    settings.BOT_THINK_SECONDS = 0.05
    celery_app.control.purge()
    with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=10) as w:
        clock, dispatcher = DeadlineClock().start(), BotDispatcher().start()
        try:
            yield w
        finally:
            dispatcher.stop()
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
    match = services.create_match(
        "countdown", [SeatSpec(user=u) for u in users], {"clock": 10, "rounds": 1}, seed=1, now=time.time() - 10.2
    )
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
        match = services.create_match(
            "countdown", [SeatSpec(user=u) for u in users], {"clock": 5, "rounds": 1}, seed=1, now=time.time() - 6
        )
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


# --- Maintenance jobs coalesced: one run of a job in flight at a time (matches/tasks.py, run_coalesced)

@pytest.fixture
def test_jobs():
    """Jobs registered for the test (as an app registers its own), and the Redis the worker's lock lives in."""
    registered = []

    def register(name, run):
        job_registry.register(name, run, period=1.0)
        registered.append(name)

    client = redis.Redis.from_url(settings.REDIS_URL)
    yield register, client
    for name in registered:
        job_registry._jobs.pop(name)
        client.delete(job_lock_key(name))
    client.delete(skipped_runs_key())


def test_a_job_whose_previous_run_still_holds_its_lock_is_skipped_and_the_others_of_its_period_run(test_jobs, caplog):
    register, client = test_jobs
    ran = []
    register("test-slow-job", lambda: ran.append("slow"))
    register("test-other-job", lambda: ran.append("other") or 7)
    going = client.lock(job_lock_key("test-slow-job"), timeout=30)  # a run still going on another worker
    assert going.acquire(blocking=False)
    with caplog.at_level(logging.DEBUG, logger="matches.tasks"):
        results = run_jobs(("test-slow-job", "test-other-job"))
    assert results == {"test-slow-job": SKIPPED, "test-other-job": 7} and ran == ["other"]
    assert "maintenance job test-slow-job skipped" in caplog.text
    assert client.hget(skipped_runs_key(), "test-slow-job") == b"1"  # counted
    assert client.exists(job_lock_key("test-slow-job"))  # the other run's lock is left alone
    going.release()
    assert run_jobs(("test-slow-job",)) == {"test-slow-job": None} and ran == ["other", "slow"]


def test_a_jobs_lock_expires_by_itself_and_is_released_after_its_run_and_after_a_failing_run(test_jobs, settings):
    register, client = test_jobs
    seen = {}

    def works():
        seen["ttl"] = client.pttl(job_lock_key("test-working-job"))
        return "done"

    def fails():
        seen["failing held"] = client.exists(job_lock_key("test-failing-job"))
        raise RuntimeError("broken on purpose")

    register("test-working-job", works)
    register("test-failing-job", fails)
    settings.JOB_LOCK_SECONDS = 45
    assert run_jobs(("test-failing-job", "test-working-job")) == {"test-failing-job": None, "test-working-job": "done"}
    # held while running, with an expiry (a worker killed mid-run frees it), and gone after either run
    assert seen["failing held"] == 1 and 40_000 < seen["ttl"] <= 45_000
    assert not client.exists(job_lock_key("test-working-job")) and not client.exists(job_lock_key("test-failing-job"))
    assert run_job("test-working-job") == "done"  # the next run is not skipped
    assert client.hget(skipped_runs_key(), "test-working-job") is None


def test_a_run_that_outlived_its_lock_does_not_release_the_next_runs_lock(test_jobs, settings, caplog):
    register, client = test_jobs
    settings.JOB_LOCK_SECONDS = 0.2
    next_run = client.lock(job_lock_key("test-long-job"), timeout=30)
    taken = []

    def outlives_its_lock():
        time.sleep(0.4)  # the lock expired; another worker's run took it meanwhile
        taken.append(next_run.acquire(blocking=False))

    register("test-long-job", outlives_its_lock)
    assert run_jobs(("test-long-job",)) == {"test-long-job": None}
    assert taken == [True] and client.exists(job_lock_key("test-long-job"))  # the later run's lock stands
    assert "maintenance job test-long-job ran longer than its lock" in caplog.text
    next_run.release()


def test_two_run_jobs_tasks_at_once_on_a_worker_run_the_job_once(test_jobs):
    register, client = test_jobs
    runs, release = [], threading.Event()

    def slow():
        runs.append(time.time())
        release.wait(15)  # going until the other task was skipped

    register("test-coalesced-job", slow)
    celery_app.control.purge()
    with start_worker(celery_app, pool="threads", concurrency=2, perform_ping_check=False, loglevel="WARNING",
                      shutdown_timeout=20):
        run_jobs.delay(("test-coalesced-job",))
        run_jobs.delay(("test-coalesced-job",))
        skipped = wait_for(lambda: client.hget(skipped_runs_key(), "test-coalesced-job") == b"1")
        release.set()
        assert wait_for(lambda: not client.exists(job_lock_key("test-coalesced-job")))
    assert skipped and len(runs) == 1

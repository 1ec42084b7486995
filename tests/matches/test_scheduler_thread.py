"""The in-process scheduler (matches/scheduler_thread.py): with no broker, the web process's own
event loop holds the timers and runs every registered maintenance job."""
import asyncio
import threading
import time

import pytest
from asgiref.sync import sync_to_async

from lobby.models import QuickMatchEntry, Table
from matches import job_registry, scheduling, services
from matches.job_registry import Job
from matches.models import Match
from matches.scheduler_thread import DEADLINE_MARGIN, InProcessScheduler, PeriodicJobs
from matches.services import SeatSpec
from tests.factories import UserFactory
from tests.matches.playing import play_countdown

pytestmark = pytest.mark.django_db(transaction=True)


def test_timers_wait_on_the_heap_and_come_out_when_due_in_time_order():
    timers = InProcessScheduler()
    timers.deadline(7, 3, 1000.0)
    timers.deadline(8, 0, 990.0)
    timers.bot(9, 1, 4, delay=3600)
    assert timers.pending("deadline") == [(990.0 + DEADLINE_MARGIN, (8, 0)), (1000.0 + DEADLINE_MARGIN, (7, 3))]
    assert timers.pop_due(995.0) == [(990.0 + DEADLINE_MARGIN, "deadline", (8, 0))]
    assert timers.pop_due(1000.0) == []  # never a hair early: the engine must see it as due
    assert [kind for _at, kind, _args in timers.pop_due(1001.0)] == ["deadline"]
    assert [args for _at, args in timers.pending("bot")] == [(9, 1, 4)]
    timers.clear()
    assert timers.pending("bot") == []


def test_an_apps_wake_up_runs_once_on_the_clocks_thread_at_the_earliest_moment_asked():
    runs = []
    job_registry.register_wake("test-wake", lambda object_id: runs.append((object_id, time.time())), lambda: [])
    timers = InProcessScheduler()
    try:
        timers.clock.start()
        soon = time.time() + 0.2
        timers.wake("test-wake", 5, soon + 0.3)
        timers.wake("test-wake", 5, soon)  # earlier: replaces it
        timers.wake("test-wake", 5, soon + 0.1)  # later: dropped
        time.sleep(0.8)
        assert [object_id for object_id, _when in runs] == [5]
        assert runs[0][1] >= soon
    finally:
        timers.clock.stop()
        job_registry._wakes.pop("test-wake")


def test_a_finished_matchs_ratings_are_recorded_at_once(settings):
    settings.TIMER_BACKEND = "celery"  # finished with its rating queued for a worker that does not run
    match = play_countdown([UserFactory(), UserFactory()], [3, 1])
    assert Match.objects.get(pk=match.pk).rated_at is None
    InProcessScheduler().rating(match.pk)
    assert Match.objects.get(pk=match.pk).rated_at is not None


@pytest.mark.asyncio
async def test_the_loop_runs_the_jobs_apps_registered_the_lobbys_too(settings):
    settings.TIMER_BACKEND = "thread"
    settings.BOT_THINK_SECONDS = 60  # the started match's timers are not what is looked at

    def lost_race():
        # two people queued for the same game and size, whose joins both missed the pairing
        for user in (UserFactory(), UserFactory()):
            QuickMatchEntry.objects.create(user=user, game="countdown", players=2)

    await sync_to_async(lost_race)()
    task = asyncio.get_running_loop().create_task(InProcessScheduler().run_loop())
    try:
        end = time.time() + 10
        while time.time() < end and await sync_to_async(QuickMatchEntry.objects.exists)():
            await asyncio.sleep(0.1)
    finally:
        task.cancel()
    started = await sync_to_async(lambda: list(Table.objects.filter(from_quick_match=True).values_list("status", flat=True)))()
    assert started == [Table.Status.STARTED]  # lobby/jobs.py's sweep-quick-match-queue ran


@pytest.mark.asyncio
async def test_a_deadline_is_applied_on_time_while_a_slow_job_runs_and_the_job_never_runs_twice_at_once(settings):
    """Each duty on its own lane: the clock's thread never waits for a maintenance job, and a job whose
    last run still goes is skipped, not queued behind it."""
    settings.TIMER_BACKEND = "thread"
    runs, release = [], threading.Event()

    def slow_job():
        runs.append(time.time())
        release.wait(10)

    jobs = PeriodicJobs(jobs=lambda: [Job("slow", slow_job, 0.05)])
    people = [await sync_to_async(UserFactory)() for _ in range(2)]
    with scheduling.suspended():
        clocked = await sync_to_async(services.create_match)(
            "countdown", [SeatSpec(user=u) for u in people], {"clock": 1, "rounds": 1}, seed=1)
    at = clocked.next_deadline.timestamp()
    timers = InProcessScheduler()
    timers.deadline(clocked.pk, clocked.version, at)
    task = asyncio.get_running_loop().create_task(timers.run_loop(jobs))
    try:
        end = time.time() + 10
        while time.time() < end and not await sync_to_async(lambda: Match.objects.get(pk=clocked.pk).version)():
            await asyncio.sleep(0.02)
        expiry = await sync_to_async(lambda: Match.objects.get(pk=clocked.pk).actions.order_by("seq").first())()
    finally:
        release.set()
        task.cancel()
    assert expiry is not None and expiry.seat is None
    assert expiry.created_at.timestamp() - at < 0.5
    assert len(runs) == 1  # due every 50 ms, but its one run was still going


@pytest.mark.asyncio
async def test_a_deadline_is_applied_on_time_while_the_event_loop_is_held_up(settings):
    """The deadline clock's own thread: a loop busy with sockets for a whole second does not hold up a
    deadline due in the middle of it (a tick of the loop came up to 700 ms late under a storm)."""
    settings.TIMER_BACKEND = "thread"
    people = [await sync_to_async(UserFactory)() for _ in range(2)]
    with scheduling.suspended():
        clocked = await sync_to_async(services.create_match)(
            "countdown", [SeatSpec(user=u) for u in people], {"clock": 1, "rounds": 1}, seed=1)
    timers = InProcessScheduler()
    task = asyncio.get_running_loop().create_task(timers.run_loop(PeriodicJobs(jobs=list)))
    try:
        await asyncio.sleep(0.1)  # the loop started the clock's thread
        at = clocked.next_deadline.timestamp()
        timers.deadline(clocked.pk, clocked.version, at)
        time.sleep(max(0.0, at - time.time()) + 0.8)  # noqa: ASYNC251 - the point: the loop answers nobody meanwhile
        expiry = await sync_to_async(lambda: Match.objects.get(pk=clocked.pk).actions.order_by("seq").first())()
    finally:
        task.cancel()
    assert expiry is not None and expiry.seat is None
    assert expiry.created_at.timestamp() - at < 0.3

"""The scheduler chosen from settings (matches/scheduling.py), and the one-machine timers: with no
broker, deadlines and bots run on the web process's event loop (matches/scheduler_thread.py)."""
import asyncio
import time

import pytest
from asgiref.sync import sync_to_async

from matches import scheduling, services
from matches.models import Match
from matches.scheduler import Scheduler
from matches.scheduler_celery import CeleryScheduler
from matches.scheduler_thread import InProcessScheduler
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


async def run_timer_loop_until(predicate, seconds=10.0):
    task = asyncio.get_running_loop().create_task(scheduling.scheduler().run_loop())
    try:
        end = time.time() + seconds
        while time.time() < end:
            if await sync_to_async(predicate)():
                return True
            await asyncio.sleep(0.1)
        return False
    finally:
        task.cancel()


@pytest.mark.asyncio
async def test_in_process_timer_fires_a_turn_clock_with_nobody_connected(settings):
    settings.TIMER_BACKEND = "thread"
    users = [await sync_to_async(UserFactory)() for _ in range(2)]
    match = await sync_to_async(services.create_match)(
        "countdown", [SeatSpec(user=u) for u in users], {"clock": 1, "rounds": 1}, seed=1
    )
    assert await run_timer_loop_until(lambda: Match.objects.get(pk=match.pk).version >= 1)


@pytest.mark.asyncio
async def test_in_process_timer_runs_bots_to_the_end(settings):
    settings.TIMER_BACKEND = "thread"
    settings.BOT_THINK_SECONDS = 0.01
    match = await sync_to_async(services.create_match)(
        "countdown", [SeatSpec(bot="random") for _ in range(2)], {"clock": 0, "rounds": 2}, seed=4
    )
    assert await run_timer_loop_until(lambda: Match.objects.get(pk=match.pk).status == Match.Status.FINISHED)


def test_suspended_schedules_nothing(settings):
    settings.TIMER_BACKEND = "thread"
    timers = scheduling.scheduler()
    before = timers.pending("bot"), timers.pending("deadline")
    with scheduling.suspended():
        scheduling.schedule_bot(1, 0, 0)
        scheduling.schedule_deadline(1, 0, time.time())
    assert (timers.pending("bot"), timers.pending("deadline")) == before


def test_one_scheduler_is_chosen_from_settings_and_again_only_when_the_setting_changes(settings):
    settings.TIMER_BACKEND = "thread"
    first = scheduling.scheduler()
    assert isinstance(first, InProcessScheduler) and scheduling.scheduler() is first
    settings.TIMER_BACKEND = "celery"
    assert isinstance(scheduling.scheduler(), CeleryScheduler)
    settings.TIMER_BACKEND = "thread"
    assert scheduling.scheduler() is first  # one per process: the waiting timers are not lost


def test_an_unknown_timer_backend_is_a_clear_error(settings):
    settings.TIMER_BACKEND = "cron"
    with pytest.raises(ValueError, match="TIMER_BACKEND must be one of"):
        scheduling.scheduler()


def test_both_backends_implement_the_whole_interface():
    for backend in (CeleryScheduler, InProcessScheduler):
        assert issubclass(backend, Scheduler) and not backend.__abstractmethods__

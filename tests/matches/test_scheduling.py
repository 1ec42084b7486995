"""The one-machine timers: with no broker, deadlines and bots run on the web process's event loop."""
import asyncio
import time

import pytest
from asgiref.sync import sync_to_async

from matches import scheduling, services
from matches.models import Match
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


async def run_timer_loop_until(predicate, seconds=10.0):
    task = asyncio.get_running_loop().create_task(scheduling._timer_loop())
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
    before = len(scheduling._heap)
    with scheduling.suspended():
        scheduling.schedule_bot(1, 0, 0)
        scheduling.schedule_deadline(1, 0, time.time())
    assert len(scheduling._heap) == before

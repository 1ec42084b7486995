"""The default mode's bot lane (matches/bot_lane_local.py): decisions in a pool of child processes give the
same moves as inline, the timer loop applies a deadline on time while a slow decision runs, and a hurried
decision tells the table once per busy spell."""
import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async

from basra import bots as basra_bots
from gamekit import driver
from matches import bot_lane, bot_lane_local, frames, registry, scheduling, services
from matches.bot_lane_local import LocalBotLane
from matches.models import Match
from matches.registry import GameSpec
from matches.services import SeatSpec
from tests.factories import UserFactory
from tests.matches import countdown_game, slow_bots
from tests.scripts.test_run_supervision import _group

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def lane(settings):
    settings.BOT_PROCESSES = 1
    lane = LocalBotLane()
    yield lane
    lane.shutdown()


def test_the_same_seed_gives_the_same_move_through_the_pool_as_inline(lane):
    with scheduling.suspended():
        match = services.create_match("basra", [SeatSpec(bot="expert"), SeatSpec(bot="merchant"), SeatSpec(bot="random")],
                                      {}, seed=11)
    spec = registry.get_game("basra")
    compared = []
    for seat in spec.engine.to_act(match.state):
        request = services.bot_decision_request(match.pk, seat, 0)
        bot = spec.bots[request.bot]
        assert bot_lane.resolve_bot(request.bot_ref) is bot
        inline = driver.bot_action(spec.engine, match.state, seat, bot, random.Random(f"{match.seed}:{seat}:0"),
                                   seen=lambda seat=seat: frames.seen_events(match, seat))
        assert lane.decide(request) == inline == bot_lane.decide(request)
        compared.append(request.bot)
    assert compared
    # a search bot on a budget under its CPU cap (reproducible), through the pool and inline
    state = match.state
    seat = spec.engine.to_act(state)[0]
    expert = basra_bots.BOTS["expert"]
    request = bot_lane.DecisionRequest(
        match=match.pk, seat=seat, version=0, game="basra", bot="expert", bot_ref="basra.bots:expert_bot",
        view=spec.engine.view(state, seat), legal=spec.engine.legal_actions(state, seat), seen=[], seed="11:x:0")
    inline = driver.bot_action(spec.engine, state, seat, expert, random.Random("11:x:0"), seen=lambda: [])
    assert lane.decide(request) == inline


SLOW = GameSpec(key="countdown_slow", name="Countdown, a slow bot (test game)", engine=countdown_game, min_players=2,
                max_players=4, options=countdown_game.OPTIONS, bots={"slow": slow_bots.slow_bot})


@pytest.fixture
def slow_game():
    registry.register(SLOW)
    yield SLOW
    registry.unregister(SLOW.key)


@pytest.mark.asyncio
async def test_a_deadline_due_while_a_slow_decision_runs_is_applied_on_time(settings, slow_game):
    settings.TIMER_BACKEND = "thread"
    settings.BOT_THINK_SECONDS = 0.0
    settings.BOT_PROCESSES = 1
    timers = scheduling.scheduler()
    await sync_to_async(timers.bots.start)()  # the pool's start (measured apart: 0.2-0.7 s) is not what is timed
    thinking = await sync_to_async(services.create_match)(
        "countdown_slow", [SeatSpec(bot="slow"), SeatSpec(user=await sync_to_async(UserFactory)())], {"clock": 0, "rounds": 1})
    people = [await sync_to_async(UserFactory)() for _ in range(2)]
    clocked = await sync_to_async(services.create_match)(
        "countdown", [SeatSpec(user=u) for u in people], {"clock": 1, "rounds": 1}, seed=1)
    at = clocked.next_deadline.timestamp()
    task = asyncio.get_running_loop().create_task(timers.run_loop())
    try:
        end = time.time() + 10
        while time.time() < end and not await sync_to_async(lambda: Match.objects.get(pk=clocked.pk).version)():
            await asyncio.sleep(0.02)
        applied = await sync_to_async(lambda: Match.objects.get(pk=clocked.pk).actions.order_by("seq").first())()
        still_thinking = await sync_to_async(lambda: Match.objects.get(pk=thinking.pk).version)() == 0
        end = time.time() + 10
        while time.time() < end and not await sync_to_async(lambda: Match.objects.get(pk=thinking.pk).version)():
            await asyncio.sleep(0.05)
    finally:
        task.cancel()
        end = time.time() + 10
        while time.time() < end and timers.bots.queue.inflight:  # the lane's last decision, before the test's end
            await asyncio.sleep(0.05)
    assert applied is not None and applied.seat is None
    assert applied.created_at.timestamp() - at < 0.5  # on time: the loop did not wait for the decision
    assert still_thinking  # the slow decision (2.5 s of CPU) was running meanwhile
    assert await sync_to_async(lambda: Match.objects.get(pk=thinking.pk).version)() >= 1  # and it was played


def test_a_hurried_decision_tells_the_table_once_per_busy_spell(settings):
    settings.TIMER_BACKEND = "thread"
    with scheduling.suspended():
        match = services.create_match("countdown", [SeatSpec(bot="random"), SeatSpec(bot="random")], {"clock": 0, "rounds": 1},
                                      seed=3)
        assert services.match_bot_act(match.pk, 0, 0, hurried=True)
        version = Match.objects.get(pk=match.pk).version
        seat = registry.get_game("countdown").engine.to_act(Match.objects.get(pk=match.pk).state)[0]
        assert services.match_bot_act(match.pk, seat, version, hurried=True)
        match.refresh_from_db()
        assert [n["code"] for n in match.seat_notices] == [services.BOTS_HURRIED]
        assert match.seat_notices[0]["seat"] == 0 and match.seat_notices[0]["bot"] == "random"
        frame = frames.seat_frame(match, 0)
        assert frame["seat_notices"][-1]["code"] == services.BOTS_HURRIED


def test_a_match_started_from_a_table_counts_against_its_host():
    from lobby.models import Table

    host = UserFactory()
    with scheduling.suspended():
        match = services.create_match("countdown", [SeatSpec(user=host), SeatSpec(bot="random")], {"clock": 0, "rounds": 1})
        other = services.create_match("countdown", [SeatSpec(bot="random"), SeatSpec(bot="random")], {"clock": 0, "rounds": 1})
    Table.objects.create(game="countdown", host=host, seat_count=2, status=Table.Status.STARTED, match=match)
    assert services.bot_owner(match.pk) == f"user:{host.pk}"
    assert services.bot_owner(other.pk) == bot_lane.SHARED_OWNER


SITE_WITH_A_POOL = """
import os, sys, time
from matches.bot_lane_local import LocalBotLane
LocalBotLane().start()
print(os.getpid(), flush=True)
time.sleep(120)
"""


@pytest.mark.mode_independent
def test_the_pools_children_and_fork_server_end_when_the_site_is_killed():
    """A site killed with SIGKILL leaves none of its bot pool behind (the children held the fork server up)."""
    site = subprocess.Popen([sys.executable, "manage.py", "shell", "--no-imports", "-c", SITE_WITH_A_POOL], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True, start_new_session=True,
                            env={k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
                            | {"BOT_PROCESSES": "2"})
    try:
        site_pid = int(site.stdout.readline())
        pool = set(_group(site.pid)) - {site_pid}
        assert len(pool) >= 2  # the fork server and a child at least (children start on demand)
        os.kill(site_pid, signal.SIGKILL)
        site.wait(10)
        end = time.monotonic() + 10
        while _group(site.pid) and time.monotonic() < end:
            time.sleep(0.1)
        assert _group(site.pid) == {}
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(site.pid, signal.SIGKILL)


def test_a_review_step_is_judged_in_the_review_child_as_inline_and_the_lane_works_it_out(settings):
    """Match reviews (docs/analysis.md): a step judged in the niced child equals the inline judgement, and the
    lane's dispatch works a queued review out to the end (its steps after the decisions due, none here)."""
    from matches import reviews
    from matches.models import MatchReview
    from matches.simulation import simulate

    settings.REVIEW_PLAYOUTS = 2
    settings.BOT_PROCESSES = 1
    settings.TIMER_BACKEND = "thread"
    lane = scheduling.scheduler().bots  # where each step asks for the next one
    lane.clear()
    match = Match.objects.get(pk=simulate("basra", matches=1, players=2, seed=4, bots=["merchant"] * 2).match_ids[0])
    row = reviews.request_review(match, 1, UserFactory())
    assert [review_id for _at, review_id in lane.waiting_reviews()] == [row.pk]
    request = reviews.review_step_request(row)
    assert lane.judge(request) == bot_lane.review_step(request)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        lane.dispatch(time.time())
        row.refresh_from_db()
        if row.status in (MatchReview.Status.DONE, MatchReview.Status.FAILED):
            break
        time.sleep(0.05)
    lane.clear()
    bot_lane_local.shutdown_review_pool()
    assert row.status == MatchReview.Status.DONE and row.done == row.total > 0


@pytest.mark.parametrize("review_nice", [0, 19])
def test_the_review_pools_child_takes_review_nice_when_the_idle_class_is_off(settings, review_nice):
    """The browser tests' sites set REVIEW_IDLE_CLASS=0 and REVIEW_NICE=0 (tests/e2e/conftest.py): the review
    pool's child then runs at the site's own priority, not in the idle class."""
    from matches import reviews
    from matches.simulation import simulate

    settings.REVIEW_PLAYOUTS = 2
    settings.BOT_PROCESSES = 1
    settings.REVIEW_IDLE_CLASS = False
    settings.REVIEW_NICE = review_nice
    bot_lane_local.shutdown_review_pool()
    match = Match.objects.get(pk=simulate("basra", matches=1, players=2, seed=4, bots=["merchant"] * 2).match_ids[0])
    with scheduling.suspended():
        row = reviews.request_review(match, 1, UserFactory())
    request = reviews.review_step_request(row)
    try:
        assert bot_lane_local.judge_niced(request) == bot_lane.review_step(request)
        child = bot_lane_local._review_pool[0]
        assert child.submit(os.sched_getscheduler, 0).result() == os.SCHED_OTHER
        assert child.submit(os.nice, 0).result() == min(19, os.nice(0) + review_nice)
    finally:
        bot_lane_local.shutdown_review_pool()


def test_a_review_step_in_a_daemonic_process_is_judged_on_an_idle_thread_as_in_a_child(settings):
    """A Celery prefork worker's process may start no child: the step runs on a thread of the idle class."""
    import multiprocessing

    from matches import reviews
    from matches.simulation import simulate

    settings.REVIEW_PLAYOUTS = 2
    settings.BOT_PROCESSES = 1
    match = Match.objects.get(pk=simulate("basra", matches=1, players=2, seed=4, bots=["merchant"] * 2).match_ids[0])
    with scheduling.suspended():
        row = reviews.request_review(match, 1, UserFactory())
    request = reviews.review_step_request(row)
    process = multiprocessing.current_process()
    was = process.daemon
    process._config["daemon"] = True  # as a prefork worker's child is
    try:
        assert bot_lane_local.judge_niced(request) == bot_lane.review_step(request)
    finally:
        process._config["daemon"] = was

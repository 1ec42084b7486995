"""The bot lane in Redis (matches/bot_queue.py): the same hand-outs as the in-memory policy on the same
operations, and on a real worker the dispatcher hands turns out and the task gives its slot back."""
import copy
import uuid

import pytest
from django.test import override_settings
from hypothesis import given, settings as hypothesis_settings

from matches import bot_queue, services
from matches.bot_lane import BotJob, FairQueue, ReviewJob
from matches.models import Match
from matches.services import SeatSpec
from tests.examples import examples
from tests.matches.test_bot_lane import OWNERS, queue_operations, review_operations, run_operations
from tests.matches.test_tasks import wait_for, worker  # noqa: F401  (the worker fixture)

pytestmark = pytest.mark.redis

operations = queue_operations(matches=4, take_step=2, max_size=50)


@hypothesis_settings(max_examples=examples(60), deadline=None)
@given(operations)
def test_the_redis_store_hands_out_what_the_in_memory_one_does(ops):
    with override_settings(BOT_QUEUE_PREFIX=f"test-{uuid.uuid4().hex}"):
        stored, memory = bot_queue.RedisFairQueue(inflight_seconds=2.5), FairQueue(inflight_seconds=2.5)
        now, taken = 1000.0, []
        try:
            for op in ops:
                if op[0] == "push":
                    _kind, owner, match, seat, version, later = op
                    job = BotJob(match * 10 + OWNERS.index(owner), seat, version, owner)
                    assert stored.push(job, now + later) == memory.push(job, now + later)
                elif op[0] == "take":
                    _kind, step, pool, cap = op
                    now += step
                    handed = stored.take(now, pool, cap)
                    assert handed == memory.take(now, pool, cap)
                    if handed is not None:
                        taken.append(handed)
                    assert_nothing_comes_due_before_next_due(stored, memory, now, pool, cap)
                elif taken:
                    job = taken.pop(op[1] % len(taken))
                    assert stored.done(job) == memory.done(job)
                assert stored.waiting() == memory.waiting()
                assert stored.in_flight() == memory.in_flight()
        finally:
            stored.clear()


def assert_nothing_comes_due_before_next_due(stored, memory, now, pool, cap):
    """The dispatcher sleeps until ``next_due`` once it has handed out all it could (matches/polling.py): by the
    in-memory policy, nothing may become takeable before that moment without a ring (a push, a slot freed)."""
    probe = copy.deepcopy(memory)
    while probe.take(now, pool, cap) is not None:
        pass
    next_due = stored.next_due(now)
    assert next_due is None or next_due > now
    just_before = now + 10_000.0 if next_due is None else next_due - 1e-6
    assert probe.take(just_before, pool, cap) is None


def test_next_due_counts_reviews_and_their_slots():
    with override_settings(BOT_QUEUE_PREFIX=f"test-{uuid.uuid4().hex}"):
        stored = bot_queue.RedisFairQueue(inflight_seconds=30.0)
        try:
            assert stored.next_due(100.0) is None
            stored.push_review(ReviewJob(7), 105.0)
            assert stored.next_due(100.0) == 105.0
            assert stored.take_review(106.0, 1) == ReviewJob(7)
            assert stored.next_due(106.0) == 136.0  # its slot comes back by itself then
            stored.push(BotJob(1, 0, 3, "ann"), 110.0)
            assert stored.next_due(106.0) == 110.0
            assert stored.next_due(120.0) == 136.0  # a turn already due waits for a slot, not for a moment
        finally:
            stored.clear()


@hypothesis_settings(max_examples=examples(40), deadline=None)
@given(review_operations(max_size=40))
def test_the_redis_store_hands_out_review_steps_as_the_in_memory_one_does(ops):
    """Review steps (docs/analysis.md): after every due decision, on slots of their own, in both stores alike."""
    with override_settings(BOT_QUEUE_PREFIX=f"test-{uuid.uuid4().hex}"):
        stored, memory = bot_queue.RedisFairQueue(inflight_seconds=2.5), FairQueue(inflight_seconds=2.5)
        try:
            run_operations([memory, stored], ops)
        finally:
            stored.clear()


@pytest.mark.django_db(transaction=True)
def test_the_dispatcher_hands_turns_to_the_worker_which_gives_its_slot_back(worker, settings):  # noqa: F811
    settings.TIMER_BACKEND = "celery"
    match = services.create_match("countdown", [SeatSpec(bot="random") for _ in range(3)], {"clock": 0, "rounds": 1}, seed=5)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).status == Match.Status.FINISHED, seconds=30)
    assert wait_for(lambda: bot_queue.queue.in_flight() == {} and bot_queue.queue.waiting() == [])


@pytest.mark.django_db(transaction=True)
def test_the_dispatcher_hands_a_reviews_steps_to_the_worker_until_it_is_done(worker, settings):  # noqa: F811
    """Match reviews in Celery mode (docs/analysis.md): each step goes to the bots' worker as review_step, judges
    its decisions in the niced child, asks for the next one; the review ends done and its slot is free."""
    from matches import reviews
    from matches.models import MatchReview
    from matches.simulation import simulate
    from tests.factories import UserFactory

    settings.TIMER_BACKEND = "celery"
    settings.REVIEW_PLAYOUTS = 2
    settings.REVIEW_STEP_DECISIONS = 20
    match = Match.objects.get(pk=simulate("basra", matches=1, players=2, seed=4, bots=["merchant"] * 2).match_ids[0])
    row = reviews.request_review(match, 0, UserFactory())
    assert wait_for(lambda: MatchReview.objects.get(pk=row.pk).status == MatchReview.Status.DONE, seconds=120)
    row.refresh_from_db()
    assert row.done == row.total > 0
    assert wait_for(lambda: bot_queue.queue.waiting_reviews() == [])

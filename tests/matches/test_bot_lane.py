"""The bot lane's policy (matches/bot_lane.py): the fair queue's rules, a property of its fairness, and the
decision as a pure function of its request (the same action as the driver for the same seed)."""
import random

import pytest
from hypothesis import example, given, settings as hypothesis_settings, strategies as st

from basra import bots as basra_bots, engine as basra_engine
from gamekit import driver, ismcts
from matches.bot_lane import BotJob, DecisionRequest, FairQueue, ReviewJob, bot_ref, decide, hurried_bot, resolve_bot
from tests.examples import examples
from tests.matches import countdown_game


def job(match, owner, seat=0, version=0):
    return BotJob(match, seat, version, owner)


def drain(queue, now, pool=1, cap=1):
    """Take and finish one decision at a time: the order owners are served in."""
    order = []
    while (taken := queue.take(now, pool, cap)) is not None:
        order.append((taken.owner, taken.match))
        queue.done(taken)
    return order


def test_owners_are_served_in_turn_whatever_each_has_waiting():
    queue = FairQueue()
    for match in (1, 2, 3):
        queue.push(job(match, "user:a"), 0.0)
    queue.push(job(4, "user:b"), 0.0)
    queue.push(job(5, "user:c"), 0.0)
    queue.push(job(6, "user:c"), 0.0)
    assert drain(queue, 1.0) == [("user:a", 1), ("user:b", 4), ("user:c", 5), ("user:a", 2), ("user:c", 6), ("user:a", 3)]
    assert queue.turns == {} and queue.inflight == {}  # nothing left: the owners left the rotation


def test_an_owner_has_at_most_its_cap_in_flight_and_the_pool_its_size():
    queue = FairQueue()
    for match in (1, 2, 3):
        queue.push(job(match, "user:a"), 0.0)
    queue.push(job(4, "user:b"), 0.0)
    taken = [queue.take(1.0, 3, 1), queue.take(1.0, 3, 1), queue.take(1.0, 3, 1)]
    assert [(t.owner, t.match) for t in taken[:2]] == [("user:a", 1), ("user:b", 4)] and taken[2] is None
    assert queue.take(1.0, 3, 2).match == 2  # a cap of 2: a's second decision
    assert queue.take(1.0, 3, 2) is None  # the pool of 3 is full
    queue.done(taken[1])
    assert queue.take(1.0, 3, 2) is None  # a slot is free, but a is at its cap
    assert queue.in_flight() == {"user:a": 2}


def test_a_turn_waits_for_its_moment():
    queue = FairQueue()
    queue.push(job(1, "user:a"), 10.0)
    assert queue.take(9.99, 1, 1) is None
    assert queue.take(10.0, 1, 1).match == 1


def test_a_turn_is_hurried_when_more_are_due_than_the_pool_can_start():
    queue = FairQueue()
    queue.push(job(1, "user:a"), 0.0)
    queue.push(job(2, "user:b"), 0.0)
    queue.push(job(3, "user:b"), 50.0)  # not due: no demand yet
    first = queue.take(1.0, 2, 1)
    assert not first.hurried  # two due, two free slots
    assert not queue.take(1.0, 2, 1).hurried
    queue.done(first)
    queue.push(job(4, "user:a"), 0.0)
    queue.push(job(5, "user:c"), 0.0)
    assert queue.take(1.0, 2, 1).hurried  # two due, one free slot


def test_a_newer_version_replaces_a_waiting_turn_and_a_turn_in_flight_is_not_queued_again():
    queue = FairQueue()
    assert queue.push(job(1, "user:a", version=3), 5.0)
    assert not queue.push(job(1, "user:a", version=2), 0.0)
    assert not queue.push(job(1, "user:a", version=3), 0.0)  # the same turn asked again (wake-idle-bots)
    assert queue.push(job(1, "user:a", version=4), 6.0)
    assert queue.waiting() == [(6.0, (1, 0, 4))]
    taken = queue.take(6.0, 1, 1)
    assert not queue.push(taken, 7.0)  # in flight: not handed out twice
    assert queue.push(job(1, "user:a", seat=1, version=4), 7.0)  # another seat of the same match


def test_a_slot_held_past_its_expiry_comes_back():
    queue = FairQueue(inflight_seconds=30.0)
    queue.push(job(1, "user:a"), 0.0)
    queue.push(job(2, "user:a"), 0.0)
    lost = queue.take(0.0, 1, 1)
    assert queue.take(29.0, 1, 1) is None
    assert queue.take(30.0, 1, 1).match == 2  # the worker holding it died: its slot came back
    assert not queue.done(lost)  # its late end changes nothing


# --- the fairness property ---------------------------------------------------------------------------

OWNERS = ["shared", "user:1", "user:2", "user:3"]


def queue_operations(matches=5, take_step=1, max_size=80):
    """push (owner, match, seat, version, delay), take (time step, pool size, owner cap) and done (which
    handed-out job) in any order: what the fair queue, in memory or in Redis, is driven with."""
    return st.lists(
        st.one_of(
            st.tuples(st.just("push"), st.sampled_from(OWNERS), st.integers(0, matches), st.integers(0, 1),
                      st.integers(0, 3), st.floats(0, 3)),
            st.tuples(st.just("take"), st.floats(0, take_step), st.integers(1, 3), st.integers(1, 2)),
            st.tuples(st.just("done"), st.integers(0, 10)),
        ),
        max_size=max_size,
    )


operations = queue_operations()


def eligible(queue, now, cap):
    busy = queue.in_flight()
    return {w.owner for w in queue.pending.values() if w.not_before <= now and busy.get(w.owner, 0) < cap}


@hypothesis_settings(max_examples=examples(300), deadline=None)
@given(operations)
@example([("push", "shared", 0, 0, 0, 3.0), ("push", "user:1", 0, 0, 0, 0.0), ("push", "user:1", 0, 1, 0, 0.0),
          ("take", 1.0, 1, 1), ("take", 1.0, 2, 2), ("push", "shared", 0, 0, 0, 0.0), ("take", 1.0, 3, 1)])
def test_no_owner_with_a_due_turn_waits_more_than_one_hand_out_per_other_owner(ops):
    queue = FairQueue(inflight_seconds=1000.0)
    now, taken, waited = 0.0, [], {}
    for op in ops:
        if op[0] == "push":
            _kind, owner, match, seat, version, later = op
            queue.push(BotJob(match * 10 + OWNERS.index(owner), seat, version, owner), now + later)
        elif op[0] == "take":
            _kind, step, pool, cap = op
            now += step
            before = eligible(queue, now, cap) if len(queue.inflight) < pool else set()
            handed = queue.take(now, pool, cap)
            assert (handed is None) == (not before)  # a free slot and a due turn: something is handed out
            if handed is not None:
                assert handed.owner in before
                taken.append(handed)
                for owner in before - {handed.owner}:
                    waited[owner] = waited.get(owner, 0) + 1
                    assert waited[owner] <= len(OWNERS) - 1
                waited.pop(handed.owner, None)
                for owner in set(waited) - before:
                    waited.pop(owner)
                assert len(queue.inflight) <= pool
                # the owner served is within this hand-out's cap (another owner may hold more, handed out
                # under a larger cap before: the cap is each take's, and nothing in flight is taken back)
                assert queue.in_flight()[handed.owner] <= cap
        elif taken:
            queue.done(taken.pop(op[1] % len(taken)))


# --- the decision ------------------------------------------------------------------------------------


def test_a_bot_is_found_by_name_at_module_level_search_bots_too():
    assert bot_ref(countdown_game.random_bot) == "tests.matches.countdown_game:random_bot"
    assert bot_ref(basra_bots.master_bot) == "basra.bots:master_bot"  # a closure made by ismcts.make_bot
    assert resolve_bot("basra.bots:master_bot") is basra_bots.master_bot
    assert bot_ref(lambda view, legal, rng: legal[0]) == ""  # nowhere: decided where it was read


def basra_request(bot, seat=0, hurried=False):
    state = basra_engine.new_game(3, {}, 7, 0.0)
    seat = basra_engine.to_act(state)[0]
    choose = basra_bots.BOTS[bot]
    return state, seat, choose, DecisionRequest(
        match=1, seat=seat, version=0, game="basra", bot=bot, bot_ref=bot_ref(choose),
        view=basra_engine.view(state, seat), legal=basra_engine.legal_actions(state, seat),
        seen=[] if getattr(choose, "remembers", False) else None, seed="7:0:0", hurried=hurried)


def test_the_decision_is_the_drivers_for_the_same_seed():
    for bot in ("merchant", "random"):
        state, seat, choose, request = basra_request(bot)
        expected = driver.bot_action(basra_engine, state, seat, choose, random.Random("7:0:0"), seen=lambda: [])
        assert decide(request) == expected == decide(request)


def test_a_hurried_search_bot_thinks_with_a_fraction_of_its_iterations():
    quick = hurried_bot(basra_bots.master_bot, 0.25, "basra.bots:master_bot")
    assert quick.search_config.iterations == 50 and quick.search_config.cpu_seconds == 0.25
    assert hurried_bot(basra_bots.master_bot, 0.25, "basra.bots:master_bot") is quick  # built once
    assert hurried_bot(basra_bots.BOTS["merchant"], 0.25) is basra_bots.BOTS["merchant"]
    assert ismcts.is_search_bot(quick)


# --- Review steps: a lower class (docs/analysis.md) ---------------------------------------------------------


def test_a_review_step_waits_while_any_decision_is_due_and_goes_once_none_is():
    queue = FairQueue()
    queue.push_review(ReviewJob(7), 0.0)
    queue.push(job(1, "user:a"), 0.0)
    queue.push(job(2, "user:b"), 5.0)  # not due yet: it holds nothing back
    assert queue.take_review(1.0, review_slots=1) is None  # a decision is due: it goes first
    assert queue.take(1.0, 1, 1) == job(1, "user:a")
    assert queue.take_review(1.0, review_slots=1) == ReviewJob(7)


def test_a_review_step_takes_none_of_the_decisions_slots_and_has_its_own():
    queue = FairQueue()
    queue.push_review(ReviewJob(7), 0.0)
    queue.push_review(ReviewJob(8), 0.0)
    assert queue.take_review(0.0, review_slots=1) == ReviewJob(7)
    assert queue.take_review(0.0, review_slots=1) is None  # its one slot is taken
    queue.push(job(1, "user:a"), 0.0)
    handed = queue.take(0.0, 1, 1)
    assert handed == job(1, "user:a") and not handed.hurried  # the review's step held no slot of the pool
    assert queue.done_review(ReviewJob(7)) and not queue.done_review(ReviewJob(7))
    assert queue.take_review(0.0, review_slots=1) == ReviewJob(8)  # a decision in flight is not one due


def test_a_review_waits_once_and_a_lost_steps_slot_comes_back():
    queue = FairQueue(inflight_seconds=2.0)
    assert queue.push_review(ReviewJob(7), 0.0) and not queue.push_review(ReviewJob(7), 0.0)
    assert queue.take_review(0.0, 1) == ReviewJob(7)
    assert queue.push_review(ReviewJob(7), 0.0)  # the step in flight asks for the next one as it ends
    assert queue.take_review(1.0, 1) is None
    assert queue.take_review(2.0, 1) == ReviewJob(7)  # the first step's slot expired (a killed worker)
    assert queue.waiting_reviews() == []


def review_operations(max_size=60):
    """The decisions' operations mixed with review steps': push_review (id, delay), take_review (step, slots),
    done_review (which step handed out)."""
    return st.lists(
        st.one_of(
            st.tuples(st.just("push"), st.sampled_from(OWNERS), st.integers(0, 3), st.integers(0, 1),
                      st.integers(0, 3), st.floats(0, 3)),
            st.tuples(st.just("take"), st.floats(0, 2), st.integers(1, 3), st.integers(1, 2)),
            st.tuples(st.just("done"), st.integers(0, 10)),
            st.tuples(st.just("push_review"), st.integers(1, 4), st.floats(0, 3)),
            st.tuples(st.just("take_review"), st.floats(0, 2), st.integers(1, 2)),
            st.tuples(st.just("done_review"), st.integers(0, 10)),
        ),
        max_size=max_size,
    )


def run_operations(queues, ops):
    """Drive every queue of ``queues`` with ``ops`` and check that they answer alike at each one."""
    now, taken, steps = 1000.0, [], []
    for op in ops:
        answers = []
        if op[0] == "push":
            _kind, owner, match, seat, version, later = op
            answers = [q.push(BotJob(match * 10 + OWNERS.index(owner), seat, version, owner), now + later) for q in queues]
        elif op[0] == "take":
            now += op[1]
            answers = [q.take(now, op[2], op[3]) for q in queues]
            if answers[0] is not None:
                taken.append(answers[0])
        elif op[0] == "done" and taken:
            handed = taken.pop(op[1] % len(taken))
            answers = [q.done(handed) for q in queues]
        elif op[0] == "push_review":
            answers = [q.push_review(ReviewJob(op[1]), now + op[2]) for q in queues]
        elif op[0] == "take_review":
            now += op[1]
            answers = [q.take_review(now, op[2]) for q in queues]
            if answers[0] is not None:
                steps.append(answers[0])
        elif op[0] == "done_review" and steps:
            step = steps.pop(op[1] % len(steps))
            answers = [q.done_review(step) for q in queues]
        assert all(answer == answers[0] for answer in answers), (op, answers)
        assert all(q.waiting_reviews() == queues[0].waiting_reviews() for q in queues)
        assert all(q.in_flight() == queues[0].in_flight() for q in queues)
    return now


@hypothesis_settings(max_examples=examples(200), deadline=None)
@given(review_operations())
def test_a_review_step_is_never_handed_out_while_a_decision_is_due_nor_past_its_slots(ops):
    queue = FairQueue(inflight_seconds=2.5)
    now, taken, steps = 1000.0, [], []
    for op in ops:
        if op[0] == "push":
            _kind, owner, match, seat, version, later = op
            queue.push(BotJob(match * 10 + OWNERS.index(owner), seat, version, owner), now + later)
        elif op[0] == "take":
            now += op[1]
            if (handed := queue.take(now, op[2], op[3])) is not None:
                taken.append(handed)
        elif op[0] == "done" and taken:
            queue.done(taken.pop(op[1] % len(taken)))
        elif op[0] == "push_review":
            queue.push_review(ReviewJob(op[1]), now + op[2])
        elif op[0] == "take_review":
            now += op[1]
            due = any(w.not_before <= now for w in queue.pending.values())
            step = queue.take_review(now, op[2])
            if step is not None:
                assert not due and len(queue.review_inflight) <= op[2]
                steps.append(step)
        elif op[0] == "done_review" and steps:
            queue.done_review(steps.pop(op[1] % len(steps)))


def _priority():
    import os

    return os.sched_getscheduler(0), os.nice(0)


@pytest.mark.parametrize("idle_class,review_nice", [(True, 19), (False, 19), (False, 0), (False, 7)])
def test_a_review_child_runs_in_the_idle_class_unless_the_setting_says_at_review_nice(idle_class, review_nice):
    """REVIEW_IDLE_CLASS (config/settings.py): a review child in the idle scheduling class, or, off, at REVIEW_NICE."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    from matches.bot_lane import prepare_review_child

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"), initializer=prepare_review_child,
                             initargs=(os.getpid(), idle_class, review_nice)) as pool:
        policy, niceness = pool.submit(_priority).result()
    if idle_class:
        assert policy == os.SCHED_IDLE
    else:
        assert (policy, niceness) == (os.SCHED_OTHER, min(19, os.nice(0) + review_nice))

"""config/sqlite3/write_turns.py: a process's writers take turns in order of arrival, the urgent ones first."""
import threading
import time

import pytest

from config.sqlite3.write_turns import NORMAL, URGENT, TurnTimeout, WriteTurns


def wait_until(condition, seconds=5.0):
    """Until ``condition()`` holds (a thread has reached the queue), at most ``seconds``."""
    give_up = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < give_up, "the condition never held"
        time.sleep(0.001)


def queue_behind_holder(turns, ranks):
    """A holder, then one thread per rank queued behind it in that order; returns (holder's token, order of turns
    taken, the threads). The threads start once the one before them is queued, so their arrival order is known."""
    held = turns.acquire(1.0)
    order, threads = [], []
    for name, rank in ranks:
        def take(name=name, rank=rank):
            token = turns.acquire(5.0, rank)
            order.append(name)
            turns.release(token)
        thread = threading.Thread(target=take)
        before = turns.waiting()
        thread.start()
        wait_until(lambda before=before: turns.waiting() == before + 1)
        threads.append(thread)
    return held, order, threads


def test_a_free_turn_is_taken_at_once():
    turns = WriteTurns()
    token = turns.acquire(0.0)
    turns.release(token)
    assert turns.waiting() == 0


def order_of_turns(ranks):
    """The order in which writers queued behind a holder (in ``ranks``' order) take their turns once it lets go."""
    turns = WriteTurns()
    held, order, threads = queue_behind_holder(turns, ranks)
    turns.release(held)
    for thread in threads:
        thread.join(5)
    return order


def test_writers_take_their_turns_in_the_order_they_came():
    assert order_of_turns([("first", NORMAL), ("second", NORMAL), ("third", NORMAL)]) == ["first", "second", "third"]


def test_an_urgent_writer_goes_before_every_writer_already_waiting():
    assert order_of_turns([("first", NORMAL), ("second", NORMAL), ("clock", URGENT)]) == ["clock", "first", "second"]


def test_a_turn_not_come_within_the_timeout_fails_and_leaves_the_queue():
    turns = WriteTurns()
    held = turns.acquire(1.0)
    with pytest.raises(TurnTimeout, match="no turn to write within 0.05 s"):
        turns.acquire(0.05)
    assert turns.waiting() == 0
    turns.release(held)
    turns.release(turns.acquire(0.0))


def test_a_writer_behind_one_that_gave_up_still_gets_its_turn():
    turns = WriteTurns()
    held, order, threads = queue_behind_holder(turns, [("patient", NORMAL)])
    with pytest.raises(TurnTimeout):
        turns.acquire(0.05, URGENT)
    turns.release(held)
    threads[0].join(5)
    assert order == ["patient"]


def test_releasing_a_turn_not_held_is_refused():
    turns = WriteTurns()
    with pytest.raises(RuntimeError, match="not held"):
        turns.release(object())
    held = turns.acquire(0.0)
    with pytest.raises(RuntimeError, match="not held"):
        turns.release(object())
    turns.release(held)

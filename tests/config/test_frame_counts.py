"""Frames per user: exact in one process, shared over processes through the cache once a second."""
import pytest
from django.core.cache import cache

from config.frame_counts import FrameCounter, add_to_shared_counts, shared_key


def _client():
    return cache._cache.get_client(write=True)


def _shared(identity, window_number):
    return int(_client().hget(cache.make_and_validate_key(shared_key(window_number)), identity))


def _clock(start=6000.0):
    now = [start]
    return now, (lambda: now[0])


async def test_one_process_holds_a_user_to_the_limit_exactly_before_any_flush():
    now, clock = _clock()
    counter = FrameCounter(clock)
    assert [counter.hit("user:1", 3, 60) for _ in range(5)] == [True, True, True, False, False]
    assert counter.hit("user:2", 3, 60)


async def test_another_processs_frames_count_once_shared():
    now, clock = _clock()
    first, second = FrameCounter(clock), FrameCounter(clock)
    assert all(first.hit("user:7", 4, 60) for _ in range(3))
    await first.flush()
    assert second.hit("user:7", 4, 60)  # 3 elsewhere, not yet known here: this is the 1st it sees
    await second.flush()  # learns the total over both: 4
    assert not second.hit("user:7", 4, 60)
    # The first process learns the others' frames at its next flush: one more slips through before.
    assert first.hit("user:7", 4, 60)
    await first.flush()
    assert not first.hit("user:7", 4, 60)


@pytest.mark.redis  # reads the shared counts in Redis itself
async def test_a_new_window_starts_from_zero_in_a_new_key():
    now, clock = _clock()
    counter = FrameCounter(clock)
    assert [counter.hit("user:3", 2, 60) for _ in range(3)] == [True, True, False]
    await counter.flush()
    assert _shared("user:3", 100) == 3
    now[0] = 6060.0
    assert counter.hit("user:3", 2, 60)
    await counter.flush()
    assert _shared("user:3", 101) == 1


@pytest.mark.redis  # reads the shared counts in Redis itself
def test_shared_counts_add_up_and_expire_with_the_window():
    assert add_to_shared_counts(5, {"user:1": 2, "user:2": 1}, 60) == {"user:1": 2, "user:2": 1}
    assert add_to_shared_counts(5, {"user:1": 3}, 60) == {"user:1": 5}
    assert 0 < _client().ttl(cache.make_and_validate_key(shared_key(5))) <= 120

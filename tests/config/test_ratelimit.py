"""Fixed-window counters in the cache: counted before the guarded thing runs, expiring with the window."""
import threading

import pytest
from django.core.cache import cache

from config import ratelimit


def test_allowed_up_to_the_limit_then_refused_with_the_wait():
    hits = [ratelimit.hit("t", "alice", 3, 60, now=1000.0) for _ in range(4)]
    assert [h.allowed for h in hits] == [True, True, True, False]
    assert hits[-1].retry_after == 60
    assert ratelimit.hit("t", "alice", 3, 60, now=1045.2).retry_after == 15
    assert ratelimit.hit("t", "bob", 3, 60, now=1000.0).allowed


def test_peek_does_not_count():
    ratelimit.hit("t", "alice", 2, 60)
    assert ratelimit.peek("t", "alice", 2, 60).count == 1
    assert ratelimit.peek("t", "alice", 2, 60).count == 1
    assert ratelimit.peek("t", "alice", 2, 60).retry_after == 0
    ratelimit.hit("t", "alice", 2, 60)
    assert ratelimit.peek("t", "alice", 2, 60).retry_after > 0


def test_release_gives_one_back_and_clear_forgets():
    for _ in range(3):
        ratelimit.hit("t", "alice", 3, 60)
    ratelimit.release("t", "alice")
    assert ratelimit.hit("t", "alice", 3, 60).allowed
    ratelimit.clear("t", "alice")
    assert ratelimit.peek("t", "alice", 3, 60).count == 0


def test_hit_all_counts_every_counter_or_none():
    counters = [("t", "host", 5), ("t-pair", "host:guest", 1)]
    assert ratelimit.hit_all(counters, 60) is None
    refused = ratelimit.hit_all(counters, 60)
    assert refused is not None and refused.count == 2 and refused.retry_after > 0
    # the refused call took nothing: the host's own counter holds the first call's hit only
    assert ratelimit.peek("t", "host", 5, 60).count == 1 and ratelimit.peek("t-pair", "host:guest", 1, 60).count == 1


def test_scopes_do_not_share_counters():
    ratelimit.hit("login-user", "10.0.0.1", 1, 60)
    assert ratelimit.hit("login-ip", "10.0.0.1", 1, 60).allowed


@pytest.mark.django_db
def test_parallel_hits_are_counted_exactly(settings):
    if not settings.REDIS_URL:
        pytest.skip("needs Redis")
    barrier = threading.Barrier(20)
    results = []

    def hit():
        barrier.wait()
        results.append(ratelimit.hit("t", "race", 5, 60).count)

    threads = [threading.Thread(target=hit) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == list(range(1, 21))
    assert cache.get(ratelimit.keys("t", "race")[0]) == 20

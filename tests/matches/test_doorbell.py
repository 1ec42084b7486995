"""The doorbell of beat's polling threads (matches/doorbell.py), on the real Redis: a ring wakes it, it says
when it could miss one, and it hears again (and rings itself) after Redis dropped its connection."""
import time
import uuid

import pytest

from matches import doorbell, redis_client
from tests.matches.test_tasks import wait_for

# pub/sub on Redis; the default mode has no beat (its timers and bots are in-process)
pytestmark = pytest.mark.redis


@pytest.fixture
def bell():
    started = doorbell.Doorbell(doorbell.channel(f"test-{uuid.uuid4().hex}", "test")).start()
    yield started
    started.stop()


def ring(bell):
    return redis_client.client().publish(bell.channel, "")


def test_a_ring_wakes_the_sleeper_and_only_a_ring_does(bell):
    assert wait_for(lambda: not bell.deaf)
    bell.clear()
    assert not bell.wait(0.2)
    assert ring(bell) == 1  # one listener: the bell
    started = time.monotonic()
    assert bell.wait(2.0)
    assert time.monotonic() - started < 0.1


def test_once_subscribed_it_rings_itself_for_what_came_while_it_was_deaf(bell):
    assert wait_for(lambda: not bell.deaf)
    assert bell.wait(0)


def test_after_redis_drops_its_connection_it_is_deaf_then_hears_again(bell):
    assert wait_for(lambda: not bell.deaf)
    client = redis_client.client()
    ours = [c for c in client.client_list() if c["name"] == f"bell:{bell.channel}"]
    assert len(ours) == 1
    bell.clear()
    client.client_kill_filter(_id=ours[0]["id"])
    # deaf for a moment or reconnected at once by the client library: either way it hears again and rings itself
    assert bell.wait(5.0)
    assert wait_for(lambda: not bell.deaf)
    bell.clear()
    assert wait_for(lambda: ring(bell) == 1)
    assert bell.wait(2.0)


def test_each_queue_rings_on_its_own_sites_channel(settings):
    from matches import bot_queue, deadline_queue

    settings.DEADLINE_QUEUE_PREFIX = settings.BOT_QUEUE_PREFIX = "site-a"
    site_a = {deadline_queue.bell_channel(), bot_queue.bell_channel()}
    settings.DEADLINE_QUEUE_PREFIX = settings.BOT_QUEUE_PREFIX = "site-b"
    site_b = {deadline_queue.bell_channel(), bot_queue.bell_channel()}
    assert len(site_a) == len(site_b) == 2 and not site_a & site_b

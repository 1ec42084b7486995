"""Beat's polling threads (matches/polling.py) on the real Redis: asleep until the next deadline, woken by a push
of an earlier one, and asking every POLL_SECONDS while their bell is deaf."""
import threading
import time
import uuid

import pytest

from matches import deadline_queue, redis_client
from matches.polling import IDLE_SECONDS, PollingThread

pytestmark = pytest.mark.redis


class RecordingClock(PollingThread):
    """The deadline clock's own loop and queue, recording what it takes instead of sending tasks to a worker."""

    name = "recording-clock"
    poll = deadline_queue.POLL_SECONDS

    def __init__(self):
        super().__init__()
        self.ticks = 0
        self.taken = []  # (match, due moment, the moment taken)
        self.lock = threading.Lock()

    def bell_channel(self):
        return deadline_queue.bell_channel()

    def tick(self):
        now = time.time()
        due = deadline_queue.take_due(now)
        with self.lock:
            self.ticks += 1
            self.taken += [(match, at, now) for match, _version, at in due]
        return deadline_queue.next_due()


@pytest.fixture
def clock(settings):
    settings.DEADLINE_QUEUE_PREFIX = f"test-{uuid.uuid4().hex}"
    started = RecordingClock().start()
    end = time.monotonic() + 5
    while started.bell.deaf and time.monotonic() < end:
        time.sleep(0.01)
    assert not started.bell.deaf
    yield started
    started.stop()
    deadline_queue._redis().delete(*deadline_queue._keys(), deadline_queue._wakes_key())


# How late a look may come. The alternative each test rules out is a clock that sleeps its longest,
# IDLE_SECONDS (1 s): a bound far below it and far above a thread's scheduling delay on a machine that
# runs four test workers on two cores (a wake-up was seen 56 ms after its ring there).
ON_TIME = 0.25
RUNG = 0.4


def taken(clock, match, seconds=3.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with clock.lock:
            found = [entry for entry in clock.taken if entry[0] == match]
        if found:
            return found[0]
        time.sleep(0.005)
    return None


def test_with_nothing_due_the_clock_sleeps_instead_of_asking_every_20_ms(clock):
    time.sleep(0.3)  # the self-ring of its bell's subscription
    before = clock.ticks
    time.sleep(1.5)
    # at most one look a second (IDLE_SECONDS) where polling asked 75 times
    assert clock.ticks - before <= 1.5 / IDLE_SECONDS + 1


def test_a_deadline_is_taken_at_its_moment_after_a_sleep(clock):
    at = time.time() + 0.4
    deadline_queue.push(1, 1, at)
    _match, due, when = taken(clock, 1)
    assert due == at
    assert 0 <= when - at < ON_TIME


def test_an_earlier_deadline_pushed_during_a_long_sleep_rings_the_clock(clock):
    deadline_queue.push(1, 1, time.time() + 30)  # the clock now sleeps its longest
    time.sleep(0.1)
    at = time.time() + 0.05
    deadline_queue.push(2, 1, at)
    _match, _due, when = taken(clock, 2)
    assert 0 <= when - at < ON_TIME


def test_a_wake_up_pushed_earlier_than_everything_rings_the_clock_too(settings, clock):
    deadline_queue.push(1, 1, time.time() + 30)
    time.sleep(0.1)
    started = time.monotonic()
    deadline_queue.push_wake("tournament", 3, time.time() + 0.05)
    # the recording clock takes deadlines only: it is woken, looks, and sleeps until the wake-up's moment
    end = time.monotonic() + 2
    ticks = clock.ticks
    while clock.ticks == ticks and time.monotonic() < end:
        time.sleep(0.005)
    assert time.monotonic() - started < RUNG


def test_when_redis_drops_the_bells_connection_in_a_long_sleep_the_clock_still_takes_a_deadline_on_time(clock):
    """A push while the bell is not subscribed rings nobody: the bell going deaf wakes the clock, which asks
    every POLL_SECONDS until it hears again, and once subscribed again it rings itself."""
    client = redis_client.client()
    ours = [c for c in client.client_list() if c["name"] == f"bell:{clock.bell.channel}"]
    deadline_queue.push(1, 1, time.time() + 30)  # the clock now sleeps its longest
    time.sleep(0.1)
    client.client_kill_filter(_id=ours[0]["id"])
    at = time.time() + 0.3
    deadline_queue.push(5, 1, at)
    _match, _due, when = taken(clock, 5)
    assert 0 <= when - at < ON_TIME

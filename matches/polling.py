"""A daemon thread of the one beat process that hands out what is due: what the deadline clock
(matches/deadline_queue.py) and the bot dispatcher (matches/bot_queue.py) both are.

``tick`` hands out everything due and returns the moment the next item falls due (None: nothing waits). The
thread then sleeps until that moment, at most IDLE_SECONDS, and is woken at once by its doorbell
(matches/doorbell.py) when work is added. While the bell is deaf (not subscribed yet, Redis away) it asks
every ``poll`` seconds instead, as it always did.

A tick that fails (Redis or the broker away) is logged and the thread waits a second before the next:
what it hands out stays waiting in Redis, and the sweeps cover what Redis loses.
"""
import logging
import threading
import time

from matches.doorbell import Doorbell

logger = logging.getLogger(__name__)

# The longest sleep with nothing due: a safety net for a ring lost in a way the bell cannot see.
IDLE_SECONDS = 1.0


class PollingThread:
    name = "polling"
    # what a failed tick was doing, for the log
    doing = "polling"
    # seconds between two ticks while the bell is deaf (a subclass's own, or the one given)
    poll: float

    def __init__(self, poll: float | None = None):
        if poll is not None:
            self.poll = poll
        self._stop = threading.Event()
        self.bell = Doorbell(self.bell_channel())
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)

    def bell_channel(self) -> str:
        """The channel its doorbell listens on (matches/doorbell.py)."""
        raise NotImplementedError

    def tick(self) -> float | None:
        raise NotImplementedError

    def start(self):
        self.bell.start()
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self.bell.stop()
        self._thread.join(timeout=5)

    def sleep_after(self, next_due: float | None) -> float:
        """How long to sleep after a tick: until the next item is due (at most IDLE_SECONDS), or ``poll``
        while a ring could be missed."""
        if self.bell.deaf:
            return self.poll
        if next_due is None:
            return IDLE_SECONDS
        return min(IDLE_SECONDS, max(0.0, next_due - time.time()))

    def _run(self):
        while not self._stop.is_set():
            self.bell.clear()  # before looking: a ring from here on wakes the next sleep
            try:
                next_due = self.tick()
            except Exception:  # noqa: BLE001 - Redis or the broker away: try again in a second
                logger.exception("%s failed", self.doing)
                self._stop.wait(1.0)
                continue
            self.bell.wait(self.sleep_after(next_due))

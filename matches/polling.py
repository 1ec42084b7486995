"""A daemon thread of the one beat process that runs ``tick`` every ``poll`` seconds: what the deadline
clock (matches/deadline_queue.py) and the bot dispatcher (matches/bot_queue.py) both are.

A tick that fails (Redis or the broker away) is logged and the thread waits a second before the next:
what it hands out stays waiting in Redis, and the sweeps cover what Redis loses.
"""
import logging
import threading

logger = logging.getLogger(__name__)


class PollingThread:
    name = "polling"
    # what a failed tick was doing, for the log
    doing = "polling"
    # seconds between two ticks (a subclass's own, or the one given)
    poll: float

    def __init__(self, poll: float | None = None):
        if poll is not None:
            self.poll = poll
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)

    def tick(self) -> None:
        raise NotImplementedError

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self):
        while not self._stop.is_set():
            try:
                self.tick()
            except Exception:  # noqa: BLE001 - Redis or the broker away: try again in a second
                logger.exception("%s failed", self.doing)
                self._stop.wait(1.0)
            self._stop.wait(self.poll)

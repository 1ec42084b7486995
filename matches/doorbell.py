"""A doorbell for beat's two polling threads (matches/polling.py): they sleep until their next item falls due
and are woken at once when one is added, instead of asking Redis every POLL_SECONDS.

Asking every 20 ms cost beat 3-4% of a core on a site with nothing to do (the load gate's floor phase,
docs/performance.md) and a Celery beat per browser-test site in `make test`. Now the scripts that add work
(a deadline earlier than every one waiting, a wake-up, a computer player's turn, a freed slot) publish on the
site's bell channel in the same atomic script; a thread of beat (``Doorbell``) listens and sets an event the
polling thread waits on, with the time until its next due item as the timeout.

Pub/sub drops what is published while the listener is not subscribed (a Redis restart): until it is
subscribed again the bell says it is ``deaf`` and the polling thread asks every POLL_SECONDS as before; once
subscribed again it rings itself, so whatever was added meanwhile is looked at.
"""
import contextlib
import logging
import threading

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

# Seconds between two attempts to listen again when Redis refused (the polling thread meanwhile asks every
# POLL_SECONDS).
RECONNECT_SECONDS = 0.25
# The longest a listen blocks before the listener looks whether it is asked to stop.
LISTEN_SECONDS = 0.25


def channel(prefix: str, name: str) -> str:
    """A site's bell channel of this name, under the prefix of the keys it rings for (pub/sub ignores the
    database number: the site's prefix keeps two sites on one Redis apart)."""
    return f"{prefix}:bell:{name}"


class Doorbell:
    """Listens on one bell channel in a daemon thread; ``wait(timeout)`` returns when it rings or at the timeout."""

    def __init__(self, channel_name: str):
        self.channel = channel_name
        self._rang = threading.Event()
        self._subscribed = threading.Event()
        self._stop = threading.Event()
        # a connection of its own, named for `CLIENT LIST` (an operator, the fault test) after its channel
        self._redis = redis.Redis.from_url(settings.REDIS_URL, client_name=f"bell:{channel_name}")
        self._thread = threading.Thread(target=self._listen, name=f"doorbell {channel_name}", daemon=True)

    @property
    def deaf(self) -> bool:
        """True while a ring could be missed (not subscribed yet, or Redis away)."""
        return not self._subscribed.is_set()

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._rang.set()
        self._thread.join(timeout=5)  # the listener looks at the stop every LISTEN_SECONDS

    def clear(self):
        """Forget the rings so far: call it before looking at what is due, never after."""
        self._rang.clear()

    def wait(self, timeout: float) -> bool:
        return self._rang.wait(timeout)

    def _listen(self):
        while not self._stop.is_set():
            pubsub = self._redis.pubsub()
            try:
                pubsub.subscribe(self.channel)
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=LISTEN_SECONDS)
                    if message is None:
                        continue
                    if message["type"] == "subscribe":
                        self._subscribed.set()  # Redis confirmed: from here no ring is missed
                    self._rang.set()  # a ring, or subscribed again: whatever was added while deaf is looked at now
            except Exception:  # noqa: BLE001 - Redis away: deaf until subscribed again
                if self._stop.is_set():
                    break
                if self._subscribed.is_set():
                    logger.warning("the %s bell is deaf: Redis is away; polling until it is back", self.channel)
                self._subscribed.clear()
                self._rang.set()  # a sleeper may be in a long sleep: it wakes and polls while the bell is deaf
                self._stop.wait(RECONNECT_SECONDS)
            finally:
                with contextlib.suppress(Exception):  # a connection Redis already dropped
                    pubsub.close()

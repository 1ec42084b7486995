"""The process's one Redis client for the site's own keys (the deadline queue, the bot lane's queue, the jobs'
locks), made at first use, and the Lua scripts each of them registers on it."""
import threading

import redis
from django.conf import settings

_client = None
_lock = threading.Lock()


def client() -> redis.Redis:
    global _client
    with _lock:
        if _client is None:
            _client = redis.Redis.from_url(settings.REDIS_URL)
    return _client


class Scripts:
    """Lua sources by name, registered on ``client()`` the first time one of them is called for."""

    def __init__(self, **sources):
        self._sources = sources
        self._registered = None

    def __getitem__(self, name):
        if self._registered is None:
            registered = {key: client().register_script(source) for key, source in self._sources.items()}
            self._registered = registered
        return self._registered[name]

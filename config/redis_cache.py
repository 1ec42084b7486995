"""The site's Redis cache with one client, and so one bounded pool of connections, per process.

Django keeps a cache object per thread and per async context (``caches`` is an asgiref Local), and
each of its RedisCache objects made its own client and its own unbounded connection pool. In a web
process every socket's task is a context of its own: each socket's first cache call (its slot in
SOCKETS_PER_USER, config/socket_guard.py) opened a Redis connection for that socket alone, kept by
its heartbeat while the socket lived and closed only when the collector freed the pool, minutes
after the socket had gone (issue 34: ~1,300 connections held by two web processes after a burst;
measured again in docs/performance.md). Here every cache object of a process shares one client per
configuration, and its pool is ``redis.BlockingConnectionPool`` with ``max_connections``
(settings.REDIS_CACHE_CONNECTIONS): a thread that finds them all busy waits for one (up to the pool's
``timeout``) instead of opening another.
"""
import threading

from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property

_clients = {}
_lock = threading.Lock()


class ProcessRedisCache(RedisCache):
    @cached_property
    def _cache(self):
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _lock:
            if key not in _clients:
                client = self._class(self._servers, **self._options)
                client._get_connection_pool(write=True)  # made here, under the lock: Django's own first use races
                _clients[key] = client
            return _clients[key]

    def touch_many(self, keys, timeout) -> None:
        """``touch`` of every key, in one round trip (a pipeline): the sockets' slot heartbeat
        (config/socket_guard.py)."""
        client = self._cache.get_client(write=True)
        with client.pipeline(transaction=False) as pipeline:
            timeout = self.get_backend_timeout(timeout)
            for key in keys:
                key = self.make_and_validate_key(key)
                pipeline.persist(key) if timeout is None else pipeline.expire(key, timeout)
            pipeline.execute()

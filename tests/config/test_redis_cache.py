"""config/redis_cache.py: every socket of a process shares one cache client, and so one bounded pool of Redis connections."""
import asyncio
import contextvars
import os
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache, caches

from config.redis_cache import ProcessRedisCache

REDIS_PORT = 6379


def _own_connections_to(port) -> int:
    """This process's open TCP connections to ``port`` on the loopback (from /proc: no Redis command needed)."""
    inodes = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        remote, state, inode = fields[2], fields[3], fields[9]
        if state == "01" and inode in inodes and int(remote.split(":")[1], 16) == port:  # 01: ESTABLISHED
            count += 1
    return count


def test_cache_objects_of_one_process_share_one_client():
    options = {"OPTIONS": {"pool_class": "redis.BlockingConnectionPool", "max_connections": 3, "timeout": 1}}
    first, second = ProcessRedisCache("redis://127.0.0.1:6379/0", options), ProcessRedisCache("redis://127.0.0.1:6379/0", options)
    assert first._cache is second._cache
    pool = first._cache._get_connection_pool(write=True)
    assert pool.max_connections == 3
    other = ProcessRedisCache("redis://127.0.0.1:6379/1", options)
    assert other._cache is not first._cache  # another Redis (another LOCATION) keeps its own


@pytest.mark.redis
def test_the_sites_cache_is_the_process_wide_one_with_its_pool_bounded():
    assert settings.CACHES["default"]["BACKEND"] == "config.redis_cache.ProcessRedisCache"
    pool = cache._cache._get_connection_pool(write=True)
    assert type(pool).__name__ == "BlockingConnectionPool"
    assert pool.max_connections == settings.REDIS_CACHE_CONNECTIONS
    layer_hosts = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    assert layer_hosts == [{"address": settings.REDIS_URL, "max_connections": settings.CHANNEL_LAYER_CONNECTIONS}]


@pytest.mark.redis
def test_sockets_in_a_burst_open_no_redis_connection_of_their_own():
    """Issue 34, item 3: 200 sockets' slot heartbeats (each socket a context of its own, the cache touched from a
    thread as config/socket_guard.py does) use at most the process's pool, not a connection each."""
    before = _own_connections_to(REDIS_PORT)

    async def one_socket(n):
        await sync_to_async(cache.add, thread_sensitive=False)(f"burst-test:{n}", 0, 60)
        await sync_to_async(cache.touch, thread_sensitive=False)(f"burst-test:{n}", 60)
        return id(caches["default"]._cache)

    async def burst():
        return await asyncio.gather(*(asyncio.create_task(one_socket(n)) for n in range(200)))

    # An empty context, as the web process's server starts each connection's task in: nothing there has touched
    # the cache yet (this test's own thread has), so each socket's context makes its own cache object.
    clients = contextvars.Context().run(asyncio.run, burst())
    assert len(set(clients)) == 1  # one client, whatever the cache object each context got
    assert _own_connections_to(REDIS_PORT) - before <= settings.REDIS_CACHE_CONNECTIONS


@pytest.mark.redis
def test_touch_many_sets_every_keys_expiry_in_one_round_trip():
    """The sockets' slot heartbeat (config/socket_guard.py) touches all of a process's counts at once."""
    keys = [f"touch-many-test:{n}" for n in range(3)]
    for key in keys:
        cache.set(key, 1, 5)
    cache.touch_many([*keys, "touch-many-test:absent"], 60)
    client = cache._cache.get_client(write=True)
    assert [60 - 2 <= client.ttl(cache.make_and_validate_key(key)) <= 60 for key in keys] == [True] * 3
    assert cache.get("touch-many-test:absent") is None  # a key that is not there is not made
    cache.delete_many(keys)

"""Frame budgets, JSON depth and text, and the socket count for sockets."""
import asyncio

import pytest
from django.core.cache import cache

from config.socket_guard import BadText, FrameBudget, SocketGuard, TooDeep, _socket_count_key, load_json_frame, slot_heartbeat


def test_budget_allows_a_burst_then_refills_at_its_rate():
    now = [0.0]
    budget = FrameBudget(burst=3, rate=2, clock=lambda: now[0])
    assert [budget.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5  # one frame's worth
    assert [budget.take() for _ in range(2)] == [True, False]
    now[0] = 100.0  # never more than the burst
    assert sum(budget.take() for _ in range(10)) == 3


@pytest.mark.parametrize("text", ["[" * 1500, "[" * 17 + "]" * 17, '{"a":' * 40 + "1" + "}" * 40])
def test_too_deep_is_refused_without_recursion_error(text):
    with pytest.raises(TooDeep):
        load_json_frame(text, 16)


def test_shallow_frames_load():
    assert load_json_frame('{"type": "action", "action": {"type": "add", "n": [1, [2]]}}', 16)["action"]["n"] == [1, [2]]
    with pytest.raises(ValueError):
        load_json_frame("not json", 16)


# --- issue 20, finding 3: bad text in a frame; the socket count lives with the sockets' heartbeat --

@pytest.mark.parametrize("text", ['{"type": "\\ud800"}', '{"\\u0000": 1}', '[["a\\u0000"]]', '{"a": {"b": "\\udfff"}}'])
def test_a_nul_or_a_lone_surrogate_anywhere_in_a_frame_is_bad_text(text):
    with pytest.raises(BadText):
        load_json_frame(text, 16)


@pytest.mark.asyncio
async def test_the_socket_count_expires_once_no_socket_touches_it(settings):
    settings.SOCKET_COUNT_TTL = 1
    guard = SocketGuard({"client": ("203.0.113.9", 1234)})
    key = _socket_count_key(guard.identity)
    cache.delete(key)
    assert await guard.take_slot()
    await asyncio.sleep(2.5)  # 2.5 TTLs: only the heartbeat kept it
    assert cache.get(key) == 1
    slot_heartbeat.stop()  # as when the process is killed: the slot is never given back
    await asyncio.sleep(1.5)
    assert cache.get(key) is None


@pytest.mark.asyncio
async def test_one_heartbeat_keeps_every_slot_of_the_process_alive_and_forgets_a_slot_given_back(settings):
    """The process touches its counts in one beat, not one task per socket: two people's sockets and a second
    socket of the first person are kept alive together; a slot given back is no longer touched."""
    settings.SOCKET_COUNT_TTL = 1
    slot_heartbeat.stop()
    first, again, second = (SocketGuard({"client": (address, 1234)}) for address in ("203.0.113.10", "203.0.113.10", "203.0.113.11"))
    keys = [_socket_count_key(guard.identity) for guard in (first, second)]
    cache.delete_many(keys)
    for guard in (first, again, second):
        assert await guard.take_slot()
    assert slot_heartbeat.held == {first.identity: 2, second.identity: 1}
    task = slot_heartbeat.task
    await asyncio.sleep(2.5)  # 2.5 TTLs: only the heartbeat kept them
    assert [cache.get(key) for key in keys] == [2, 1]
    assert slot_heartbeat.task is task  # one task for the process, whatever the sockets
    await second.give_slot()
    assert slot_heartbeat.held == {first.identity: 2} and not cache.get(keys[1])  # 0: no socket of theirs left
    await first.give_slot()
    await again.give_slot()
    assert not slot_heartbeat.held and not cache.get(keys[0])
    await asyncio.sleep(0.5)  # its next beat finds nothing held: the task ends
    assert task.done()


@pytest.mark.asyncio
async def test_the_heartbeat_goes_on_through_a_beat_that_cannot_reach_the_cache(settings, caplog):
    """Redis away for a beat (a cache on a port nobody listens on): the touch fails and is logged, and the next
    beat, the cache back, keeps the count alive; the beat ended there once, and every open socket's count expired."""
    settings.SOCKET_COUNT_TTL = 1
    slot_heartbeat.stop()
    guard = SocketGuard({"client": ("203.0.113.12", 1234)})
    key = _socket_count_key(guard.identity)
    cache.delete(key)
    assert await guard.take_slot()
    task = slot_heartbeat.task
    reachable = settings.CACHES
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": "redis://127.0.0.1:9/0", "OPTIONS": {"socket_connect_timeout": 0.2}}}
    await asyncio.sleep(0.6)  # a beat (every TTL / 3) against the cache away
    settings.CACHES = reachable
    assert "the socket counts could not be touched" in caplog.text
    assert not task.done()
    await asyncio.sleep(1.8)  # past the count's TTL: only the beats since kept it
    assert cache.get(key) == 1
    await guard.give_slot()
    slot_heartbeat.stop()

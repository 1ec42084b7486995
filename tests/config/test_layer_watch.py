"""The channel layer watched (config/layer_watch.py): a Redis restart or a Redis that stays away closes every
socket of the process with 1012, so that its page reconnects and resyncs from the database; a healthy layer
closes none. A redis-server of the test's own (its own port, no persistence) behind a channels_redis pubsub
layer of its own (its own prefix), and real match sockets."""
import asyncio
import shutil
import socket
import subprocess
import time
import uuid

import pytest
from asgiref.sync import sync_to_async

from config import layer_watch
from matches import services
from matches.models import SeatPresence
from tests.matches.test_consumers import connect, make_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.mode_independent]

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
CLOSED_WITHIN = 10.0  # seconds from Redis back (or gone) to the socket's 1012


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A redis-server on a port of its own, stopped (killed, as a crash) and started again by the test."""

    def __init__(self):
        self.port = _free_port()
        self.process = None
        self.sleepers = []  # the connections that sent DEBUG SLEEP, closed with the server

    def start(self):
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--enable-debug-command", "local"],  # DEBUG SLEEP: a Redis slow to answer
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def pause(self, seconds):
        """Redis answers nothing for ``seconds`` (it sleeps; its connections stay open); returns at once."""
        conn = socket.create_connection(("127.0.0.1", self.port), timeout=1)
        conn.sendall(f"DEBUG SLEEP {seconds}\r\n".encode())
        self.sleepers.append(conn)

    def kill(self):
        for conn in self.sleepers:
            conn.close()
        self.sleepers = []
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def redis_server():
    if not shutil.which(REDIS_SERVER):
        pytest.skip("needs redis-server")
    server = RedisServer()
    server.start()
    yield server
    server.kill()


def watched_layer(settings, server, probe_seconds):
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [f"redis://127.0.0.1:{server.port}/0"], "prefix": f"test-layer-watch-{uuid.uuid4().hex}:"},
    }}
    settings.LAYER_PROBE_SECONDS = probe_seconds
    settings.LAYER_PROBE_TIMEOUT = 5
    settings.LAYER_PROBE_MISSES = 2


async def until(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        await asyncio.sleep(0.05)


async def close_code(communicator, timeout):
    """The code the socket is closed with within ``timeout`` seconds (frames before it skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"the socket was not closed within {timeout} s"
        message = await communicator.receive_output(timeout=left)
        if message["type"] == "websocket.close":
            return message.get("code")


async def seated_socket(match, user):
    communicator, connected, _ = await connect(match.pk, user)
    assert connected
    frame = await communicator.receive_json_from(timeout=5)
    assert frame["type"] == "view"
    return communicator, frame


async def test_a_redis_restart_between_two_probes_closes_the_socket_with_1012_and_the_new_socket_has_the_move(
        settings, redis_server):
    # A probe period far longer than the test: only the reconnect of the layer's pub/sub connection can notice it.
    watched_layer(settings, redis_server, probe_seconds=300)
    match, users = await make_match()
    communicator, frame = await seated_socket(match, users[0])
    assert frame["version"] == 0
    try:
        await until(lambda: layer_watch.watcher() is not None and layer_watch.watcher().watched, 10,
                    "the watcher found the layer's pub/sub connection")
        redis_server.kill()
        # The move is applied and its frame lost (the layer cannot publish): the socket would never hear of it.
        await sync_to_async(services.match_apply_action)(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
        redis_server.start()
        restarted = time.monotonic()
        assert await close_code(communicator, CLOSED_WITHIN) == layer_watch.CLOSE_SERVICE_RESTART
        assert time.monotonic() - restarted < CLOSED_WITHIN
        await communicator.disconnect()
        # The page reconnects and says hello: its full frame is the database's, with the move.
        again, frame = await seated_socket(match, users[0])
        await again.send_json_to({"type": "hello", "version": 0})
        hello = await again.receive_json_from(timeout=5)
        assert frame["version"] == hello["version"] == 1 and "after" not in hello
        await again.disconnect()
    finally:
        await layer_watch.stop()


async def test_redis_staying_away_closes_the_socket_by_the_probe_and_its_seat_is_still_marked_gone(
        settings, redis_server):
    watched_layer(settings, redis_server, probe_seconds=0.5)
    match, users = await make_match()
    communicator, _frame = await seated_socket(match, users[0])
    try:
        await until(lambda: layer_watch.watcher() is not None and layer_watch.watcher().answered, 10,
                    "a first probe answered")
        redis_server.kill()
        assert await close_code(communicator, CLOSED_WITHIN) == layer_watch.CLOSE_SERVICE_RESTART
        # Its disconnect cannot leave the match's group (Redis is away) and still records that the seat went.
        await communicator.disconnect()
        assert not await sync_to_async(SeatPresence.objects.filter(match_id=match.pk).exists)()
    finally:
        await layer_watch.stop()


async def test_a_healthy_layer_closes_no_socket_over_several_probes(settings, redis_server):
    watched_layer(settings, redis_server, probe_seconds=0.2)
    match, users = await make_match()
    communicator, _frame = await seated_socket(match, users[0])
    try:
        await until(lambda: layer_watch.watcher() is not None and layer_watch.watcher().answered >= 4, 15,
                    "four probes answered")
        # another socket subscribing on the watched pub/sub connection is no reconnect
        other, _frame = await seated_socket(match, users[1])
        await until(lambda: layer_watch.watcher().answered >= 8, 15, "eight probes answered")
        assert await communicator.receive_nothing(timeout=0.3) and await other.receive_nothing(timeout=0.1)
        await other.disconnect()
        # and the socket still hears the match's changes through the layer
        await sync_to_async(services.match_apply_action)(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
        frame = await communicator.receive_json_from(timeout=5)
        assert frame["version"] == 1 and frame["after"] == 0
        await communicator.disconnect()
    finally:
        await layer_watch.stop()


async def test_one_slow_probe_closes_no_socket_but_a_layer_that_stays_silent_does(settings, redis_server, caplog):
    watched_layer(settings, redis_server, probe_seconds=0.2)
    settings.LAYER_PROBE_TIMEOUT = 1
    match, users = await make_match()
    communicator, _frame = await seated_socket(match, users[0])
    try:
        await until(lambda: layer_watch.watcher() is not None and layer_watch.watcher().answered, 10,
                    "a first probe answered")
        answered = layer_watch.watcher().answered
        # Redis busy for 1.5 s: one probe times out (after 1 s), the next is answered when Redis wakes
        with caplog.at_level("WARNING", logger="config.layer_watch"):
            redis_server.pause(1.5)
            await until(lambda: layer_watch.watcher().answered > answered, 10, "a probe answered after the pause")
        assert [r.getMessage() for r in caplog.records if "unanswered" in r.getMessage()] == [
            "channel layer probe unanswered after 1 s (1 in a row)"]
        assert await communicator.receive_nothing(timeout=0.3)
        # Redis silent for longer than two probes' timeouts: the sockets are closed
        redis_server.pause(4)
        assert await close_code(communicator, CLOSED_WITHIN) == layer_watch.CLOSE_SERVICE_RESTART
        await communicator.disconnect()
    finally:
        await layer_watch.stop()


async def test_a_probe_queued_behind_a_burst_of_subscriptions_is_late_not_missed(settings, redis_server, caplog):
    """Issue 34, item 3: in a connect burst the probe waits behind hundreds of sockets' subscriptions (channels_redis
    runs a shard's commands one at a time and reads their confirmations one at a time); that is a busy layer, and no
    socket is closed."""
    watched_layer(settings, redis_server, probe_seconds=60)  # one probe at once, then only the test's
    match, users = await make_match()
    communicator, _frame = await seated_socket(match, users[0])
    try:
        await until(lambda: layer_watch.watcher() is not None and layer_watch.watcher().answered, 10,
                    "a first probe answered")
        watcher = layer_watch.watcher()
        settings.LAYER_PROBE_TIMEOUT = 0.02
        settings.LAYER_PROBE_MISSES = 1  # a single miss would close the sockets
        burst = [asyncio.ensure_future(watcher.layer.new_channel("burst.")) for _ in range(5000)]
        await asyncio.sleep(0)  # the burst's subscriptions queue for the shard first, as sockets connecting do
        with caplog.at_level("WARNING", logger="config.layer_watch"):
            assert not await watcher.probe_once()
        assert watcher.late == 1 and watcher.misses == 0
        assert any("not counted as lost" in r.getMessage() for r in caplog.records)
        await asyncio.gather(*burst)
        settings.LAYER_PROBE_TIMEOUT = 5
        await until(lambda: watcher.pending.task.done(), 10, "the late probe answered")
        assert await watcher.probe_once()
        assert await communicator.receive_nothing(timeout=0.3)  # never closed
        await communicator.disconnect()
    finally:
        await layer_watch.stop()

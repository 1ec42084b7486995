"""The web process as config/web_server.py starts it: a real uvicorn serving the site."""
import asyncio
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import websockets
from django.db import connection

from config.web_server import APPLICATION, WEB_SOCKET_PROTOCOL, handshake_seconds, listen_backlog, web_command
from config.web_socket_protocol import HandshakeLimitedWebSocketProtocol

ROOT = Path(__file__).resolve().parents[2]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def web_process(transactional_db, settings):
    """One web process on a free port, on the test database."""
    yield from _web_process(settings)


@pytest.fixture
def web_process_for_a_burst(transactional_db, settings):
    """The same, with the sockets per address lifted (every socket of the burst comes from this machine)."""
    yield from _web_process(settings, SOCKETS_PER_ADDRESS="100000")


def _web_process(settings, **extra_env):
    port = _free_port()
    database = connection.settings_dict
    if connection.vendor == "sqlite":  # the default-mode run: the test database is a file
        database_url = f"sqlite:///{database['NAME']}"
    else:
        database_url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    env = dict(os.environ, DEBUG="1", DATABASE_URL=database_url, MAX_FRAME_BYTES=str(settings.MAX_FRAME_BYTES), **extra_env)
    process = subprocess.Popen(web_command(Path(sys.executable).parent, port=port), cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"127.0.0.1:{port}"
    try:
        # until it answers or ends: a busy CI machine took over 20 s to start a site
        give_up = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://{url}/accounts/login/", timeout=5)
                break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(process.stderr.read1().decode()) from None
                if time.monotonic() > give_up:
                    raise RuntimeError("no answer in 120 s") from None
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


async def _close_code_after_sending(url, size):
    """The lobby socket, sent one frame of `size` bytes: its close code, or None if it stayed open."""
    async with websockets.connect(f"ws://{url}/ws/lobby/", origin=f"http://{url}") as ws:
        await asyncio.wait_for(ws.recv(), 10)  # the first snapshot: the socket is up
        await ws.send("x" * size)
        try:
            await asyncio.wait_for(ws.recv(), 2)
        except TimeoutError:
            return None
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
    return None


def test_a_frame_over_max_frame_bytes_is_refused_by_the_server(web_process, settings):
    # 1009 (message too big) comes from the server's own reader, before the frame reaches the site.
    assert asyncio.run(_close_code_after_sending(web_process, settings.MAX_FRAME_BYTES + 1)) == 1009
    assert asyncio.run(_close_code_after_sending(web_process, settings.MAX_FRAME_BYTES)) is None


async def _burst(url, sockets):
    """``sockets`` lobby sockets opened at once: how many got their first snapshot, and the slowest connect in s."""
    async def one():
        start = time.perf_counter()
        try:
            async with websockets.connect(f"ws://{url}/ws/lobby/", origin=f"http://{url}", open_timeout=60) as ws:
                await asyncio.wait_for(ws.recv(), 60)
                took = time.perf_counter() - start
                await asyncio.sleep(0.5)  # all open together, not one after another
                return took
        except (OSError, TimeoutError, websockets.WebSocketException):
            return None

    results = await asyncio.gather(*(one() for _ in range(sockets)))
    connected = [took for took in results if took is not None]
    return len(connected), max(connected, default=0.0)


def test_a_burst_of_sockets_all_connect(web_process_for_a_burst):
    """Issue 34, item 3: a burst of sockets at once on one web process; each gets its handshake and first frame
    (the handshake limit and backlog chosen in config/web_server.py; 800 at once in bench/load.py --scenario burst)."""
    connected, slowest = asyncio.run(_burst(web_process_for_a_burst, 300))
    assert connected == 300
    assert slowest < handshake_seconds()


def test_the_server_takes_its_handshake_limit_and_backlog_from_here():
    command = web_command(Path("/bin"), fd=3)
    assert command[command.index("--ws") + 1] == WEB_SOCKET_PROTOCOL
    assert command[command.index("--backlog") + 1] == str(listen_backlog())
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    config = Config(app=APPLICATION, ws=WEB_SOCKET_PROTOCOL, interface="asgi3")
    config.loaded, config.loaded_app = True, object()  # the protocol only keeps the application

    async def made_in_a_loop():  # as the server makes it, on its running loop
        return HandshakeLimitedWebSocketProtocol(config=config, server_state=ServerState(), app_state={})

    protocol = asyncio.run(made_in_a_loop())
    assert protocol.open_timeout == handshake_seconds() == 30.0
    # no INFO line per socket (the WebSocket counterpart of the access log), warnings and errors still
    assert not protocol.logger.isEnabledFor(logging.INFO) and protocol.logger.isEnabledFor(logging.WARNING)

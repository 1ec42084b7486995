"""The web process as config/web_server.py starts it: a real uvicorn serving the site."""
import asyncio
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

from config.web_server import web_command

ROOT = Path(__file__).resolve().parents[2]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def web_process(transactional_db, settings):
    """One web process on a free port, on the test database."""
    port = _free_port()
    database = connection.settings_dict
    if connection.vendor == "sqlite":  # the default-mode run: the test database is a file
        database_url = f"sqlite:///{database['NAME']}"
    else:
        database_url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    env = dict(os.environ, DEBUG="1", DATABASE_URL=database_url, MAX_FRAME_BYTES=str(settings.MAX_FRAME_BYTES))
    process = subprocess.Popen(web_command(Path(sys.executable).parent, port=port), cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"http://{url}/accounts/login/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError(process.stderr.read1().decode() if process.poll() is not None else "no answer")
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

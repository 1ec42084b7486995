"""The web process's WebSocket protocol (config/web_socket_protocol.py) under a real uvicorn, with a match socket."""
import asyncio
import gc
import socket
import weakref

import pytest
import uvicorn
import websockets

from config.asgi import application
from config.web_server import WEB_SOCKET_PROTOCOL
from matches.consumers import MatchConsumer
from tests.collector import collector_off
from tests.matches.test_consumers import make_match, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _until(condition, seconds=5.0):
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


async def test_a_closed_match_socket_is_freed_by_reference_counting_not_left_to_the_collector():
    """docs/performance.md, "Memory": what a closed socket held (its protocol, its consumer, their views and
    buffers) dies when the socket closes, not at the next full collection (every 5 minutes in a web process):
    a wave of 800 sockets reconnecting after their matches ended stepped a web process up by tens of MB. The
    library's protocol made three cycles of its own (its logger's extra, its handler's closure, its cancelled
    ping task); the consumer one (its slot given back while StopConsumer was raised)."""
    match, users = await make_match()
    cookie = await session_cookie(users[1])
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=port, ws=WEB_SOCKET_PROTOCOL,
                                           lifespan="off", log_level="warning"))
    serving = asyncio.create_task(server.serve())
    assert await _until(lambda: server.started)
    with collector_off():
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/match/{match.pk}/",
                                          additional_headers={"cookie": cookie, "origin": f"http://127.0.0.1:{port}"}) as client:
                frame = await asyncio.wait_for(client.recv(), 5)
                assert '"type": "view"' in frame or '"type":"view"' in frame
                (protocol,) = [weakref.ref(p) for p in server.server_state.connections]
                # type(), not isinstance(): a lazy object among them would be evaluated
                (consumer,) = [weakref.ref(o) for o in gc.get_objects() if type(o) is MatchConsumer]
            assert await _until(lambda: not server.server_state.connections and consumer() is None and protocol() is None), \
                f"still alive without a collection: protocol {protocol()}, consumer {consumer()}"
        finally:
            server.should_exit = True
            await serving


async def test_a_socket_closed_after_its_client_left_during_the_handshake_logs_no_error(caplog):
    """Issue 34: uvicorn logged "'WebSocketProtocol' object has no attribute 'transfer_data_task'" when a consumer
    closed a socket (a refusal, an over-cap close) whose client had gone before the handshake ended: the library's
    close() awaits the data task that only an opened connection has. Nothing is left to close, and nothing is said."""
    port = _free_port()
    server = None
    done = asyncio.Event()

    async def refusing_late(scope, receive, send):  # a consumer that takes a while to decide, then refuses
        assert (await receive())["type"] == "websocket.connect"
        assert await _until(lambda: not server.server_state.connections)  # the client has gone meanwhile
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4429})
        done.set()

    server = uvicorn.Server(uvicorn.Config(refusing_late, host="127.0.0.1", port=port, ws=WEB_SOCKET_PROTOCOL,
                                           lifespan="off", log_level="warning"))
    serving = asyncio.create_task(server.serve())
    assert await _until(lambda: server.started)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /ws/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        await writer.drain()
        assert await _until(lambda: server.server_state.connections)
        writer.transport.abort()  # gone before any answer
        await asyncio.wait_for(done.wait(), 5)
        await asyncio.sleep(0)
        assert "Exception in ASGI application" not in caplog.text and "transfer_data_task" not in caplog.text
    finally:
        server.should_exit = True
        await serving

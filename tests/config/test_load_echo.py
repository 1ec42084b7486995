"""config/load_echo.py: the floor of bench/load.py answers a move to every seat and the watchers."""
import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from config.load_echo import EchoConsumer

# No query of its own, but channels closes stale database connections around each message.
pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter([path("ws/echo/<int:table>/", EchoConsumer.as_asgi())])


async def _connect(query):
    socket = WebsocketCommunicator(application, f"/ws/echo/7/?{query}")
    connected, _ = await socket.connect()
    assert connected
    return socket


async def test_a_move_on_the_echo_socket_reaches_every_seat_and_the_watchers_with_the_next_version():
    seats = [await _connect(f"seats=2&seat={i}") for i in range(2)]
    watcher = await _connect("seats=2")
    for socket in [*seats, watcher]:
        first = await socket.receive_json_from(timeout=5)
        assert first["version"] == 0 and first["to_act"] == [0]
    await seats[0].send_json_to({"type": "action", "version": 0, "action": {"type": "echo"}})
    frames = [await socket.receive_json_from(timeout=5) for socket in [*seats, watcher]]
    assert [f["version"] for f in frames] == [1, 1, 1]
    assert frames[1]["legal"] == [{"type": "echo"}] and frames[0]["legal"] == [] and frames[2]["legal"] == []
    for socket in [*seats, watcher]:
        await socket.disconnect()

"""Issue 8, finding 5: the lobby socket does not amplify: frames from the page trigger nothing, changes are coalesced."""
import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from lobby.tables import create_table
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.slow]


async def connect():
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "lobby"
    return communicator


async def drain(communicator, seconds):
    frames = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        # receive_nothing, not a timed-out receive: a receive timeout would stop the consumer.
        if not await communicator.receive_nothing(timeout=0.1):
            frames.append(await communicator.receive_json_from(timeout=5))
    return frames


async def test_frames_from_the_page_do_not_trigger_snapshots():
    communicator = await connect()
    for _ in range(5):
        await communicator.send_to(text_data="{}")
    assert await communicator.receive_nothing(timeout=1)
    await communicator.disconnect()


async def test_a_burst_of_changes_is_coalesced_into_few_snapshots(settings):
    settings.LOBBY_SNAPSHOT_INTERVAL = 3.0
    sockets = [await connect() for _ in range(3)]
    hosts = [await sync_to_async(UserFactory)() for _ in range(5)]
    for host in hosts:
        await sync_to_async(create_table)(host, "countdown", 2, {"clock": 0, "rounds": 1})
    for communicator in sockets:
        frames = await drain(communicator, 5)
        assert 1 <= len(frames) <= 2, f"{len(frames)} snapshots for 5 changes"
        assert len(frames[-1]["tables"]) == 5
        await communicator.disconnect()


async def test_a_flood_of_frames_closes_the_lobby_socket(settings):
    settings.SOCKET_FRAME_BURST = 3
    settings.SOCKET_FRAME_RATE = 0.001
    settings.SOCKET_FRAME_OVERFLOW = 2
    communicator = await connect()
    for _ in range(8):
        await communicator.send_to(text_data="{}")
    while True:
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
    assert output["code"] == 4429


async def test_anonymous_sockets_per_address_are_capped(settings):
    settings.SOCKETS_PER_ADDRESS = 2
    sockets = []
    for address in ("10.8.8.8", "10.8.8.8", "10.8.8.8", "10.8.8.9"):
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
        communicator.scope["client"] = (address, 40000)
        connected, _ = await communicator.connect(timeout=5)
        assert connected
        sockets.append(communicator)
    outputs = [await communicator.receive_output(timeout=5) for communicator in sockets]
    # Each socket takes its slot after its handshake: which of the three same-address ones comes third may vary.
    same_address = outputs[:3]
    assert sorted(o["type"] for o in same_address) == ["websocket.close", "websocket.send", "websocket.send"]
    assert [o["code"] for o in same_address if o["type"] == "websocket.close"] == [4429]
    assert outputs[3]["type"] == "websocket.send"
    for communicator, output in zip(sockets, outputs, strict=True):
        if output["type"] == "websocket.send":
            await communicator.disconnect()

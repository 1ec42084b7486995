"""The site's socket consumers dispatch without Channels' per-message hop to the sync thread."""
import asyncio
import weakref

import pytest
from channels import consumer as channels_consumer
from channels.testing import WebsocketCommunicator

from config.socket_consumer import SocketConsumer
from tests.collector import collector_off


class Recorder(SocketConsumer):
    async def game_note(self, message):
        self.seen = message["n"]


async def test_a_message_reaches_its_handler_without_the_clean_up_hop(monkeypatch):
    async def forbidden():
        raise AssertionError("close_old_connections hop")

    monkeypatch.setattr(channels_consumer, "aclose_old_connections", forbidden)
    recorder = Recorder()
    await recorder.dispatch({"type": "game.note", "n": 3})
    assert recorder.seen == 3


async def test_a_message_without_a_handler_is_refused():
    with pytest.raises(ValueError):
        await Recorder().dispatch({"type": "no.such"})


# --- issue 20, finding 3: a handler that raises ends the socket cleanly and gives its slot back ----


class Faulty(SocketConsumer):
    """A socket with a bug on every frame it reads."""

    async def connect(self):
        await self.open()

    async def receive(self, text_data=None, bytes_data=None):
        raise RuntimeError("a bug met by some input")


async def open_faulty():
    communicator = WebsocketCommunicator(Faulty.as_asgi(), "/ws/faulty/")
    communicator.scope["client"] = ("198.51.100.7", 4321)
    assert (await communicator.connect(timeout=5))[0]
    return communicator


@pytest.mark.django_db(transaction=True)
async def test_a_handler_that_raises_closes_with_1011_and_gives_the_slot_back(settings, caplog):
    settings.SOCKETS_PER_ADDRESS = 1
    for _ in range(3):  # one slot, so each socket gets it only if the one before gave it back
        communicator = await open_faulty()
        assert await communicator.receive_nothing(timeout=0.3)
        await communicator.send_to(text_data="anything")
        assert (await communicator.receive_output(timeout=5)) == {"type": "websocket.close", "code": 1011}
        await communicator.send_input({"type": "websocket.disconnect", "code": 1011})
        await communicator.wait(timeout=5)
    assert "a bug met by some input" in caplog.text


@pytest.mark.django_db(transaction=True)
async def test_a_consumer_cancelled_by_the_server_gives_its_slot_back(settings):
    settings.SOCKETS_PER_ADDRESS = 1
    for _ in range(3):
        communicator = await open_faulty()
        assert await communicator.receive_nothing(timeout=0.3)  # not closed with 4429: it has the slot
        communicator.future.cancel()  # as uvicorn does on shutdown: no websocket.disconnect is handled
        with pytest.raises(asyncio.CancelledError):
            await communicator.future


class Remembered(SocketConsumer):
    """A socket that takes a slot (given back on the database threads at its close) and says where it is."""

    made = []

    async def connect(self):
        Remembered.made.append(weakref.ref(self))
        await self.open()


@pytest.mark.django_db(transaction=True)
async def test_a_closed_socket_is_freed_by_reference_counting_not_left_to_the_collector():
    """docs/performance.md, "Memory": the slot given back while StopConsumer was being raised took the exception
    into asgiref's thread and back, a cycle through the consumer that only a full collection (every 5 minutes in a
    web process) freed; a wave of 800 reconnecting sockets stepped a web process's memory up by tens of MB."""
    with collector_off():
        communicator = WebsocketCommunicator(Remembered.as_asgi(), "/ws/remembered/")
        communicator.scope["client"] = ("198.51.100.8", 4321)
        assert (await communicator.connect(timeout=5))[0]
        assert await communicator.receive_nothing(timeout=0.3)  # the slot is taken after the accept
        consumer = Remembered.made[-1]
        assert consumer() is not None and consumer().guard.holds_slot
        await communicator.disconnect()
        del communicator
        assert consumer() is None


def _client_disconnected(message):
    from uvicorn.protocols.utils import ClientDisconnected
    return ClientDisconnected()


def _refused_after_close(message):
    return RuntimeError(f"Unexpected ASGI message '{message['type']}', after sending 'websocket.close' "
                        "or response already completed.")


def _consumer_refused_by(refusal):
    """A consumer whose ASGI server refuses every message with `refusal`; and the list of what it was given."""
    sent = []

    async def server_send(message):
        sent.append(message)
        raise refusal(message)

    consumer = SocketConsumer()
    consumer.base_send = server_send
    return consumer, sent


@pytest.mark.parametrize("refusal", [_client_disconnected, _refused_after_close])
async def test_a_frame_to_a_client_that_went_away_is_dropped_quietly(caplog, refusal):
    """The page left while a frame was on its way (a lobby page closed during its first snapshot): the ASGI
    server refuses the send with uvicorn's ClientDisconnected, an OSError, or, once it has seen the
    connection end and before the disconnect reaches the consumer, with its RuntimeError (its words above,
    seen in a browser test). Nobody is left to read it: no traceback, and nothing more is sent."""
    consumer, sent = _consumer_refused_by(refusal)
    with caplog.at_level("ERROR"):
        await consumer.send(text_data="snapshot")
        await consumer.send(text_data="another")
        await consumer.close()
    assert consumer.closing and len(sent) == 1
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_an_accept_refused_because_the_page_already_left_is_quiet_and_nothing_more_is_sent(caplog):
    """An ASGI server may refuse the accept itself with ClientDisconnected when the page left while connect()
    was still running (uvicorn's sans-I/O server did, in every browser run): no traceback, and the frames
    connect() goes on to send are dropped."""
    consumer, sent = _consumer_refused_by(_client_disconnected)
    with caplog.at_level("ERROR"):
        await consumer.accept()
        await consumer.send(text_data="first snapshot")
        await consumer.close()
    assert consumer.closing and [m["type"] for m in sent] == ["websocket.accept"]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_another_runtime_error_of_a_send_is_a_bug_and_is_raised():
    async def broken_send(message):
        raise RuntimeError("something else")

    consumer = SocketConsumer()
    consumer.base_send = broken_send
    with pytest.raises(RuntimeError, match="something else"):
        await consumer.send(text_data="a view")

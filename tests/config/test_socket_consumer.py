"""The site's socket consumers dispatch without Channels' per-message hop to the sync thread."""
import pytest
from channels import consumer as channels_consumer

from config.socket_consumer import SocketConsumer


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

"""The lobby socket: snapshots on connect and on change, in the reader's language."""
import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from lobby.tables import create_table, move_seat
from tests.channel_faults import GroupAddFails, NoNewChannel, RedisDown, layer
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(extra_headers=()):
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), *extra_headers]
    )
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


async def test_a_new_table_reaches_every_lobby_socket():
    communicator = await connect()
    first = await communicator.receive_json_from(timeout=5)
    assert first["type"] == "lobby"
    host = await sync_to_async(UserFactory)()
    table = await sync_to_async(create_table)(host, "countdown", 2, {"clock": 0, "rounds": 1})
    snapshot = await communicator.receive_json_from(timeout=5)
    assert [t["id"] for t in snapshot["tables"]] == [table.pk]
    await communicator.disconnect()


async def test_snapshot_speaks_the_language_of_the_cookie():
    host = await sync_to_async(UserFactory)()
    await sync_to_async(create_table)(host, "alibaba_tiles", 2, {"clock": 0})
    french = await connect([(b"cookie", b"django_language=fr")])
    english = await connect([(b"accept-language", b"en-GB,en;q=0.8")])
    fr_names = {t["game_name"] for t in (await french.receive_json_from(timeout=5))["tables"]}
    en_names = {t["game_name"] for t in (await english.receive_json_from(timeout=5))["tables"]}
    assert en_names == {"Ali Baba's treasure cave"}
    assert fr_names and fr_names != en_names
    await french.disconnect()
    await english.disconnect()


async def test_snapshot_carries_each_seats_role_in_the_readers_language():
    host = await sync_to_async(UserFactory)()
    table = await sync_to_async(create_table)(host, "countdown", 3, {"clock": 0, "rounds": 1})
    await sync_to_async(create_table)(host, "alibaba_tiles", 2, {"clock": 0})
    french = await connect([(b"cookie", b"django_language=fr")])
    tables = {t["game"]: t for t in (await french.receive_json_from(timeout=5))["tables"]}
    assert [s["role_label"] for s in tables["countdown"]["seats"]] == ["Dealer", "Joueur", "Joueur"]
    assert all("role_label" not in s for s in tables["alibaba_tiles"]["seats"])
    await sync_to_async(move_seat)(host, table.pk, 0, 2)
    moved = {t["game"]: t for t in (await french.receive_json_from(timeout=5))["tables"]}["countdown"]["seats"]
    assert [(s["user"], s["role_label"]) for s in moved] == [(None, "Dealer"), (None, "Joueur"), (host.username, "Joueur")]
    await french.disconnect()


async def test_a_snapshot_due_after_the_socket_closed_is_never_sent(settings):
    """A change coalesced for later, then the socket closed (here: over its frame limit): nothing follows the close."""
    settings.LOBBY_SNAPSHOT_INTERVAL = 0.5
    settings.SOCKET_FRAME_BURST = 2
    settings.SOCKET_FRAME_RATE = 0.001
    settings.SOCKET_FRAME_OVERFLOW = 1
    communicator = await connect()
    await communicator.receive_json_from(timeout=5)
    host = await sync_to_async(UserFactory)()
    await sync_to_async(create_table)(host, "countdown", 2, {"clock": 0, "rounds": 1})
    for _ in range(6):
        await communicator.send_to(text_data="{}")
    frames = []
    while True:
        output = await communicator.receive_output(timeout=5)
        frames.append(output)
        if output["type"] == "websocket.close":
            break
    assert frames[-1]["code"] == 4429
    # The coalesced snapshot falls due after the close: it must not be sent.
    assert await communicator.receive_nothing(timeout=1.0)


# --- the channel layer fails (Redis away): the socket's clean-up still runs, whatever point connect reached ---


def _errors(caplog):
    return [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


async def test_a_channel_that_cannot_be_made_ends_the_socket_without_a_clean_up_error(settings, caplog):
    settings.CHANNEL_LAYERS = layer(NoNewChannel)
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    with caplog.at_level("WARNING"), pytest.raises(RedisDown):
        await communicator.connect(timeout=5)
    assert _errors(caplog) == [], [r.getMessage() for r in _errors(caplog)]


async def test_a_failed_group_join_closes_the_socket_and_logs_only_that(settings, caplog):
    settings.CHANNEL_LAYERS = layer(GroupAddFails, joins=0)
    with caplog.at_level("WARNING"):
        communicator = await connect()
        assert (await communicator.receive_output(timeout=5)) == {"type": "websocket.close", "code": 1011}
        await communicator.disconnect()
    errors = _errors(caplog)
    assert [r.getMessage() for r in errors] == ["socket LobbyConsumer failed on websocket.connect"]
    assert isinstance(errors[0].exc_info[1], RedisDown)

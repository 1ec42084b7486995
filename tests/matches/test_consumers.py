"""The live socket: who may connect, what a seat may send, and what it gets back."""
import gc
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from matches import services
from matches.models import ActionLog, Match
from matches.services import SeatSpec
from tests.channel_faults import GroupAddFails, NoNewChannel, RedisDown, layer
from tests.collector import collector_off
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def make_match(players=2, private=False):
    users = [UserFactory() for _ in range(players)]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0, "rounds": 1}, seed=3, is_private=private)
    return match, users


@sync_to_async
def session_cookie(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


async def connect(match_id, user=None, origin=b"http://127.0.0.1", language=None):
    headers = [(b"origin", origin), (b"host", b"127.0.0.1")]
    if user is not None:
        cookie = await session_cookie(user)
        if language:
            cookie += f"; django_language={language}"
        headers.append((b"cookie", cookie.encode()))
    communicator = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
    connected, code = await communicator.connect(timeout=5)
    return communicator, connected, code


@sync_to_async
def state_of(match_id):
    match = Match.objects.get(pk=match_id)
    return match.version, match.state, ActionLog.objects.filter(match=match).count()


async def test_anonymous_is_refused():
    match, _ = await make_match()
    communicator, connected, _ = await connect(match.pk)
    # Accepted, then closed: the code reaches the page (tests/matches/test_consumer_guards.py).
    assert connected and (await communicator.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4401}


async def test_foreign_origin_is_refused():
    match, users = await make_match()
    communicator, connected, _ = await connect(match.pk, users[0], origin=b"http://evil.example")
    assert not connected


async def test_seat_gets_its_own_view_and_legal_actions_on_connect():
    match, users = await make_match()
    communicator, connected, _ = await connect(match.pk, users[1])
    assert connected
    frame = await communicator.receive_json_from(timeout=5)
    assert frame["type"] == "view" and frame["seat"] == 1 and frame["version"] == 0
    # seat 0 is to play: the game waits for it alone; the others may only cheer
    assert frame["to_act"] == [0] and frame["legal"] == [{"type": "cheer"}]
    await communicator.disconnect()


async def test_action_is_broadcast_to_every_seat_with_its_own_view():
    match, users = await make_match()
    first, _, _ = await connect(match.pk, users[0])
    second, _, _ = await connect(match.pk, users[1])
    await first.receive_json_from(timeout=5)
    await second.receive_json_from(timeout=5)
    await first.send_json_to({"type": "action", "version": 0, "action": {"type": "add", "n": 2}})
    mine = await first.receive_json_from(timeout=5)
    theirs = await second.receive_json_from(timeout=5)
    assert mine["version"] == theirs["version"] == 1
    assert mine["seat"] == 0 and theirs["seat"] == 1
    assert {"type": "bid", "n": 1} in theirs["legal"]
    # The window: seat 0 bids; seat 1 sees that a bid is in but not its value.
    await first.send_json_to({"type": "action", "version": 1, "action": {"type": "bid", "n": 2}})
    mine = await first.receive_json_from(timeout=5)
    theirs = await second.receive_json_from(timeout=5)
    assert mine["view"]["my_bid"] == 2 and theirs["view"]["my_bid"] is None and theirs["view"]["bid_in"] == [0]
    await first.disconnect()
    await second.disconnect()


async def test_the_seat_comes_from_the_session_not_the_frame():
    match, users = await make_match()
    second, _, _ = await connect(match.pk, users[1])
    await second.receive_json_from(timeout=5)
    # Seat 1 pretends to be seat 0 (whose turn it is): the frame's seat is ignored.
    await second.send_json_to({"type": "action", "version": 0, "seat": 0, "action": {"type": "add", "n": 1}})
    error = await second.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "illegal"
    assert await state_of(match.pk) == (0, (await state_of(match.pk))[1], 0)
    await second.disconnect()


async def test_another_users_private_match_is_refused():
    match, _ = await make_match(private=True)
    stranger = await sync_to_async(UserFactory)()
    communicator, connected, _ = await connect(match.pk, stranger)
    assert connected and (await communicator.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4403}


async def test_spectator_of_public_match_sees_but_cannot_act():
    match, _ = await make_match()
    stranger = await sync_to_async(UserFactory)()
    communicator, connected, _ = await connect(match.pk, stranger)
    assert connected
    frame = await communicator.receive_json_from(timeout=5)
    assert frame["seat"] is None and frame["legal"] == []
    await communicator.send_json_to({"type": "action", "version": 0, "action": {"type": "add", "n": 1}})
    error = await communicator.receive_json_from(timeout=5)
    assert error["code"] == "not_seated"
    await communicator.disconnect()


@pytest.mark.parametrize(
    "raw, code",
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"no": "type"}', "malformed"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "action", "version": 0}', "malformed"),
        ('{"type": "action", "version": "0", "action": {"type": "add", "n": 1}}', "malformed"),
        ('{"type": "action", "version": 0, "action": {"type": "add", "n": 7}}', "illegal"),
        ('{"type": "action", "version": 0, "action": "add"}', "malformed"),
        ('{"type": "action", "version": 99, "action": {"type": "add", "n": 1}}', "bad_version"),
        (json.dumps({"type": "action", "version": 0, "action": {"type": "add", "n": 1, "pad": "x" * 5000}}), "too_large"),
    ],
)
async def test_bad_frame_gets_an_error_and_changes_nothing(raw, code):
    match, users = await make_match()
    communicator, _, _ = await connect(match.pk, users[0])
    await communicator.receive_json_from(timeout=5)
    before = await state_of(match.pk)
    await communicator.send_to(text_data=raw)
    error = await communicator.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code and error["message"]
    assert await state_of(match.pk) == before
    await communicator.disconnect()


async def test_stale_action_gets_an_error_then_the_current_view():
    match, users = await make_match()
    first, _, _ = await connect(match.pk, users[0])
    await first.receive_json_from(timeout=5)
    await first.send_json_to({"type": "action", "version": 0, "action": {"type": "add", "n": 1}})
    await first.receive_json_from(timeout=5)
    await first.send_json_to({"type": "action", "version": 1, "action": {"type": "bid", "n": 0}})
    await first.receive_json_from(timeout=5)
    second, _, _ = await connect(match.pk, users[1])
    await second.receive_json_from(timeout=5)
    await second.send_json_to({"type": "action", "version": 1, "action": {"type": "bid", "n": 0}})
    await second.receive_json_from(timeout=5)  # window closed: turn passes to seat 1 at version 3
    await first.receive_json_from(timeout=5)
    # Seat 0 replays an old frame from version 0.
    await first.send_json_to({"type": "action", "version": 0, "action": {"type": "add", "n": 1}})
    error = await first.receive_json_from(timeout=5)
    fresh = await first.receive_json_from(timeout=5)
    assert error["code"] == "stale" and fresh["type"] == "view" and fresh["version"] == 3
    await first.disconnect()
    await second.disconnect()


async def test_a_stale_actions_answer_leaves_nothing_for_the_collector():
    """The resync answering a stale version is read once the refusal is handled: read inside its ``except``,
    asgiref took the exception into its thread and raised it there, a cycle through the exception, the
    service's frames and the consumer that only a full collection freed (docs/performance.md, "Memory")."""
    match, users = await make_match()
    first, _, _ = await connect(match.pk, users[0])
    await first.receive_json_from(timeout=5)
    await first.send_json_to({"type": "action", "version": 0, "action": {"type": "add", "n": 1}})
    await first.receive_json_from(timeout=5)
    with collector_off():
        gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds unreachable is kept in gc.garbage, to be looked at
        try:
            await first.send_json_to({"type": "action", "version": 0, "action": {"type": "add", "n": 1}})
            error, fresh = await first.receive_json_from(timeout=5), await first.receive_json_from(timeout=5)
            assert error["code"] == "stale" and fresh["version"] == 1
            gc.collect()
            left = [o for o in gc.garbage if isinstance(o, services.MatchError)]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    assert not left
    await first.disconnect()


async def test_reconnecting_client_gets_the_full_current_view():
    match, users = await make_match()
    await sync_to_async(services.match_apply_action)(match.pk, 0, {"type": "add", "n": 3}, client_version=0)
    communicator, _, _ = await connect(match.pk, users[0])
    await communicator.receive_json_from(timeout=5)
    await communicator.send_json_to({"type": "hello", "version": 0})
    frame = await communicator.receive_json_from(timeout=5)
    assert frame["version"] == 1 and frame["view"]["totals"] == [3, 0]
    await communicator.disconnect()


async def test_a_page_in_french_is_sent_the_end_screen_in_french_only():
    """The move that ends the match is made where English is spoken (here: the test, as a Celery worker would):
    the French page's first frame with the end screen already names the computer player in French."""
    person = await sync_to_async(UserFactory)()
    match = await sync_to_async(services.create_match)(
        "countdown", [SeatSpec(user=person), SeatSpec(bot="first")], {"clock": 0, "rounds": 1}, seed=3)
    communicator, _, _ = await connect(match.pk, person, language="fr")
    await communicator.receive_json_from(timeout=5)

    @sync_to_async
    def finish():
        from django.utils import translation

        with translation.override("en"):
            for seat in (0, 1):
                services.match_apply_action(match.pk, seat, {"type": "add", "n": 1})
                for bidder in (0, 1):
                    services.match_apply_action(match.pk, bidder, {"type": "bid", "n": 0})

    await finish()
    while True:
        frame = await communicator.receive_json_from(timeout=5)
        if frame.get("end"):
            break
    bot = next(p for p in frame["end"]["players"] if p["seat"] == 1)
    assert bot["title"].startswith("Ordinateur"), bot
    await communicator.disconnect()


async def test_errors_speak_the_language_of_the_page():
    match, users = await make_match()
    communicator, _, _ = await connect(match.pk, users[1], language="fr")
    await communicator.receive_json_from(timeout=5)
    await communicator.send_to(text_data="not json")
    error = await communicator.receive_json_from(timeout=5)
    assert error["message"] == "Ce message n'est pas du JSON valide."
    await communicator.send_json_to({"type": "action", "version": 99, "action": {"type": "add", "n": 1}})
    error = await communicator.receive_json_from(timeout=5)
    assert error["code"] == "bad_version" and error["message"] == "Version inconnue."
    await communicator.disconnect()


async def test_a_private_offer_sends_the_third_seat_nothing_and_its_moves_stay_fresh():
    """Basra: a sale offer between two seats reaches their sockets only; the third seat's socket hears
    nothing, its resync still says the version it saw, its chat message is stamped with that version,
    and its action on that version is taken (issue 35, #5)."""
    from tests.matches.test_frames import _basra_window

    users = await sync_to_async(lambda: [UserFactory() for _ in range(3)])()
    match, seller, buyer, bystander = await sync_to_async(_basra_window)(1, users)
    sockets = {}
    for seat in (seller, buyer, bystander):
        sockets[seat], connected, _ = await connect(match.pk, users[seat])
        assert connected and (await sockets[seat].receive_json_from(timeout=5))["version"] == 0
    card = match.state["bandits"][seller][0]
    await sockets[seller].send_json_to({"type": "action", "version": 0,
                                        "action": {"type": "offer", "to": buyer, "cards": [card], "piastres": 60}})
    for seat in (seller, buyer):
        frame = await sockets[seat].receive_json_from(timeout=5)
        assert frame["version"] == 1 and [e["code"] for e in frame["events"]] == ["offer_made"]
    assert await sockets[bystander].receive_nothing(timeout=0.3)
    await sockets[bystander].send_json_to({"type": "hello", "version": 0})
    resync = await sockets[bystander].receive_json_from(timeout=5)
    assert resync["version"] == 0 and resync["events"] == [] and resync["view"]["phase"]["offers"] == []
    # guessing at the next version is answered as at a table where nothing happened
    await sockets[bystander].send_json_to({"type": "action", "version": 1, "action": {"type": "peek"}})
    assert (await sockets[bystander].receive_json_from(timeout=5))["code"] == "bad_version"
    await sockets[bystander].send_json_to({"type": "chat", "text": "anyone selling?"})
    said = await sockets[bystander].receive_json_from(timeout=5)
    assert said["type"] == "chat" and said["message"]["version"] == 0
    await sockets[bystander].send_json_to({"type": "action", "version": 0, "action": {"type": "done"}})
    done = await sockets[bystander].receive_json_from(timeout=5)
    assert done["type"] == "view" and done["version"] == 2 and [e["code"] for e in done["events"]] == ["done"]
    for socket in sockets.values():
        await socket.disconnect()


# --- the channel layer fails (Redis away): the socket's clean-up still runs, whatever point connect reached ---


def _errors(caplog):
    return [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


async def test_a_channel_that_cannot_be_made_ends_the_socket_without_a_clean_up_error(settings, caplog):
    """channels_redis subscribes the socket's own channel before connect runs: with Redis down that raises, and
    the clean-up (disconnect, from SocketConsumer's finally) once met attributes connect never set."""
    match, users = await make_match()
    settings.CHANNEL_LAYERS = layer(NoNewChannel)
    with caplog.at_level("WARNING"), pytest.raises(RedisDown):
        await connect(match.pk, users[0])
    assert _errors(caplog) == [], [r.getMessage() for r in _errors(caplog)]


async def test_a_connect_stopped_part_way_leaves_what_it_joined_and_logs_only_its_own_failure(settings, caplog):
    match, users = await make_match()
    settings.CHANNEL_LAYERS = layer(GroupAddFails, joins=1)  # the match's group, then the session's raises
    with caplog.at_level("WARNING"):
        communicator, connected, _ = await connect(match.pk, users[0])
        assert connected  # accepted before the groups, so the close code reaches the page
        assert (await communicator.receive_output(timeout=5)) == {"type": "websocket.close", "code": 1011}
        await communicator.disconnect()
    from channels.layers import get_channel_layer

    assert get_channel_layer().groups == {}  # the one group it joined was left again
    errors = _errors(caplog)
    assert [r.getMessage() for r in errors] == ["socket MatchConsumer failed on websocket.connect"]
    assert isinstance(errors[0].exc_info[1], RedisDown)

"""The live socket under attack (issue 8, findings 7, 9, 11, 12, 14): limits, close codes, log-out, origins."""
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from tests.factories import UserFactory
from tests.matches.test_consumers import make_match, session_cookie, state_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def open_socket(path, cookie=None, origin=b"http://127.0.0.1", host=b"127.0.0.1"):
    headers = [(b"origin", origin), (b"host", host)]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await communicator.connect(timeout=5)
    return communicator, connected, code


async def closed_with(communicator) -> int:
    """The close code of the next output, skipping frames sent before it."""
    while True:
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return output.get("code")


# --- 11: the close code reaches the browser ------------------------------------------------


async def test_anonymous_handshake_is_accepted_then_closed_with_4401():
    match, _ = await make_match()
    communicator, connected, _ = await open_socket(f"/ws/match/{match.pk}/")
    assert connected, "a close before accept reaches the browser as a plain 403"
    assert await closed_with(communicator) == 4401


async def test_unknown_match_is_accepted_then_closed_with_4404():
    user = await sync_to_async(UserFactory)()
    communicator, connected, _ = await open_socket("/ws/match/999999/", await session_cookie(user))
    assert connected
    assert await closed_with(communicator) == 4404


async def test_private_match_of_others_is_accepted_then_closed_with_4403():
    match, _ = await make_match(private=True)
    stranger = await sync_to_async(UserFactory)()
    communicator, connected, _ = await open_socket(f"/ws/match/{match.pk}/", await session_cookie(stranger))
    assert connected
    assert await closed_with(communicator) == 4403


# --- 9: deeply nested JSON -----------------------------------------------------------------


@pytest.mark.parametrize("raw", ["[" * 1500, "{\"a\":" * 1000 + "1" + "}" * 1000, "[" * 100000])
async def test_deeply_nested_json_gets_a_malformed_error(raw, settings):
    settings.MAX_FRAME_BYTES = 200_000
    match, users = await make_match()
    communicator, _, _ = await open_socket(f"/ws/match/{match.pk}/", await session_cookie(users[0]))
    await communicator.receive_json_from(timeout=5)
    before = await state_of(match.pk)
    await communicator.send_to(text_data=raw)
    error = await communicator.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "malformed"
    await communicator.send_json_to({"type": "ping"})
    assert (await communicator.receive_json_from(timeout=5))["type"] == "pong"
    assert await state_of(match.pk) == before
    await communicator.disconnect()


# --- 12: log-out closes the sockets of the session -----------------------------------------


async def test_logging_out_closes_the_sockets_of_that_session():
    match, users = await make_match()
    browser = Client()
    await sync_to_async(browser.force_login)(users[0])
    cookie = f"sessionid={browser.cookies['sessionid'].value}"
    communicator, connected, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    assert connected
    await communicator.receive_json_from(timeout=5)
    other_device, _, _ = await open_socket(f"/ws/match/{match.pk}/", await session_cookie(users[0]))
    await other_device.receive_json_from(timeout=5)

    response = await sync_to_async(browser.post)("/accounts/logout/")
    assert response.status_code == 302
    assert await closed_with(communicator) == 4401
    # Another session of the same user is still logged in: its socket stays.
    await other_device.send_json_to({"type": "ping"})
    assert (await other_device.receive_json_from(timeout=5))["type"] == "pong"
    await other_device.disconnect()


# --- 7: frames per connection and per user, sockets per user -------------------------------


async def test_a_frame_flood_gets_an_error_frame_then_a_close(settings):
    settings.SOCKET_FRAME_BURST = 5
    settings.SOCKET_FRAME_RATE = 0.001
    settings.SOCKET_FRAME_OVERFLOW = 3
    match, users = await make_match()
    communicator, _, _ = await open_socket(f"/ws/match/{match.pk}/", await session_cookie(users[0]))
    await communicator.receive_json_from(timeout=5)
    for _ in range(5):
        await communicator.send_json_to({"type": "ping"})
        assert (await communicator.receive_json_from(timeout=5))["type"] == "pong"
    await communicator.send_json_to({"type": "hello"})
    error = await communicator.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "rate_limited"
    for _ in range(3):
        await communicator.send_json_to({"type": "hello"})
    assert await closed_with(communicator) == 4429


async def test_frames_are_limited_per_user_across_sockets(settings):
    settings.SOCKET_FRAME_BURST = 100
    settings.SOCKET_USER_FRAMES_LIMIT = 6
    settings.SOCKET_USER_FRAMES_WINDOW = 60
    match, users = await make_match()
    cookie = await session_cookie(users[0])
    sockets = []
    for _ in range(2):
        communicator, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
        await communicator.receive_json_from(timeout=5)
        sockets.append(communicator)
    answers = []
    for n in range(8):
        communicator = sockets[n % 2]
        await communicator.send_json_to({"type": "ping"})
        answers.append(await communicator.receive_json_from(timeout=5))
    assert [a["type"] for a in answers[:6]] == ["pong"] * 6
    assert [a.get("code") for a in answers[6:]] == ["rate_limited"] * 2
    for communicator in sockets:
        await communicator.disconnect()


async def test_sockets_per_user_are_capped_across_processes(settings):
    settings.SOCKETS_PER_USER = 2
    match, users = await make_match()
    cookie = await session_cookie(users[0])
    first, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    second, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    await first.receive_json_from(timeout=5)
    await second.receive_json_from(timeout=5)
    third, connected, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    assert connected
    assert await closed_with(third) == 4429
    await first.disconnect()
    fourth, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    assert (await fourth.receive_json_from(timeout=5))["type"] == "view"
    await second.disconnect()
    await fourth.disconnect()


# --- 14: the origin is compared as scheme, host and port -----------------------------------


@pytest.mark.parametrize(
    "origin",
    [b"http://127.0.0.1:9999", b"https://127.0.0.1", b"http://evil.example", b"null", b"http://127.0.0.1.evil.example"],
)
async def test_an_origin_other_than_the_page_is_refused(origin):
    match, users = await make_match()
    communicator, connected, _ = await open_socket(f"/ws/match/{match.pk}/", await session_cookie(users[0]), origin=origin)
    assert not connected


async def test_the_page_origin_with_its_port_is_accepted():
    match, users = await make_match()
    communicator, connected, _ = await open_socket(
        f"/ws/match/{match.pk}/", await session_cookie(users[0]), origin=b"http://127.0.0.1:8000", host=b"127.0.0.1:8000"
    )
    assert connected
    await communicator.disconnect()


async def test_a_trusted_origin_is_accepted(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org"]
    settings.ALLOWED_HOSTS = ["127.0.0.1", "play.example.org"]
    match, users = await make_match()
    communicator, connected, _ = await open_socket(
        f"/ws/match/{match.pk}/", await session_cookie(users[0]), origin=b"https://play.example.org", host=b"127.0.0.1"
    )
    assert connected
    await communicator.disconnect()


# --- issue 20, finding 3: no input kills a socket or leaks its slot -------------------------------

# Each is a frame as the client sends it; json.dumps writes a lone surrogate as the escape "\ud800",
# which json.loads turns back into a str that no UTF-8 encoder (orjson, PostgreSQL) accepts.
POISONED_FRAMES = [
    {"type": "chat", "text": "\ud800"},
    {"type": "chat", "text": "hi\x00there"},
    {"type": "chat_mute", "user": "\ud800"},
    {"type": "chat_mute", "user": "bob\x00"},
    {"type": "chat_unmute", "user": "\udfff"},
    {"type": "chat_report", "message": 1, "reason": "\ud800"},
    {"type": "\ud800"},
    {"type": "x\x00"},
    {"type": "action", "version": 0, "action": {"type": "\ud800"}},
    {"\ud800": 1, "type": "ping"},
]


@pytest.mark.parametrize("frame", POISONED_FRAMES, ids=range(len(POISONED_FRAMES)))
async def test_a_poisoned_frame_gets_an_answer_and_the_socket_lives_on(frame, settings):
    match, users = await make_match()
    cookie = await session_cookie(users[0])
    communicator, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    assert (await communicator.receive_json_from(timeout=5))["type"] == "view"
    await communicator.send_to(text_data=json.dumps(frame))
    answer = await communicator.receive_output(timeout=5)
    assert answer["type"] == "websocket.send", answer
    # an error frame, or nothing to say (a NUL-free chat text is posted and broadcast)
    assert json.loads(answer["text"])["type"] in ("error", "chat", "pong")
    await communicator.send_json_to({"type": "ping"})
    while (await communicator.receive_json_from(timeout=5))["type"] != "pong":
        pass
    await communicator.disconnect()


async def test_poisoned_frames_leave_every_socket_slot_free(settings):
    settings.SOCKETS_PER_USER = 1
    match, users = await make_match()
    cookie = await session_cookie(users[0])
    for frame in POISONED_FRAMES:
        communicator, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
        assert (await communicator.receive_json_from(timeout=5))["type"] == "view", frame
        await communicator.send_to(text_data=json.dumps(frame))
        await communicator.receive_output(timeout=5)
        await communicator.disconnect()
    last, _, _ = await open_socket(f"/ws/match/{match.pk}/", cookie)
    assert (await last.receive_json_from(timeout=5))["type"] == "view"
    await last.disconnect()

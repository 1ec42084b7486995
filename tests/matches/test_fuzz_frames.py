"""Fuzzing the live socket (issue 8, item 5; issue 20, item 2): every frame type, with text from all of
Unicode (lone surrogates, NULs, over-long strings, tests/fuzzing.py), gets an error, a view or a pong,
never a close or a traceback, and the match is unchanged."""
import asyncio
import json
import logging

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from config.asgi import application
from matches import services
from matches.models import ActionLog, Match
from matches.services import SeatSpec
from tests.examples import examples
from tests.factories import UserFactory
from tests.fuzzing import any_text

pytestmark = pytest.mark.django_db(transaction=True)

short_text = any_text(max_size=20, long_size=5000)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.floats(allow_nan=False).map(lambda f: f + 0.5) | short_text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(short_text, children, max_size=4),
    max_leaves=20,
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["add", "bid", "timeout", "pass"]) | short_text},
    optional={"n": json_values, "seat": json_values, "pad": short_text},
)
FRAME_TYPES = ["action", "hello", "sync", "ping", "chat", "chat_mute", "chat_unmute", "chat_report"]
frames = st.fixed_dictionaries(
    {"type": st.sampled_from(FRAME_TYPES) | short_text},
    optional={
        "version": st.integers(-2, 5) | json_values, "action": actions | json_values, "seat": json_values,
        "text": short_text | json_values, "user": st.sampled_from(["walker", "nobody"]) | short_text | json_values,
        "message": st.integers(-1, 10) | json_values, "reason": short_text | json_values,
    },
)
raw_text = st.one_of(
    frames.map(json.dumps),
    # the same frames as a client that does not escape: a lone surrogate can only travel escaped in JSON
    frames.map(lambda frame: json.dumps(frame, ensure_ascii=False).encode("utf-8", "surrogatepass").decode("utf-8", "replace")),
    json_values.map(json.dumps),
    st.text(max_size=120),
    st.integers(1, 5000).map(lambda depth: "[" * depth),
    st.integers(1, 2000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
    st.integers(4000, 6000).map(lambda size: json.dumps({"type": "ping", "pad": "x" * size})),
)


@pytest.fixture
def seat_socket(settings):
    """One socket of seat 1 (who has nothing to do at version 0), kept open across examples."""
    settings.SOCKET_FRAME_BURST = 10**6
    settings.SOCKET_USER_FRAMES_LIMIT = 10**6
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0, "rounds": 1}, seed=3)
    browser = Client()
    browser.force_login(users[1])
    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode()),
    ]
    loop = asyncio.new_event_loop()
    communicator = WebsocketCommunicator(application, f"/ws/match/{match.pk}/", headers=headers)
    connected, _ = loop.run_until_complete(communicator.connect(timeout=10))
    assert connected
    first = loop.run_until_complete(communicator.receive_json_from(timeout=10))
    assert first["type"] == "view" and first["seat"] == 1
    yield loop, communicator, match
    loop.run_until_complete(communicator.disconnect())
    loop.close()


def match_state(match_id):
    match = Match.objects.get(pk=match_id)
    return match.version, match.state, match.status, ActionLog.objects.filter(match=match).count()


async def exchange(communicator, raw, marker):
    """Sends the fuzzed frame, then a marker frame; returns what came back before the marker's answer."""
    # send_input, not send_to: an empty frame is a frame too.
    await communicator.send_input({"type": "websocket.receive", "bytes" if isinstance(raw, bytes) else "text": raw})
    await communicator.send_json_to({"type": marker})
    replies = []
    while True:
        output = await communicator.receive_output(timeout=10)
        assert output["type"] == "websocket.send", f"the socket closed: {output}"
        reply = json.loads(output["text"])
        if reply.get("type") == "error" and marker in reply.get("message", ""):
            return replies
        replies.append(reply)


@hypothesis_settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=raw_text | st.binary(max_size=40))
def test_every_frame_gets_an_answer_and_changes_nothing(seat_socket, raw, caplog):
    loop, communicator, match = seat_socket
    before = match_state(match.pk)
    with caplog.at_level(logging.ERROR):
        replies = loop.run_until_complete(exchange(communicator, raw, "fuzz-marker"))
    assert replies, "a frame got no answer"
    assert all(reply["type"] in ("error", "view", "pong", "chat", "chat_muted", "chat_reported") for reply in replies), replies
    for reply in replies:
        if reply["type"] == "error":
            assert reply["code"] and reply["message"]
    assert match_state(match.pk) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a traceback was logged"

"""Hidden information, proved for every registered game through the real socket and service.

Random matches (Hypothesis draws the game size, the seed and the moves) are
played by people over the live consumer; every frame each seat and a
spectator receive (first view, views after changes, resyncs, errors) and the
match's HTTP answers are judged by the game's own oracle (`hidden_leaks`)
against the true state. A new game is covered the moment it registers.
"""
import json
import random

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from config.asgi import application
from gamekit import driver
from matches import frames, registry, scheduling, services
from matches.models import Match
from tests.examples import examples
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

MAX_MOVES = 30


def _games():
    return [spec.key for spec in registry.all_games()]


def _session_cookie(user):
    client = Client()
    client.force_login(user)
    return client, f"sessionid={client.cookies['sessionid'].value}"


async def _connect(match_id, cookie):
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie.encode())]
    communicator = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
    connected, _code = await communicator.connect(timeout=5)
    assert connected
    return communicator


async def _drain(communicator, into):
    """Every frame waiting on this socket (the service sends after commit, so they are there already)."""
    # receive_nothing peeks without ending the consumer (a timed-out receive would cancel it)
    while not await communicator.receive_nothing(timeout=0.02, interval=0.005):
        into.append(await communicator.receive_json_from(timeout=1))


def _judge(engine, state, viewer, frames):
    for frame in frames:
        if frame.get("type") != "view":
            assert engine.hidden_leaks(state, viewer, frame) == [], frame
            continue
        assert frame["seat"] == viewer
        for part in ("view", "events", "legal"):
            leaks = engine.hidden_leaks(state, viewer, frame[part])
            assert leaks == [], f"{part} to {viewer} at version {frame['version']}: {leaks}\n{json.dumps(frame[part])[:3000]}"


def _match_state(match_id, viewers=()):
    """The state, the status and, for each viewer, the version its frames reach: that of the last change it
    could see (an action hidden from it sends it no frame: matches/frames.py)."""
    match = Match.objects.get(pk=match_id)
    return match.state, match.status, {viewer: frames.seen_version(match, viewer) for viewer in viewers}


async def _play(game, players, seed, choices):
    spec = registry.get_game(game)
    engine = spec.engine
    users = await sync_to_async(lambda: [UserFactory() for _ in range(players + 1)])()
    table = await sync_to_async(registry.default_table_options)(spec)  # a game may read its choices from the database
    options = await sync_to_async(lambda: spec.resolve_options(table) if spec.resolve_options else table)()
    match = await sync_to_async(services.create_match)(
        game, [services.SeatSpec(user=u) for u in users[:players]], options, seed=seed)
    cookies = [await sync_to_async(_session_cookie)(u) for u in users]
    viewers = [*range(players), None]
    sockets = [await _connect(match.pk, cookie) for _client, cookie in cookies]
    received = {viewer: [] for viewer in viewers}
    latest = {}
    rng = random.Random(seed)
    for move in range(MAX_MOVES):
        state, status, versions = await sync_to_async(_match_state)(match.pk, viewers)
        for viewer, socket in zip(viewers, sockets, strict=True):
            # every socket is brought up to the version it may see before anyone acts again
            while latest.get(viewer, {}).get("version", -1) < versions[viewer]:
                frame = await socket.receive_json_from(timeout=5)
                received[viewer].append(frame)
                if frame.get("type") == "view":
                    latest[viewer] = frame
            await _drain(socket, received[viewer])
            _judge(engine, state, viewer, received[viewer])
            received[viewer] = []
        if status != Match.Status.RUNNING:
            break
        waiting = latest[0]["to_act"]
        if not waiting:
            break  # only time acts now: nothing more a person can send
        seat = waiting[choices[move % len(choices)] % len(waiting)]
        seen = latest[seat]
        assert seen["legal"], f"seat {seat} is waited for but offered nothing"
        if move % 7 == 3:
            # a resync, a garbage action and a stale version are answered too, and judged
            await sockets[seat].send_json_to({"type": "hello", "version": seen["version"]})
            await sockets[seat].send_json_to({"type": "action", "version": seen["version"], "action": {"type": "peek"}})
        action = driver.random_bot(seen["view"], seen["legal"], rng)
        await sockets[seat].send_json_to({"type": "action", "version": seen["version"], "action": action})
        # the sender's answer (its new view, or an error) says the action has been dealt with
        while True:
            frame = await sockets[seat].receive_json_from(timeout=5)
            received[seat].append(frame)
            if frame.get("type") == "view":
                latest[seat] = frame
            if frame.get("type") == "view" and frame["version"] > seen["version"] or frame.get("type") == "error" \
                    and frame.get("code") != "illegal":
                break
    # the HTTP side: no replay or export of a running match for anyone
    state, status, _versions = await sync_to_async(_match_state)(match.pk)
    for client, _cookie in cookies:
        response = await sync_to_async(client.get)(f"/matches/{match.pk}/replay.json")
        if status == Match.Status.RUNNING:
            assert response.status_code == 404
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.parametrize("game", _games())
# No shrinking: a failing example is printed as drawn (a whole match is slow to shrink).
@settings(max_examples=examples(4), deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_frame_reaches_a_seat_with_what_it_may_not_see(game, data):
    spec = registry.get_game(game)
    players = data.draw(st.integers(spec.min_players, spec.max_players), label="players")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    choices = data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=MAX_MOVES), label="choices")
    with scheduling.suspended():
        async_to_sync(_play)(game, players, seed, choices)

"""The socket keeps the seat's presence; a person a computer player stood in for takes the seat back on connecting;
one who resigned watches from then on."""
import json
import time

import pytest
from asgiref.sync import sync_to_async

from matches import presence, services
from matches.models import MatchSeat, SeatPresence
from tests.matches.test_consumers import connect, make_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def presences(match_id):
    return list(SeatPresence.objects.filter(match_id=match_id).values_list("seat", flat=True))


@sync_to_async
def last_seen(match_id, seat):
    return MatchSeat.objects.get(match_id=match_id, seat=seat).last_seen_at


async def test_a_seated_socket_is_present_until_it_closes():
    match, users = await make_match()
    communicator, connected, _ = await connect(match.pk, users[1])
    assert connected
    await communicator.receive_json_from(timeout=5)
    assert await presences(match.pk) == [1]
    seen = await last_seen(match.pk, 1)
    await communicator.send_to(text_data=json.dumps({"type": "ping"}))
    await communicator.receive_json_from(timeout=5)
    assert await last_seen(match.pk, 1) > seen
    await communicator.disconnect()
    assert await presences(match.pk) == []
    assert await last_seen(match.pk, 1) is not None


@sync_to_async
def seat_row(match_id, seat):
    return MatchSeat.objects.get(match_id=match_id, seat=seat)


async def receive_until(communicator, kind, code=None):
    for _ in range(20):
        frame = await communicator.receive_json_from(timeout=5)
        if frame["type"] == kind and (code is None or frame.get("code") == code):
            return frame
    raise AssertionError(f"no {kind} {code} frame")


@sync_to_async
def first_decisions_made(match):
    """Seat 0 adds and seat 1 bids, each their first decision (before it nobody stands in: the match would be
    aborted, tests/matches/test_early_abort.py); the window then waits for seat 0's bid."""
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1})
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 0})


async def test_a_person_stood_in_for_takes_the_seat_back_on_connecting():
    match, users = await make_match()
    await first_decisions_made(match)
    keeper, _, _ = await connect(match.pk, users[1])
    await keeper.receive_json_from(timeout=5)
    # Seat 0's bid is due and its person went away: after the grace period a computer stands in.
    stood_in = await sync_to_async(presence.stand_in_for_absent_seats)(now=time.time() + 55, grace=50)
    assert stood_in == 1
    notice = await receive_until(keeper, "notice", presence.STOOD_IN)
    assert notice["seat"] == 0 and notice["bots"] == [0]
    communicator, connected, _ = await connect(match.pk, users[0])
    assert connected
    frame = await communicator.receive_json_from(timeout=5)
    assert frame["seat"] == 0 and frame["bots"] == []
    assert [n["code"] for n in frame["seat_notices"]] == [presence.STOOD_IN, presence.RETURNED]
    back = await seat_row(match.pk, 0)
    assert back.bot == "" and back.stand_in_since is None
    notice = await receive_until(keeper, "notice", presence.RETURNED)
    assert notice["seat"] == 0 and notice["bots"] == []
    await communicator.disconnect()
    await keeper.disconnect()


async def test_a_resigning_persons_open_socket_turns_into_a_spectators():
    match, users = await make_match()
    communicator, _, _ = await connect(match.pk, users[1])
    assert (await communicator.receive_json_from(timeout=5))["seat"] == 1
    await sync_to_async(presence.resign_seat)(match.pk, users[1])
    frames = [await communicator.receive_json_from(timeout=5) for _ in range(2)]
    notice = next(f for f in frames if f["type"] == "notice")
    assert notice["code"] == "seat_resigned" and notice["seat"] == 1
    while frames[-1]["type"] != "view" or frames[-1]["seat"] is not None:
        frames.append(await communicator.receive_json_from(timeout=5))
    assert frames[-1]["legal"] == []
    await communicator.send_to(text_data=json.dumps({"type": "action", "version": frames[-1]["version"], "action": {"type": "cheer"}}))
    assert (await communicator.receive_json_from(timeout=5))["code"] == "not_seated"
    await communicator.disconnect()

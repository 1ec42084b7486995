"""The socket keeps the seat's presence; a person whose seat was taken over comes back as a spectator."""
import json
import time

import pytest
from asgiref.sync import sync_to_async

from matches import presence
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


async def test_a_replaced_person_comes_back_as_a_spectator():
    match, users = await make_match()
    keeper, _, _ = await connect(match.pk, users[0])
    await keeper.receive_json_from(timeout=5)
    taken = await sync_to_async(presence.take_over_abandoned_seats)(now=time.time() + 55, grace=50)
    assert taken == 1
    communicator, connected, _ = await connect(match.pk, users[1])
    assert connected
    frame = await communicator.receive_json_from(timeout=5)
    assert frame["seat"] is None and frame["legal"] == []
    await communicator.send_to(text_data=json.dumps({"type": "action", "version": 0, "action": {"type": "cheer"}}))
    assert (await communicator.receive_json_from(timeout=5))["code"] == "not_seated"
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

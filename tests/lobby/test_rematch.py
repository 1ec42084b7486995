"""The rematch: the host reopens a finished match's table with the same seats and options; the others accept or decline."""
import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.urls import reverse

from lobby import rematch as lobby_rematch
from lobby.errors import LobbyError
from lobby.models import Table
from lobby.snapshot import lobby_snapshot
from lobby.tables import add_bot, create_table, join_table, leave_table, start_table
from matches import ratings, scheduling, services as match_services
from matches.endscreen import end_summary
from matches.models import Match
from tests.factories import UserFactory
from tests.matches.test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)


def finished_table_match(seat_people, rounds=1, rated=True, host=None):
    """A countdown table seated as ``seat_people`` (a User, or a bot's name), started and played to the end.

    The host (by default the first User) may sit in any seat."""
    host = host or next(p for p in seat_people if not isinstance(p, str))
    table = create_table(host, "countdown", len(seat_people), {"clock": 0, "rounds": rounds}, rated=rated)
    table.seats.update(user=None)
    for seat, who in enumerate(seat_people):
        if isinstance(who, str):
            table.seats.filter(seat=seat).update(bot=who)
        else:
            table.seats.filter(seat=seat).update(user=who)
    with scheduling.suspended():
        table = start_table(host, table.pk)
        match = table.match
        for seat in range(len(seat_people) * rounds):
            match = match_services.match_apply_action(match.pk, seat % len(seat_people), {"type": "add", "n": 1 + seat % 3})
            for bidder in range(len(seat_people)):
                match = match_services.match_apply_action(match.pk, bidder, {"type": "bid", "n": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return table, match


def seating(table):
    return [(s.seat, s.user_id, s.bot, s.reserved_for_id) for s in table.seats.order_by("seat")]


def test_the_host_offers_a_rematch_with_the_same_seats_options_and_bots():
    guest, host = UserFactory(), UserFactory()
    original, match = finished_table_match([guest, host, "first"], host=host)
    rematch = lobby_rematch.rematch_offer(host, match.pk)
    assert rematch.rematch_of_id == match.pk and rematch.host_id == host.pk
    assert (rematch.game, rematch.options, rematch.rated, rematch.seat_count) == (original.game, original.options, original.rated, 3)
    # The host sits where they sat, the computer player too; the guest's seat is kept for them.
    assert seating(rematch) == [(0, None, "", guest.pk), (1, host.pk, "", None), (2, None, "first", None)]
    # A second click gives the same table.
    assert lobby_rematch.rematch_offer(host, match.pk).pk == rematch.pk


def test_only_the_host_offers_and_only_once_the_match_is_over():
    host, guest = UserFactory(), UserFactory()
    _table, match = finished_table_match([host, guest])
    with pytest.raises(LobbyError, match="Only the host"):
        lobby_rematch.rematch_offer(guest, match.pk)
    running = create_table(host, "countdown", 2, {"clock": 0, "rounds": 1})
    add_bot(host, running.pk, 1, "first")
    with scheduling.suspended():
        running = start_table(host, running.pk)
    with pytest.raises(LobbyError, match="once the match is over"):
        lobby_rematch.rematch_offer(host, running.match_id)


def test_when_every_person_accepted_the_rematch_starts_with_the_same_seats():
    host, guest, third = UserFactory(), UserFactory(), UserFactory()
    _table, match = finished_table_match([host, "first", guest, third])
    lobby_rematch.rematch_offer(host, match.pk)
    with scheduling.suspended():
        waiting = lobby_rematch.rematch_accept(guest, match.pk)
        assert waiting.status == Table.Status.OPEN
        started = lobby_rematch.rematch_accept(third, match.pk)
    assert started.status == Table.Status.STARTED
    new_match = started.match
    assert new_match.pk != match.pk and new_match.status == Match.Status.RUNNING
    assert [(s.seat, s.user_id, s.bot) for s in new_match.seats.order_by("seat")] == [
        (0, host.pk, ""), (1, None, "first"), (2, guest.pk, ""), (3, third.pk, "")
    ]


def test_a_kept_seat_is_not_given_to_anyone_else_until_its_player_declines():
    host, guest, stranger = UserFactory(), UserFactory(), UserFactory()
    _table, match = finished_table_match([host, guest])
    rematch = lobby_rematch.rematch_offer(host, match.pk)
    with pytest.raises(LobbyError, match="full"):
        join_table(stranger, rematch.pk)
    with pytest.raises(LobbyError, match="kept for a player"):
        join_table(stranger, rematch.pk, 1)
    with pytest.raises(LobbyError, match="no seat kept for you"):
        lobby_rematch.rematch_accept(stranger, match.pk)
    lobby_rematch.rematch_decline(guest, match.pk)
    assert end_summary(match, 0)["rematch"]["seats"][1]["state"] == "declined"
    join_table(stranger, rematch.pk, 1)
    assert seating(rematch)[1][1] == stranger.pk


def test_the_end_summary_shows_places_rating_changes_and_the_invitation():
    host, guest = UserFactory(), UserFactory()
    _table, match = finished_table_match([host, guest, "first"])
    first = end_summary(match, 1)["players"][0]["rating"]
    if settings.TIMER_BACKEND == "celery":
        assert first["state"] == "pending"  # the worker records them; no worker runs here
        ratings.record_match_ratings(match.pk)  # the task the finish scheduled
    else:
        assert first["state"] == "rated"  # no broker: recorded as the last move commits (matches/scheduler_thread.py)
    match.refresh_from_db()
    summary = end_summary(match, 1)
    assert summary["replay_url"] == f"/matches/{match.pk}/replay/" and summary["lobby_url"] == "/"
    assert [p["place"] for p in summary["players"]] == sorted(p["place"] for p in summary["players"])
    # A change for every seat, the computer player's too.
    assert all(p["rating"]["state"] == "rated" for p in summary["players"])
    for p in summary["players"]:
        assert p["rating"]["change"] == pytest.approx(p["rating"]["after"] - p["rating"]["before"], abs=0.02)
    assert summary["rematch"] == {"host": host.username, "is_host": False, "table": None}
    assert end_summary(match, 0)["rematch"]["is_host"] is True
    lobby_rematch.rematch_offer(host, match.pk)
    assert end_summary(match, 1)["rematch"]["mine"] == "invited"
    assert end_summary(match, 0)["rematch"]["mine"] == "accepted"
    # A spectator sees the offer, not an invitation.
    assert end_summary(match, None)["rematch"]["mine"] is None


def test_an_unrated_match_says_so_and_shared_places_are_marked():
    host, guest = UserFactory(), UserFactory()
    _table, match = finished_table_match([host, guest], rated=False)
    Match.objects.filter(pk=match.pk).update(result={"ranks": [1, 1]})
    match.seats.update(rank=1)
    summary = end_summary(match, 0)
    assert {p["rating"]["state"] for p in summary["players"]} == {"unrated"}
    assert all(p["shared"] for p in summary["players"])


def test_a_rematch_the_host_closed_can_be_offered_again():
    host, guest = UserFactory(), UserFactory()
    _table, match = finished_table_match([host, guest])
    first = lobby_rematch.rematch_offer(host, match.pk)
    leave_table(host, first.pk)  # the host leaves: the table closes
    assert end_summary(match, 1)["rematch"]["table"] is None
    second = lobby_rematch.rematch_offer(host, match.pk)
    assert second.pk != first.pk and end_summary(match, 1)["rematch"]["mine"] == "invited"


# --- issue 20, finding 5: a rematch clicked on and off does not flood the match's sockets ----------


async def _frames_within(communicator, seconds):
    """Every frame the socket gets in the next `seconds` (receive_nothing: a timeout would end the consumer)."""
    frames = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        if not await communicator.receive_nothing(timeout=0.05):
            frames.append(await communicator.receive_json_from(timeout=1))
    return frames


@pytest.mark.slow
@pytest.mark.asyncio
async def test_rematch_changes_reach_each_socket_coalesced_the_last_one_always(settings):
    settings.MATCH_PAGE_REFRESH_INTERVAL = 1.0
    guest, other, host = [await sync_to_async(UserFactory)() for _ in range(3)]
    _table, match = await sync_to_async(finished_table_match)([guest, other, host], host=host)
    sockets = []
    for user in (guest, other, host):
        communicator, connected, _ = await connect(match.pk, user)
        assert connected and (await communicator.receive_json_from(timeout=5))["type"] == "view"
        sockets.append(communicator)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await sync_to_async(lobby_rematch.rematch_offer)(host, match.pk)
    for _ in range(10):  # the guest says yes, no, yes, no, ... as fast as the server lets them
        await sync_to_async(lobby_rematch.rematch_accept)(guest, match.pk)
        await sync_to_async(lobby_rematch.rematch_decline)(guest, match.pk)
    changing = loop.time() - started
    # 21 changes: each socket gets the first at once, then at most one a second while they go on, and
    # the last one always (a loaded machine spreads the 21 over more than a second: a frame more per second)
    for communicator in sockets:
        frames = await _frames_within(communicator, 2.5)
        assert {frame["type"] for frame in frames} == {"view"}
        assert len(frames) <= 2 + int(changing), (len(frames), changing)
        guest_seat = frames[-1]["end"]["rematch"]["seats"][0]
        assert (guest_seat["name"], guest_seat["state"]) == (guest.username, "declined")
        await communicator.disconnect()


def test_rematch_steps_are_rate_limited_per_person_and_a_refused_one_changes_nothing(settings):
    """Issue 20, finding 5: each rematch step redraws every page of the match; a loop of them is cut off."""
    settings.REMATCH_STEPS_LIMIT = 3
    guest, other, host = UserFactory(), UserFactory(), UserFactory()
    _original, match = finished_table_match([guest, other, host], host=host)  # other's seat stays kept: no start
    rematch = lobby_rematch.rematch_offer(host, match.pk)
    lobby_rematch.rematch_accept(guest, match.pk)
    lobby_rematch.rematch_decline(guest, match.pk)
    lobby_rematch.rematch_accept(guest, match.pk)
    before = seating(Table.objects.get(pk=rematch.pk))
    with pytest.raises(LobbyError, match=r"Too many rematch requests: try again in \d+ seconds?"):
        lobby_rematch.rematch_decline(guest, match.pk)
    assert seating(Table.objects.get(pk=rematch.pk)) == before
    # Counted per person: the host still has steps left.
    assert lobby_rematch.rematch_offer(host, match.pk).pk == rematch.pk


def test_a_rematch_against_computer_players_only_starts_at_once_and_is_not_listed_open(client):
    host = UserFactory()
    _table, match = finished_table_match([host, "first", "first"])
    client.force_login(host)
    response = client.post(reverse("lobby:rematch_offer", args=[match.pk]))
    rematch = Table.objects.get(rematch_of=match)
    assert rematch.status == Table.Status.STARTED and rematch.match_id is not None
    assert response.status_code == 302 and response["Location"] == f"/matches/{rematch.match_id}/"
    assert seating(rematch) == [(0, host.pk, "", None), (1, None, "first", None), (2, None, "first", None)]
    assert rematch.pk not in [t["id"] for t in lobby_snapshot(host)["tables"]]
    # a second click gives the same (started) table, not a new one
    assert lobby_rematch.rematch_offer(host, match.pk).pk == rematch.pk

"""Seats are kept for the people who sit in them (matches/presence.py).

Being away costs nothing while the game waits for someone else; once a decision of the
seat is due and its person has had no socket on the match for the table's grace period,
the game's first computer player stands in, and the person takes the seat back the
moment a socket of theirs opens on the match again. Only resigning gives a seat up.
"""
import time
from datetime import UTC, datetime, timedelta

import pytest

from matches import frames, presence, services
from matches.endscreen import end_summary
from matches.models import Match, MatchSeat, Rating
from tests.factories import UserFactory
from tests.matches.playing import seat_specs

pytestmark = pytest.mark.django_db(transaction=True)

GRACE = 60.0


def new_match(players, clock=0, is_private=False, now=None):
    return services.create_match("countdown", seat_specs(players), {"clock": clock, "rounds": 1}, seed=3,
                                 is_private=is_private, now=now)


def seat(match, number):
    return MatchSeat.objects.get(match=match, seat=number)


def notices(match):
    return [(n["code"], n["seat"]) for n in Match.objects.get(pk=match.pk).seat_notices]


def bob_due_at(t0):
    """Alice (seat 0, present) adds at t0 and Bob (seat 1) bids at once, his first decision made; he is gone since
    t0 + 1. Alice bids at t0 + 100: Bob's turn then opens, and the game waits for him.
    (At a person's first decision nobody stands in: the match is aborted, tests/matches/test_early_abort.py.)"""
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob], now=t0)
    presence.seat_connected(match.pk, 0, "alice-socket", now=t0)
    presence.seat_connected(match.pk, 1, "bob-socket", now=t0)
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, now=t0)
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 0}, now=t0)
    presence.seat_disconnected(match.pk, 1, "bob-socket", now=t0 + 1)
    services.match_apply_action(match.pk, 0, {"type": "bid", "n": 0}, now=t0 + 100)
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 150)
    return match, alice, bob


def test_a_person_away_while_nobody_waits_for_them_keeps_the_seat():
    t0 = time.time()
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob], now=t0)
    presence.seat_connected(match.pk, 0, "alice-socket", now=t0)
    presence.seat_connected(match.pk, 1, "bob-socket", now=t0)
    presence.seat_disconnected(match.pk, 1, "bob-socket", now=t0 + 1)  # Bob looks at the replays and the history
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 290)
    # Five minutes on, the game still waits for Alice only: Bob's seat is his.
    assert presence.stand_in_for_absent_seats(now=t0 + 300, grace=GRACE) == 0
    assert seat(match, 1).bot == "" and seat(match, 1).stand_in_since is None
    assert presence.away_status(bob, now=t0 + 300) == []


def test_a_computer_player_stands_in_once_a_decision_is_due_past_the_countdown():
    t0 = time.time()
    match, _alice, bob = bob_due_at(t0)
    # The countdown runs from the decision's opening (t0 + 100), not from when Bob left.
    assert presence.away_status(bob, now=t0 + 150) == [
        {"match": match.pk, "game": "Countdown (test game)", "seat": 1, "state": "due", "at": pytest.approx(t0 + 100 + GRACE),
         "aborts": False}
    ]
    assert presence.stand_in_for_absent_seats(now=t0 + 150, grace=GRACE) == 0
    assert presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE) == 1
    assert presence.stand_in_for_absent_seats(now=t0 + 170, grace=GRACE) == 0
    stood_in = seat(match, 1)
    assert stood_in.user == bob and stood_in.bot == "first" and stood_in.stand_in_since is not None
    assert stood_in.abandoned_at is None  # the seat is still Bob's
    match.refresh_from_db()
    assert match.bot_seats == [[1, "first"]] and notices(match) == [(presence.STOOD_IN, 1)]
    assert presence.away_status(bob, now=t0 + 170) == [
        {"match": match.pk, "game": "Countdown (test game)", "seat": 1, "state": "stood_in"}
    ]
    assert services.match_bot_act(match.pk, 1, match.version) is True


def test_an_open_page_of_the_match_stops_the_countdown():
    t0 = time.time()
    match, _alice, bob = bob_due_at(t0)
    presence.seat_connected(match.pk, 1, "bob-back", now=t0 + 159)
    assert presence.away_status(bob, now=t0 + 200) == []
    assert presence.stand_in_for_absent_seats(now=t0 + 200, grace=GRACE) == 0


def test_the_person_takes_the_seat_back_the_moment_they_return():
    t0 = time.time()
    match, _alice, bob = bob_due_at(t0)
    assert presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE) == 1
    presence.seat_connected(match.pk, 1, "bob-back", now=t0 + 170)
    assert presence.take_seat_back(match.pk, 1, now=t0 + 170) is True
    assert presence.take_seat_back(match.pk, 1, now=t0 + 171) is False  # once
    back = seat(match, 1)
    assert back.bot == "" and back.stand_in_since is None and back.user == bob
    match.refresh_from_db()
    assert match.bot_seats == [] and notices(match) == [(presence.STOOD_IN, 1), (presence.RETURNED, 1)]
    # Every frame carries the notices and who a computer plays for, for the page's lasting list and badges.
    frame = frames.seat_frame(match, 0)
    assert frame["bots"] == [] and [n["code"] for n in frame["seat_notices"]] == [presence.STOOD_IN, presence.RETURNED]
    # Bob acts himself again.
    services.match_apply_action(match.pk, 1, {"type": "add", "n": 1}, now=t0 + 172)


def test_a_replaced_person_opens_the_match_page_in_their_seat(client):
    t0 = time.time()
    match, _alice, bob = bob_due_at(t0)
    presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE)
    client.force_login(bob)
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200 and response.context["seat"] == 1


def test_the_person_stood_in_for_is_ranked_and_rated_for_the_seat(settings):
    settings.TIMER_BACKEND = "thread"
    t0 = time.time() - 600
    match, alice, bob = bob_due_at(t0)
    assert presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE) == 1
    # Bob's seat, played by the computer, ends first.
    services.match_apply_action(match.pk, 1, {"type": "add", "n": 3}, now=t0 + 164)
    for bidder in (0, 1):
        services.match_apply_action(match.pk, bidder, {"type": "bid", "n": 0}, now=t0 + 165)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["ranks"] == [2, 1]
    assert seat(match, 1).rank == 1 and seat(match, 1).won
    assert Rating.objects.get(user=bob).rating > Rating.objects.get(user=alice).rating
    bob_row = next(p for p in end_summary(match, 1)["players"] if p["seat"] == 1)
    assert bob_row["name"] == bob.username and bob_row["place"] == 1
    assert bob_row["stood_in"] and not bob_row["bot"] and not bob_row["left"]
    assert bob_row["rating"]["change"] > 0


def test_a_deserted_match_without_a_clock_ends_after_the_longer_limit():
    t0 = time.time()
    untimed = new_match([UserFactory(), UserFactory()], now=t0)
    timed = new_match([UserFactory(), UserFactory()], clock=30, now=t0)
    Match.objects.filter(pk__in=[untimed.pk, timed.pk]).update(started_at=datetime.now(UTC) - timedelta(seconds=1000))
    assert presence.end_deserted_matches(now=time.time(), limit=900) == 1
    assert Match.objects.get(pk=untimed.pk).status == Match.Status.ABORTED
    assert Match.objects.get(pk=timed.pk).status == Match.Status.RUNNING


def test_a_match_someone_still_sits_in_is_not_ended():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    Match.objects.filter(pk=match.pk).update(started_at=datetime.now(UTC) - timedelta(seconds=1000))
    presence.seat_connected(match.pk, 0, "alice-socket", now=time.time())
    assert presence.end_deserted_matches(now=time.time() + 1, limit=900) == 0


def test_each_table_sets_its_own_grace_period():
    t0 = time.time()
    quick = services.create_match("countdown", seat_specs([UserFactory(), UserFactory()]), {"clock": 0, "rounds": 1},
                                  seed=3, abandon_grace=20, now=t0)
    patient = services.create_match("countdown", seat_specs([UserFactory(), UserFactory()]), {"clock": 0, "rounds": 1},
                                    seed=4, abandon_grace=300, now=t0)
    for match in (quick, patient):
        presence.seat_connected(match.pk, 1, f"{match.pk}-1", now=t0)
        presence.seat_disconnected(match.pk, 0, f"{match.pk}-0", now=t0)  # seat 0, due at once, is gone
        presence.seat_seen(match.pk, 1, f"{match.pk}-1", now=t0 + 20)
    assert presence.stand_in_for_absent_seats(now=t0 + 15) == 0
    assert presence.stand_in_for_absent_seats(now=t0 + 25) == 1  # the 20 s table only
    # seat 0's first decision: the match is aborted rather than played for them (the early abort)
    assert Match.objects.get(pk=quick.pk).status == Match.Status.ABORTED
    assert Match.objects.get(pk=patient.pk).status == Match.Status.RUNNING and seat(patient, 0).stand_in_since is None


def test_resigning_while_stood_in_for_gives_the_seat_up_for_good():
    t0 = time.time()
    match, _alice, bob = bob_due_at(t0)
    presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE)
    assert presence.resign_seat(match.pk, bob, now=t0 + 170) == 1
    resigned = seat(match, 1)
    assert resigned.abandoned_at is not None and resigned.stand_in_since is None and resigned.bot == "first"
    assert presence.take_seat_back(match.pk, 1, now=t0 + 171) is False
    match.refresh_from_db()
    assert match.bot_seats == [[1, "first"]]
    assert notices(match) == [(presence.STOOD_IN, 1), (presence.RESIGNED, 1)]
    assert presence.away_status(bob, now=t0 + 172) == []

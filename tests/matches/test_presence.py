"""Seats left empty: a computer player takes over once after the grace period; coming back in time keeps the seat."""
import time
from datetime import datetime, timedelta, timezone

import pytest

from matches import presence, ratings, services
from matches.models import Match, MatchSeat, Rating
from tests.factories import UserFactory
from tests.matches.playing import seat_specs

pytestmark = pytest.mark.django_db(transaction=True)

GRACE = 60.0


def new_match(players, clock=0, is_private=False):
    return services.create_match("countdown", seat_specs(players), {"clock": clock, "rounds": 1}, seed=3, is_private=is_private)


def seat(match, number):
    return MatchSeat.objects.get(match=match, seat=number)


def test_a_person_gone_past_the_grace_period_is_replaced_once():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    t0 = time.time()
    presence.seat_connected(match.pk, 0, "alice-socket", now=t0)
    presence.seat_connected(match.pk, 1, "bob-socket", now=t0)
    presence.seat_disconnected(match.pk, 1, "bob-socket", now=t0 + 1)

    assert presence.take_over_abandoned_seats(now=t0 + 30, grace=GRACE) == 0
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 40)  # Alice's page pings
    assert presence.take_over_abandoned_seats(now=t0 + 62, grace=GRACE) == 1
    assert presence.take_over_abandoned_seats(now=t0 + 70, grace=GRACE) == 0
    match.refresh_from_db()
    assert match.bot_seats == [[1, "first"]]
    replaced = seat(match, 1)
    assert replaced.user == bob and replaced.bot == "first" and replaced.abandoned_at is not None
    assert seat(match, 0).abandoned_at is None  # Alice's socket is open


def test_coming_back_before_the_grace_period_keeps_the_seat():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    t0 = time.time()
    presence.seat_connected(match.pk, 0, "alice-socket", now=t0)
    presence.seat_connected(match.pk, 1, "bob-1", now=t0)
    presence.seat_disconnected(match.pk, 1, "bob-1", now=t0 + 1)
    presence.seat_connected(match.pk, 1, "bob-2", now=t0 + 50)
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 40)
    assert presence.take_over_abandoned_seats(now=t0 + 62, grace=GRACE) == 0
    # Pings keep both seats; a socket whose process died stops pinging and goes stale.
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 100)
    assert presence.take_over_abandoned_seats(now=t0 + 150, grace=GRACE) == 1
    assert seat(match, 1).abandoned_at is not None and seat(match, 0).abandoned_at is None


def test_the_computer_player_then_plays_the_seat():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    t0 = time.time()
    presence.seat_connected(match.pk, 1, "bob-socket", now=t0)
    presence.seat_seen(match.pk, 1, "bob-socket", now=t0 + 30)
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2})
    services.match_apply_action(match.pk, 0, {"type": "bid", "n": 0})
    assert presence.take_over_abandoned_seats(now=t0 + GRACE + 1, grace=GRACE) == 1  # Alice never came
    presence.seat_disconnected(match.pk, 1, "bob-socket", now=t0 + GRACE + 2)
    assert presence.take_over_abandoned_seats(now=t0 + 2 * GRACE + 3, grace=GRACE) == 1
    match.refresh_from_db()
    assert sorted(match.bot_seats) == [[0, "first"], [1, "first"]]
    assert services.match_bot_act(match.pk, 1, match.version) is True


def test_a_replaced_person_may_still_watch_a_private_match(client):
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob], is_private=True)
    presence.seat_connected(match.pk, 0, "alice-socket", now=time.time() + GRACE)
    presence.take_over_abandoned_seats(now=time.time() + GRACE + 1, grace=GRACE)
    client.force_login(bob)
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200 and response.context["seat"] is None
    client.force_login(alice)
    assert client.get(f"/matches/{match.pk}/").context["seat"] == 0


def test_a_person_who_walked_out_is_ranked_last_for_ratings(settings):
    settings.TIMER_BACKEND = "thread"
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    presence.seat_connected(match.pk, 0, "alice-socket", now=time.time() + GRACE)
    assert presence.take_over_abandoned_seats(now=time.time() + GRACE + 1, grace=GRACE) == 1
    # Bob's seat, now the bot's, ends first on the table.
    for seat_number, n in ((0, 1), (1, 3)):
        services.match_apply_action(match.pk, seat_number, {"type": "add", "n": n})
        for bidder in (0, 1):
            services.match_apply_action(match.pk, bidder, {"type": "bid", "n": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["ranks"] == [2, 1]
    assert seat(match, 1).rank == 1 and not seat(match, 1).won
    keys, ranks, _teams = ratings.seat_outcomes(match, list(match.seats.all()))
    assert ranks == [2, 3]
    assert Rating.objects.get(user=alice).rating > Rating.objects.get(user=bob).rating


def test_a_deserted_match_without_a_clock_ends_after_the_longer_limit():
    alice, bob = UserFactory(), UserFactory()
    untimed = new_match([alice, bob])
    timed = new_match([UserFactory(), UserFactory()], clock=30)
    now = time.time() + GRACE + 1
    assert presence.take_over_abandoned_seats(now=now, grace=GRACE) == 4
    long_ago = datetime.now(timezone.utc) - timedelta(seconds=1000)
    Match.objects.filter(pk__in=[untimed.pk, timed.pk]).update(updated_at=long_ago)
    assert presence.end_deserted_matches(now=time.time(), limit=900) == 1
    assert Match.objects.get(pk=untimed.pk).status == Match.Status.ABORTED
    assert Match.objects.get(pk=timed.pk).status == Match.Status.RUNNING


def test_a_match_someone_still_sits_in_is_not_ended():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    presence.seat_connected(match.pk, 0, "alice-socket", now=time.time() + GRACE)
    presence.take_over_abandoned_seats(now=time.time() + GRACE + 1, grace=GRACE)
    Match.objects.filter(pk=match.pk).update(updated_at=datetime.now(timezone.utc) - timedelta(seconds=1000))
    assert presence.end_deserted_matches(now=time.time(), limit=900) == 0


def test_each_table_sets_its_own_grace_period():
    alice, bob = UserFactory(), UserFactory()
    quick = services.create_match("countdown", seat_specs([alice, bob]), {"clock": 0, "rounds": 1}, seed=3, abandon_grace=20)
    patient = services.create_match("countdown", seat_specs([UserFactory(), UserFactory()]), {"clock": 0, "rounds": 1},
                                     seed=4, abandon_grace=300)
    t0 = time.time()
    for match in (quick, patient):
        presence.seat_connected(match.pk, 0, f"{match.pk}-0", now=t0)
        presence.seat_connected(match.pk, 1, f"{match.pk}-1", now=t0)
        presence.seat_disconnected(match.pk, 1, f"{match.pk}-1", now=t0)
        presence.seat_seen(match.pk, 0, f"{match.pk}-0", now=t0 + 50)
    assert presence.take_over_abandoned_seats(now=t0 + 15) == 0
    assert presence.take_over_abandoned_seats(now=t0 + 25) == 1  # the 20 s table only
    assert seat(quick, 1).abandoned_at is not None and seat(patient, 1).abandoned_at is None

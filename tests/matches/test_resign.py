"""Resigning: the seat is left for good at once, played by a computer player to the end."""
import pytest
from django.urls import reverse

from matches import presence, ratings, scheduling, services
from matches.models import Match, MatchSeat
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def running_match(people=2):
    users = [UserFactory() for _ in range(people)]
    with scheduling.suspended():
        match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0, "rounds": 1}, seed=3)
    return match, users


def test_a_resigned_seat_is_played_by_a_computer_player_and_its_person_only_watches():
    match, (alice, bob) = running_match()
    with scheduling.suspended():
        assert presence.resign_seat(match.pk, bob) == 1
    seat = MatchSeat.objects.get(match=match, seat=1)
    assert seat.bot == "first" and seat.abandoned_at is not None and seat.user_id == bob.pk
    match.refresh_from_db()
    assert match.bot_seats == [[1, "first"]]
    with pytest.raises(services.MatchError, match="do not play"):
        presence.resign_seat(match.pk, bob)


def test_a_resigned_person_ranks_last_in_the_ratings_whatever_the_seat_reaches():
    match, (alice, bob) = running_match()
    with scheduling.suspended():
        presence.resign_seat(match.pk, alice)
        # Seat 0 (now the computer player) adds 3, seat 1 adds 1: seat 0 is first on the board.
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 3})
        for seat in (0, 1):
            services.match_apply_action(match.pk, seat, {"type": "bid", "n": 0})
        services.match_apply_action(match.pk, 1, {"type": "add", "n": 1})
        for seat in (0, 1):
            services.match_apply_action(match.pk, seat, {"type": "bid", "n": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    ratings.record_match_ratings(match.pk)
    resigned, stayed = MatchSeat.objects.get(match=match, seat=0), MatchSeat.objects.get(match=match, seat=1)
    assert not resigned.won
    assert resigned.rating_after < resigned.rating_before and stayed.rating_after > stayed.rating_before


def test_a_finished_match_cannot_be_resigned():
    match, (alice, _bob) = running_match()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    with pytest.raises(services.MatchNotRunning):
        presence.resign_seat(match.pk, alice)


def test_the_resign_view_resigns_the_signed_in_person_and_shows_the_match_again(client):
    match, (alice, _bob) = running_match()
    client.force_login(alice)
    page = client.get(reverse("matches:match", args=[match.pk]))
    assert b'data-testid="resign"' in page.content and b'data-testid="leave"' not in page.content
    with scheduling.suspended():
        response = client.post(reverse("matches:resign", args=[match.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("matches:match", args=[match.pk])
    assert MatchSeat.objects.get(match=match, seat=0).abandoned_at is not None
    # From now on the page is a spectator's: a Leave link, no Resign button.
    page = client.get(reverse("matches:match", args=[match.pk]))
    assert b'data-testid="leave"' in page.content and b'data-testid="resign"' not in page.content
    assert client.get(reverse("matches:resign", args=[match.pk])).status_code == 405

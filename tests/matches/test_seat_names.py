"""A computer player is named by its short label and seat number, its kind given on hover."""
import pytest
from django.utils import translation

from matches import services
from matches.seat_names import bot_kind, bot_seat_name, bot_short_label
from matches.services import SeatSpec
from tests.accounts.factories import MatchFactory, MatchSeatFactory
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_two_bots_of_one_kind_are_told_apart_by_their_seat_number():
    match = MatchFactory(game="alibaba_tiles", players=3)
    person = MatchSeatFactory(match=match, seat=0, user=UserFactory(username="ann-s"), bot="")
    second = MatchSeatFactory(match=match, seat=1, user=None, bot="greedy")
    third = MatchSeatFactory(match=match, seat=2, user=None, bot="greedy")
    assert [person.display_name, second.display_name, third.display_name] == ["ann-s", "Greedy 2", "Greedy 3"]
    assert second.display_title == third.display_title == "Computer: Greedy — looks one move ahead"
    assert person.display_title == ""


def test_a_game_without_short_labels_uses_the_bot_label():
    assert bot_seat_name("countdown", "first", 0) == "First 1"
    assert bot_short_label("countdown", "first") == "First"
    assert bot_kind("countdown", "first") == "Computer: First"


def test_an_unknown_game_or_bot_falls_back_to_its_key():
    assert bot_seat_name("no-such-game", "deep", 3) == "deep 4"
    assert bot_kind("alibaba_tiles", "deep") == "Computer: deep"


def test_names_and_kinds_are_translated():
    with translation.override("fr"):
        assert bot_seat_name("alibaba_tiles", "greedy", 1) == "Gourmand 2"
        assert bot_kind("alibaba_tiles", "random") == "Ordinateur : Aléatoire"


def test_the_match_page_lists_the_short_name_with_the_kind_on_hover(client):
    bea = UserFactory(username="bea-s")
    match = services.create_match("countdown", [SeatSpec(user=bea), SeatSpec(bot="first")], {"clock": 0}, seed=1)
    client.force_login(bea)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert '<span class="player-name" title="Computer: First">First 2</span>' in html

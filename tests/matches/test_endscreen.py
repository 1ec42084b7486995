"""The end screen (matches/endscreen.py) shows the rematch the lobby registered, never importing the lobby."""
import pytest

from lobby.rematch import rematch_summary
from matches import endscreen
from matches.models import Match
from tests.matches.test_services import new_countdown

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def registered_rematch():
    """Whatever is registered during the test; the lobby's own afterwards."""
    yield endscreen.register_rematch
    endscreen.register_rematch(rematch_summary)


def test_the_lobby_registers_its_rematch_when_it_loads():
    assert endscreen._rematch_summary is rematch_summary


def test_the_end_screen_shows_the_registered_rematch_for_that_person(registered_rematch):
    match = new_countdown()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    match.refresh_from_db()
    registered_rematch(lambda m, user_id: {"match": m.pk, "for": user_id})
    seat_zero_user = match.seats.get(seat=0).user_id
    assert endscreen.end_summary(match, 0)["rematch"] == {"match": match.pk, "for": seat_zero_user}
    assert endscreen.end_summary(match, None)["rematch"] == {"match": match.pk, "for": None}

"""Read-only queries (matches/selectors.py): the shown rating beside a name."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import ratings, selectors
from matches.models import Rating
from tests.factories import UserFactory
from tests.matches.playing import play_countdown

pytestmark = pytest.mark.django_db(transaction=True)


def rating_queries(queries):
    return [q["sql"] for q in queries.captured_queries if "matches_rating" in q["sql"]]


def test_shown_ratings_give_each_person_and_bot_kind_its_figure_in_each_game_in_one_query(settings):
    settings.TIMER_BACKEND = "thread"  # the rating is recorded on commit
    alice, bob, newcomer = UserFactory(), UserFactory(), UserFactory()
    play_countdown([alice, bob, "first"], [3, 1, 2])
    wanted = [("countdown", alice.pk, ""), ("countdown", bob.pk, ""), ("countdown", None, "first"),
              ("countdown", newcomer.pk, ""), ("alibaba_tiles", alice.pk, ""), ("alibaba_tiles", None, "greedy"),
              ("countdown", None, ""), ("countdown", alice.pk, "first")]  # an empty seat; a person a bot stood in for
    with CaptureQueriesContext(connection) as queries:
        figures = selectors.shown_ratings(wanted)
    assert len(rating_queries(queries)) == 1
    row = {(r.user_id, r.bot): r.rating for r in Rating.objects.filter(game="countdown")}
    assert selectors.shown_rating_of(figures, "countdown", alice.pk, "") == ratings.display_rating(row[(alice.pk, "")]) > 1500
    assert selectors.shown_rating_of(figures, "countdown", bob.pk, "") == ratings.display_rating(row[(bob.pk, "")]) < 1500
    # A computer player shows its kind's one rating in that game, whatever its seat.
    assert selectors.shown_rating_of(figures, "countdown", None, "first") == ratings.display_rating(row[(None, "first")])
    # Never rated (or not in that game): a newcomer's 1500; the seat a bot stands in for is still the person's.
    assert selectors.shown_rating_of(figures, "countdown", newcomer.pk, "") == 1500
    assert selectors.shown_rating_of(figures, "alibaba_tiles", alice.pk, "") == 1500
    assert selectors.shown_rating_of(figures, "alibaba_tiles", None, "greedy") == 1500
    alices = selectors.shown_rating_of(figures, "countdown", alice.pk, "")
    assert selectors.shown_rating_of(figures, "countdown", alice.pk, "first") == alices
    assert selectors.shown_rating_of(figures, "countdown", None, "") is None


def test_shown_ratings_for_nobody_ask_nothing():
    with CaptureQueriesContext(connection) as queries:
        assert selectors.shown_ratings([("countdown", None, "")]) == {}
    assert queries.captured_queries == []

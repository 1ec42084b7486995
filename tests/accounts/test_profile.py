"""The profile after rated matches: per game the rating, its chart, wins and favourite opponents."""
import re

import pytest

from accounts.selectors import rating_history
from matches import ratings
from matches.models import MatchSeat, Rating
from tests.factories import UserFactory
from tests.matches.playing import play_countdown

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def inline_ratings(settings):
    settings.TIMER_BACKEND = "thread"


def test_the_chart_follows_the_rating_match_after_match(client):
    alice, bob, carol = UserFactory(username="alice-c"), UserFactory(username="bob-c"), UserFactory(username="carol-c")
    play_countdown([alice, bob], [3, 1])
    play_countdown([alice, "first"], [1, 3])
    play_countdown([alice, bob, carol], [2, 3, 1])
    history = rating_history(alice, "countdown")
    seats = MatchSeat.objects.filter(user=alice).order_by("match__rated_at")
    assert history == [seats[0].rating_before] + [s.rating_after for s in seats]
    assert history[-1] == Rating.objects.get(user=alice).rating

    response = client.get("/accounts/u/alice-c/")
    game = response.context["ratings"][0]
    assert game["matches_played"] == 3 and game["wins"] == 1
    assert len(game["chart"].points) == 4
    html = response.content.decode()
    assert 'data-testid="rating-chart"' in html and f'd="{game["chart"].path}"' in html
    # Bob met Alice twice, Carol and the bot once each.
    assert [o["name"] for o in game["opponents"]] == ["bob-c", "carol-c", "First"]
    assert game["opponents"][2]["title"] == "Computer: First"
    assert game["opponents"][0]["matches"] == 2


def test_recent_matches_show_rank_score_rating_change_and_links(client):
    alice, bob = UserFactory(username="alice-r"), UserFactory()
    match = play_countdown([alice, bob], [3, 2])
    response = client.get("/accounts/u/alice-r/")
    item = response.context["recent_matches"][0]
    seat = MatchSeat.objects.get(match=match, user=alice)
    assert item["rating_change"] == pytest.approx(seat.rating_after - seat.rating_before) and item["rating_change"] > 0
    html = response.content.decode()
    assert f'href="/matches/{match.pk}/"' in html and f'href="/matches/{match.pk}/replay/"' in html
    # The change shown is the difference of the shown ratings (1500 + 20 x ordinal, docs/ratings.md).
    shown = ratings.display_rating(seat.rating_after) - ratings.display_rating(seat.rating_before)
    assert shown > 0 and f'<td data-testid="profile-rating-change">+{shown}</td>' in html


def test_opponents_from_private_matches_are_not_shown_to_others(client):
    alice, bob, carol = UserFactory(username="alice-o"), UserFactory(username="bob-o"), UserFactory()
    play_countdown([alice, bob], [3, 1], is_private=True)
    play_countdown([alice, carol], [3, 1])
    names = [o["name"] for o in client.get("/accounts/u/alice-o/").context["ratings"][0]["opponents"]]
    assert names == [carol.username]
    client.force_login(bob)
    names = [o["name"] for o in client.get("/accounts/u/alice-o/").context["ratings"][0]["opponents"]]
    assert names == ["bob-o", carol.username]


# --- issue 20, finding 9: a private match counts only for those who sat in it --------------------


def _stats(client, owner):
    response = client.get(f"/accounts/u/{owner.username}/")
    context = response.context
    game = next(g for g in context["ratings"] if g["game"] == "countdown")
    return context["matches_played"], context["matches_won"], game["matches_played"], game["wins"]


def test_a_private_match_counts_on_a_profile_only_for_those_who_sat_in_it(client):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    play_countdown([alice, bob], [3, 1], is_private=True)  # alice wins, privately
    play_countdown([alice, carol], [3, 1])                 # and in public
    # the owner and the private match's other player see both; anyone else, the public one only
    for viewer, expected in ((alice, (2, 2, 2, 2)), (bob, (2, 2, 2, 2)), (carol, (1, 1, 1, 1)), (None, (1, 1, 1, 1))):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        assert _stats(client, alice) == expected, viewer
    # the chart: before the first match, then after each one the viewer may see
    everything = rating_history(alice, "countdown")
    assert len(everything) == 3 and rating_history(alice, "countdown", carol) == [everything[1], everything[2]]
    assert len(rating_history(alice, "countdown", bob)) == 3


def test_favourite_opponents_count_matches_not_seats(client):
    """Issue 21, item 9: "Explorer (5 matches)" after 2 matches, counted per seat."""
    alice = UserFactory(username="alice-seats")
    for _ in range(2):
        play_countdown([alice, "first", "first"], [3, 1, 1])
    [opponent] = client.get("/accounts/u/alice-seats/").context["ratings"][0]["opponents"]
    assert opponent["is_bot"] and opponent["matches"] == 2


@pytest.mark.parametrize("language, first, last", [("en", "March 1, 2026", "Nov. 20, 2026"), ("fr", "1 mars 2026", "20 novembre 2026")])
def test_the_chart_names_the_dates_of_its_first_and_last_points_in_the_readers_language(client, language, first, last):
    from datetime import UTC, datetime

    from matches.models import Match

    alice = UserFactory(username="alice-d")
    matches = [play_countdown([alice, "first"], [3, 1]) for _ in range(3)]
    for match, when in zip(matches, (datetime(2026, 3, 1, 12), datetime(2026, 6, 2, 12), datetime(2026, 11, 20, 12)), strict=True):
        Match.objects.filter(pk=match.pk).update(rated_at=when.replace(tzinfo=UTC))
    html = client.get("/accounts/u/alice-d/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    dates = [part.split(">", 1)[1].split("<", 1)[0] for part in html.split('data-testid="chart-date"')[1:]]
    assert dates == [first, last]
    assert 'text-anchor="start" data-testid="chart-date"' in html and 'text-anchor="end" data-testid="chart-date"' in html
    # the geometry stays SVG's (8.5, never a French 8,5)
    chart = html.split('data-testid="rating-chart"')[1].split("</svg>")[0]
    assert all(re.fullmatch(r"-?[\d.]+", v) for v in re.findall(r' (?:x|y|cx|cy)="([^"]*)"', chart))

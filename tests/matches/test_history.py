"""The history at /matches/: filters, pagination, privacy, and what each row shows."""
from datetime import UTC, datetime

import pytest

from matches.models import Match, MatchSeat
from matches.selectors import HISTORY_PAGE_SIZE
from tests.accounts.factories import MatchFactory, MatchSeatFactory
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def finished(game="countdown", when=(2026, 5, 1), seats=(), private=False, variant=None):
    """A finished match; seats are (user or None, rank, won) in seat order (None: a bot)."""
    match = MatchFactory(
        game=game,
        players=max(len(seats), 2),
        is_private=private,
        finished_at=datetime(*when, 12, 0, tzinfo=UTC),
        options={"variant": variant} if variant else {},
    )
    for index, (user, rank, won) in enumerate(seats):
        MatchSeatFactory(match=match, seat=index, user=user, bot="" if user else "first", rank=rank, won=won)
    return match


def listed(response):
    return [m.pk for m in response.context["page"].object_list]


def test_rows_show_the_game_name_players_and_links(client):
    alice = UserFactory(username="alice-h")
    match = finished(seats=[(alice, 1, True), (None, 2, False)])
    response = client.get("/matches/")
    html = response.content.decode()
    assert "Countdown (test game)" in html and ">countdown<" not in html
    assert "alice-h</span> (1, -)" in html and '<span title="Computer: First">First 2</span>' in html
    for link in (f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/", f"/matches/{match.pk}/export.json"):
        assert link in html


def test_your_own_running_match_offers_return_and_others_watch(client):
    alice = UserFactory(username="alice-r")
    mine = MatchFactory(game="countdown", players=2, status=Match.Status.RUNNING, finished_at=None)
    MatchSeatFactory(match=mine, seat=0, user=alice, bot="")
    MatchSeatFactory(match=mine, seat=1, user=None, bot="first")
    client.force_login(alice)
    html = client.get("/matches/").content.decode()
    assert f'<a href="/matches/{mine.pk}/" data-testid="running-link">Return</a>' in html
    client.force_login(UserFactory())
    html = client.get("/matches/").content.decode()
    assert f'<a href="/matches/{mine.pk}/" data-testid="running-link">Watch</a>' in html


def test_filter_by_game_player_variant_and_dates(client):
    alice, bob = UserFactory(username="alice-f"), UserFactory(username="bob-f")
    cave = finished(game="alibaba_tiles", when=(2026, 3, 1), seats=[(alice, 1, True), (None, 2, False)], variant="standard")
    count = finished(when=(2026, 4, 1), seats=[(bob, 1, True), (None, 2, False)])
    both = finished(when=(2026, 5, 1), seats=[(alice, 2, False), (bob, 1, True)])
    assert listed(client.get("/matches/?game=alibaba_tiles")) == [cave.pk]
    assert listed(client.get("/matches/?player=ALICE-F")) == [both.pk, cave.pk]
    assert listed(client.get("/matches/?variant=standard")) == [cave.pk]
    assert listed(client.get("/matches/?date_from=2026-03-15&date_to=2026-04-30")) == [count.pk]
    assert listed(client.get("/matches/?player=bob-f&game=countdown&date_from=2026-04-15")) == [both.pk]


def test_won_and_lost_are_the_logged_in_persons_own_results(client):
    alice, bob = UserFactory(), UserFactory()
    won = finished(when=(2026, 3, 1), seats=[(alice, 1, True), (bob, 2, False)])
    lost = finished(when=(2026, 4, 1), seats=[(alice, 2, False), (bob, 1, True)])
    finished(when=(2026, 5, 1), seats=[(bob, 1, True), (None, 2, False)])
    client.force_login(alice)
    assert listed(client.get("/matches/?result=won")) == [won.pk]
    assert listed(client.get("/matches/?result=lost")) == [lost.pk]


def test_the_result_filter_is_not_offered_to_visitors(client):
    finished(seats=[(UserFactory(), 1, True), (None, 2, False)])
    response = client.get("/matches/?result=won")
    assert "result" not in response.context["form"].fields and len(listed(response)) == 1


def test_a_bad_date_range_is_explained_and_filters_nothing(client):
    finished(seats=[(UserFactory(), 1, True), (None, 2, False)])
    response = client.get("/matches/?date_from=2026-06-01&date_to=2026-01-01")
    assert response.status_code == 200 and "The start date is after the end date." in response.content.decode()
    assert len(listed(response)) == 1
    assert client.get("/matches/?date_from=yesterday").status_code == 200


def test_pages_of_twenty_keep_the_filters(client):
    alice = UserFactory(username="alice-p")
    for day in range(1, HISTORY_PAGE_SIZE + 6):
        finished(when=(2026, 1, day), seats=[(alice, 1, True), (None, 2, False)])
    finished(when=(2026, 2, 1), seats=[(UserFactory(), 1, True), (None, 2, False)])
    first = client.get("/matches/?player=alice-p")
    assert len(listed(first)) == HISTORY_PAGE_SIZE and first.context["page"].paginator.count == HISTORY_PAGE_SIZE + 5
    assert "?player=alice-p&amp;page=2" in first.content.decode()
    second = client.get("/matches/?player=alice-p&page=2")
    assert len(listed(second)) == 5
    assert not set(listed(first)) & set(listed(second))


def test_a_private_match_is_listed_only_to_those_who_sat_in_it(client):
    alice, bob, eve = UserFactory(), UserFactory(), UserFactory()
    private = finished(seats=[(alice, 1, True), (bob, 2, False)], private=True)
    public = finished(seats=[(eve, 1, True), (None, 2, False)])
    assert listed(client.get("/matches/")) == [public.pk]
    client.force_login(eve)
    assert listed(client.get("/matches/")) == [public.pk]
    client.force_login(bob)
    assert set(listed(client.get("/matches/"))) == {private.pk, public.pk}
    assert Match.objects.count() == 2


def test_a_filter_that_finds_nothing_says_so_rather_than_no_match_yet(client):
    finished(seats=[(UserFactory(username="carol-h"), 1, True), (None, 2, False)])
    empty = client.get("/matches/?player=nobody-at-all").content.decode()
    assert "No finished match fits these filters." in empty and "No finished match yet." not in empty
    assert "No finished match" not in client.get("/matches/").content.decode()
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert "Aucune partie terminée ne correspond à ces filtres." in client.get("/matches/?player=nobody-at-all").content.decode()


def test_a_score_of_zero_is_shown_as_0_and_the_rating_change_on_the_1500_scale(client):
    """Issue 21, item 9: a Sidi Baba Adventurer's fortune of 0 was "-" here and "0" on the profile."""
    alice = UserFactory(username="alice-zero")
    match = finished(seats=[(alice, 2, False), (None, 1, True)])
    MatchSeat.objects.filter(match=match, seat=0).update(score=0, rating_before=0.0, rating_after=-2.0)
    html = client.get("/matches/").content.decode()
    assert 'alice-zero</span> (2, 0, <span data-testid="history-rating-change">\u221240</span>)' in html

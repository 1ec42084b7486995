"""Leaderboards: ordered by ordinal, a minimum of rated matches, computer players shown apart."""
from datetime import UTC, datetime

import pytest

from tests.accounts.factories import RatingFactory
from tests.factories import UserFactory
from tests.matches.playing import play_countdown

pytestmark = pytest.mark.django_db


def rows(response, board):
    return [(r.user.username if r.user_id else f"bot:{r.bot}") for r in response.context[board]]


def test_people_are_ordered_by_ordinal_and_bots_listed_apart(client):
    # Shown on the 1500 scale: 1500 + 20 x ordinal, 9.25 is shown as 1685 (docs/ratings.md).
    for name, rating in (("low", 1.5), ("high", 9.25), ("mid", 4.0)):
        RatingFactory(user=UserFactory(username=name), rating=rating, matches_played=5, wins=2,
                      last_played_at=datetime(2026, 11, 1, tzinfo=UTC))
    RatingFactory(user=None, bot="first", rating=6.0, matches_played=40, wins=30)
    response = client.get("/leaderboards/countdown/")
    assert rows(response, "people") == ["high", "mid", "low"]
    assert rows(response, "bots") == ["bot:first"]
    html = response.content.decode()
    assert "Countdown (test game)" in html and "<td>1685</td>" in html and "40%" in html and "75%" in html
    bots_table = html[html.index('data-testid="board-bots"'):]
    assert (
        'data-player="bot:first"' in bots_table and '<span title="Computer: First">First</span>' in bots_table and "bot-mark" in bots_table
    )
    people_table = html[html.index('data-testid="board-people"'):html.index('data-testid="board-bots"')]
    assert "bot:first" not in people_table and 'href="/accounts/u/high/"' in people_table


def test_a_player_is_listed_after_the_minimum_of_rated_matches(client, settings):
    RatingFactory(user=UserFactory(username="newcomer"), rating=20.0, matches_played=2)
    RatingFactory(user=UserFactory(username="regular"), rating=1.0, matches_played=3)
    RatingFactory(user=None, bot="random", rating=3.0, matches_played=2)
    response = client.get("/leaderboards/countdown/")
    assert rows(response, "people") == ["regular"] and rows(response, "bots") == []
    settings.LEADERBOARD_MIN_MATCHES = 1
    response = client.get("/leaderboards/countdown/")
    assert rows(response, "people") == ["newcomer", "regular"] and rows(response, "bots") == ["bot:random"]


def test_an_empty_board_says_how_to_get_listed(client):
    html = client.get("/leaderboards/countdown/").content.decode()
    assert html.count('data-testid="board-empty"') == 2
    assert "play rated matches against people or bots to be listed (at least 3 matches)" in html


def test_the_index_lists_every_game_and_the_old_address_leads_there(client):
    RatingFactory(user=UserFactory(username="champion"), rating=5.0, matches_played=3)
    response = client.get("/leaderboards/")
    html = response.content.decode()
    assert 'href="/leaderboards/countdown/"' in html and 'href="/leaderboards/alibaba_tiles/"' in html
    assert "champion" in html
    assert client.get("/matches/leaderboards/")["Location"] == "/leaderboards/"


def test_an_unknown_game_has_no_board(client):
    assert client.get("/leaderboards/chess/").status_code == 404


def test_boards_and_history_speak_french(client):
    from django.utils import translation

    try:
        client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
        board = client.get("/leaderboards/countdown/").content.decode()
        assert "Personne n'est encore classé" in board
        assert "Joueurs ordinateur" in board and "Taux de victoire" in board and "Win rate" not in board
        history = client.get("/matches/").content.decode()
        assert "Filtrer" in history and "Filter<" not in history
    finally:
        translation.activate("en")


# --- issue 20, finding 9: the leaderboards count public matches only ------------------------------


@pytest.mark.django_db(transaction=True)  # ratings are recorded on commit
def test_a_leaderboard_counts_and_lists_by_public_matches_only(client, settings):
    settings.TIMER_BACKEND = "thread"
    settings.LEADERBOARD_MIN_MATCHES = 2
    alice, bob, carol = UserFactory(username="alice-lb"), UserFactory(username="bob-lb"), UserFactory(username="carol-lb")
    play_countdown([alice, bob], [3, 1], is_private=True)
    play_countdown([alice, bob], [3, 1], is_private=True)
    play_countdown([alice, carol], [1, 3])
    play_countdown([carol, bob], [3, 1])
    # alice and bob played 3 rated matches, 2 of them private: 1 public is under the minimum of 2
    client.force_login(bob)
    response = client.get("/leaderboards/countdown/")
    assert rows(response, "people") == ["carol-lb"]
    settings.LEADERBOARD_MIN_MATCHES = 1
    response = client.get("/leaderboards/countdown/")
    listed = {r.user.username: (r.public_played, r.public_wins) for r in response.context["people"]}
    assert listed == {"alice-lb": (1, 0), "bob-lb": (1, 0), "carol-lb": (2, 2)}
    html = response.content.decode()
    alice_row = html[html.index('data-player="alice-lb"'):]
    assert "<td>1</td><td>0%</td>" in alice_row[:alice_row.index("</tr>")]

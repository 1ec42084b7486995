"""What the lobby page shows (lobby/snapshot.py)."""
import pytest
from django.utils import translation

from lobby.models import Table
from lobby.options import option_summary, seat_roles
from lobby.snapshot import lobby_snapshot
from lobby.tables import add_bot, create_table, start_table
from matches.models import Match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def table_for(host, seats=2, **options):
    return create_table(host, "countdown", seats, {"clock": 0, "rounds": 1, **options})


def test_lobby_snapshot_hides_private_tables_from_strangers():
    host = UserFactory()
    public = table_for(host)
    private = create_table(host, "countdown", 2, {"clock": 0, "rounds": 1}, is_private=True)
    stranger_view = lobby_snapshot(UserFactory())
    assert [t["id"] for t in stranger_view["tables"]] == [public.pk]
    host_view = lobby_snapshot(host)
    assert {t["id"] for t in host_view["tables"]} == {public.pk, private.pk}


def test_roles_of_the_seats_in_the_snapshot_only_for_games_with_roles():
    host = UserFactory()
    with_roles = table_for(host, seats=3)
    without_roles = create_table(UserFactory(), "alibaba_tiles", 2, {"clock": 0})
    tables = {t["id"]: t for t in lobby_snapshot(host)["tables"]}
    assert [s["role_label"] for s in tables[with_roles.pk]["seats"]] == ["Dealer", "Player", "Player"]
    assert all("role_label" not in s for s in tables[without_roles.pk]["seats"])


def test_open_tables_show_their_options_by_label_with_the_clock():
    host = UserFactory()
    timed = table_for(host, seats=2, clock=60, rounds=2)
    untimed = create_table(UserFactory(), "alibaba_tiles", 2, {"clock": 0})
    tables = {t["id"]: t for t in lobby_snapshot(host)["tables"]}
    assert tables[timed.pk]["summary"] == ["60 s per decision", "Rounds: 2"]
    assert "untimed" in tables[untimed.pk]["summary"] and "Pyramid: The cave (25 squares)" in tables[untimed.pk]["summary"]
    with translation.override("fr"):
        assert option_summary("countdown", {"clock": 60, "rounds": 2})[0] == "60 s par décision"


def test_running_matches_carry_their_number_start_and_whether_they_are_yours():
    host, stranger = UserFactory(), UserFactory()
    table = table_for(host, seats=2)
    add_bot(host, table.pk, 1, "first")
    start_table(host, table.pk)
    match = Match.objects.get(pk=Table.objects.get(pk=table.pk).match_id)
    mine = next(m for m in lobby_snapshot(host)["running"] if m["match"] == match.pk)
    theirs = next(m for m in lobby_snapshot(stranger)["running"] if m["match"] == match.pk)
    assert mine["mine"] is True and theirs["mine"] is False
    assert mine["started_at"] == match.started_at.isoformat()


def test_the_snapshot_names_bots_by_seat_with_their_kind_on_hover():
    host = UserFactory(username="hal-n")
    table = table_for(host, seats=3)
    add_bot(host, table.pk, 1, "first")
    add_bot(host, table.pk, 2, "first")
    seats = next(t for t in lobby_snapshot(host)["tables"] if t["id"] == table.pk)["seats"]
    assert [(s["name"], s["title"]) for s in seats] == [("hal-n", ""), ("First 2", "Computer: First"), ("First 3", "Computer: First")]
    start_table(host, table.pk)
    running = next(m for m in lobby_snapshot(host)["running"] if m["match"] == Table.objects.get(pk=table.pk).match_id)
    assert running["players"][1] == {"name": "First 2", "title": "Computer: First", "rating": 1500}
    assert seat_roles("alibaba_tiles", 2, {"clock": 0}) is None
    assert seat_roles("countdown", 3, {"clock": 0, "rounds": 1}) == ["dealer", "player", "player"]


def test_every_seated_name_carries_its_rating_in_the_tables_game_for_one_query_however_many_tables(settings):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from matches.models import Rating
    from matches.ratings import display_rating
    from tests.matches.playing import play_countdown

    settings.TIMER_BACKEND = "thread"
    host, guest = UserFactory(), UserFactory()
    play_countdown([host, guest, "first"], [3, 1, 2])  # host and the bot kind now rated in countdown
    table = table_for(host, seats=3)
    add_bot(host, table.pk, 1, "first")
    cave = create_table(guest, "alibaba_tiles", 2, {"clock": 0})

    def rating_queries():
        with CaptureQueriesContext(connection) as queries:
            snap = lobby_snapshot(UserFactory())
        return snap, [q for q in queries.captured_queries if "matches_rating" in q["sql"]]

    snap, queries = rating_queries()
    assert len(queries) == 1
    tables = {t["id"]: t["seats"] for t in snap["tables"]}
    host_row = Rating.objects.get(game="countdown", user=host)
    bot_row = Rating.objects.get(game="countdown", user=None, bot="first")
    assert [s["rating"] for s in tables[table.pk]] == [display_rating(host_row.rating), display_rating(bot_row.rating), None]
    assert display_rating(host_row.rating) != 1500
    # The same person shows their rating in the table's own game: a newcomer's at the treasure cave.
    assert [s["rating"] for s in tables[cave.pk]] == [1500, None]
    for _ in range(3):
        table_for(UserFactory(), seats=2)
    assert len(rating_queries()[1]) == 1

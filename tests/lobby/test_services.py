"""Tables, seats, bots, the start and the quick-match queue."""
import pytest
from django.utils import translation

from lobby import rematch as lobby_rematch
from lobby.errors import LobbyError
from lobby.options import option_summary, seat_roles
from lobby.quick_match import join_quick_match, sweep_quick_match_queue
from lobby.snapshot import lobby_snapshot
from lobby.tables import add_bot, clear_seat, create_table, join_table, leave_table, move_seat, start_table
from lobby.models import QuickMatchEntry, Table
from matches.models import Match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def table_for(host, seats=2, **options):
    return create_table(host, "countdown", seats, {"clock": 0, "rounds": 1, **options})


def test_create_table_seats_the_host_and_checks_options():
    host = UserFactory()
    table = table_for(host, seats=3)
    assert [(s.seat, s.user_id) for s in table.seats.all()] == [(0, host.pk), (1, None), (2, None)]
    assert table.options == {"clock": 0, "rounds": 1}
    with pytest.raises(LobbyError, match="2 to 4 players"):
        table_for(host, seats=5)
    with pytest.raises(LobbyError, match="Rounds"):
        table_for(host, rounds=9)
    with pytest.raises(LobbyError, match="whole number"):
        create_table(host, "countdown", 2, {"clock": "soon"})
    with pytest.raises(LobbyError, match="Unknown game"):
        create_table(host, "chess", 2, {})


def test_the_host_chooses_the_role_they_play_and_a_bad_role_changes_nothing():
    host = UserFactory()
    table = create_table(host, "sidibaba", 4, {}, host_role="adventurer")
    assert [(s.seat, s.user_id) for s in table.seats.all()] == [(0, None), (1, host.pk), (2, None), (3, None)]
    leader = create_table(host, "sidibaba", 3, {}, host_role="leader")
    assert leader.seats.get(user=host).seat == 0
    before = Table.objects.count()
    for bad in ("thief", "Leader", "0"):
        with pytest.raises(LobbyError, match="roles"):
            create_table(host, "sidibaba", 3, {}, host_role=bad)
    with pytest.raises(LobbyError, match="roles"):  # a game without roles has none to choose
        create_table(host, "countdown", 2, {"clock": 0, "rounds": 1}, host_role="leader")
    assert Table.objects.count() == before


def test_join_and_leave_a_seat():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host)
    join_table(guest, table.pk)
    with pytest.raises(LobbyError, match="already sit"):
        join_table(guest, table.pk)
    with pytest.raises(LobbyError, match="full"):
        join_table(UserFactory(), table.pk)
    leave_table(guest, table.pk)
    assert table.seats.filter(user=guest).count() == 0


def test_host_leaving_closes_the_table():
    host = UserFactory()
    table = table_for(host)
    leave_table(host, table.pk)
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED
    with pytest.raises(LobbyError, match="started or closed"):
        join_table(UserFactory(), table.pk)


def test_only_the_host_adds_bots_and_removes_players():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    join_table(guest, table.pk, seat=1)
    with pytest.raises(LobbyError, match="Only the host"):
        add_bot(guest, table.pk, 2, "first")
    with pytest.raises(LobbyError, match="Unknown computer player"):
        add_bot(host, table.pk, 2, "deep-blue")
    with pytest.raises(LobbyError, match="taken"):
        add_bot(host, table.pk, 1, "first")
    add_bot(host, table.pk, 2, "first")
    clear_seat(host, table.pk, 1)
    assert table.seats.get(seat=1).user_id is None
    with pytest.raises(LobbyError, match="cannot remove themselves"):
        clear_seat(host, table.pk, 0)


def test_start_needs_every_seat_taken_and_only_the_host():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    join_table(guest, table.pk)
    with pytest.raises(LobbyError, match="Every seat"):
        start_table(host, table.pk)
    add_bot(host, table.pk, 2, "random")
    with pytest.raises(LobbyError, match="Only the host"):
        start_table(guest, table.pk)
    table = start_table(host, table.pk)
    match = Match.objects.get(pk=table.match_id)
    assert match.status == Match.Status.RUNNING and match.players == 3
    assert [(s.seat, s.user_id, s.bot) for s in match.seats.all()] == [(0, host.pk, ""), (1, guest.pk, ""), (2, None, "random")]
    with pytest.raises(LobbyError, match="started or closed"):
        add_bot(host, table.pk, 2, "random")


def test_quick_match_starts_when_enough_players_wait():
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    assert join_quick_match(first, "countdown", 3) is None
    assert join_quick_match(second, "countdown", 3) is None
    assert join_quick_match(UserFactory(), "countdown", 2) is None  # another queue
    table = join_quick_match(third, "countdown", 3)
    assert table is not None and table.from_quick_match and table.status == Table.Status.STARTED
    match = Match.objects.get(pk=table.match_id)
    assert sorted(s.user_id for s in match.seats.all()) == sorted([first.pk, second.pk, third.pk])
    assert QuickMatchEntry.objects.filter(game="countdown", players=3).count() == 0
    with pytest.raises(LobbyError):
        join_quick_match(first, "countdown", 9)


def test_queue_sweeper_starts_what_a_lost_race_left_waiting():
    a, b = UserFactory(), UserFactory()
    QuickMatchEntry.objects.create(user=a, game="countdown", players=2)
    QuickMatchEntry.objects.create(user=b, game="countdown", players=2)
    assert sweep_quick_match_queue() == 1
    assert Match.objects.filter(seats__user=a).filter(seats__user=b).exists()


def test_lobby_snapshot_hides_private_tables_from_strangers():
    host = UserFactory()
    public = table_for(host)
    private = create_table(host, "countdown", 2, {"clock": 0, "rounds": 1}, is_private=True)
    stranger_view = lobby_snapshot(UserFactory())
    assert [t["id"] for t in stranger_view["tables"]] == [public.pk]
    host_view = lobby_snapshot(host)
    assert {t["id"] for t in host_view["tables"]} == {public.pk, private.pk}


def seats_of(table):
    return [(s.seat, s.user_id, s.bot) for s in table.seats.order_by("seat")]


def test_a_person_picks_a_free_seat_and_a_taken_one_is_refused():
    host, guest, late = UserFactory(), UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    join_table(guest, table.pk, seat="2")
    assert seats_of(table) == [(0, host.pk, ""), (1, None, ""), (2, guest.pk, "")]
    with pytest.raises(LobbyError, match="That seat is taken"):
        join_table(late, table.pk, seat=2)
    with pytest.raises(LobbyError, match="That seat is taken"):
        join_table(late, table.pk, seat=0)
    join_table(late, table.pk)  # no seat: the first free one
    assert table.seats.get(seat=1).user_id == late.pk


BAD_SEATS = ["abc", "1.5", "-1", "3", " ", "1e3", "99999999999999999999", "9" * 5000, "١", True, 3, -1]


def test_a_bad_seat_number_is_refused_and_changes_nothing():
    host, guest, stranger = UserFactory(), UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    join_table(guest, table.pk, seat=1)
    before = seats_of(table)
    for seat in BAD_SEATS:
        for call in (
            lambda: join_table(stranger, table.pk, seat=seat),
            lambda: add_bot(host, table.pk, seat, "first"),
            lambda: clear_seat(host, table.pk, seat),
            lambda: move_seat(host, table.pk, seat, 2),
            lambda: move_seat(host, table.pk, 1, seat),
        ):
            with pytest.raises(LobbyError, match="No such seat"):
                call()
    assert seats_of(table) == before


def test_a_missing_seat_number_asks_for_one():
    host = UserFactory()
    table = table_for(host, seats=3)
    for call in (
        lambda: add_bot(host, table.pk, None, "first"),
        lambda: clear_seat(host, table.pk, ""),
        lambda: move_seat(host, table.pk, 0, None),
    ):
        with pytest.raises(LobbyError, match="Choose a seat"):
            call()


def test_host_moves_a_person_and_a_bot_to_free_seats():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=4)
    join_table(guest, table.pk, seat=1)
    add_bot(host, table.pk, 2, "first")
    move_seat(host, table.pk, 1, 3)
    move_seat(host, table.pk, "2", "1")
    assert seats_of(table) == [(0, host.pk, ""), (1, None, "first"), (2, None, ""), (3, guest.pk, "")]
    move_seat(host, table.pk, 0, 2)  # the host may move themselves
    assert seats_of(table) == [(0, None, ""), (1, None, "first"), (2, host.pk, ""), (3, guest.pk, "")]


def test_host_swaps_two_taken_seats_and_the_match_follows():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    join_table(guest, table.pk, seat=2)
    add_bot(host, table.pk, 1, "random")
    move_seat(host, table.pk, 1, 0)  # bot <-> host
    move_seat(host, table.pk, 2, 1)  # guest <-> host
    assert seats_of(table) == [(0, None, "random"), (1, guest.pk, ""), (2, host.pk, "")]
    table = start_table(host, table.pk)
    match = Match.objects.get(pk=table.match_id)
    assert [(s.seat, s.user_id, s.bot) for s in match.seats.all()] == [(0, None, "random"), (1, guest.pk, ""), (2, host.pk, "")]


def test_moving_is_refused_to_others_after_the_start_and_for_nothing():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    join_table(guest, table.pk, seat=1)
    before = seats_of(table)
    with pytest.raises(LobbyError, match="Only the host"):
        move_seat(guest, table.pk, 1, 2)
    with pytest.raises(LobbyError, match="nobody to move"):
        move_seat(host, table.pk, 2, 1)
    with pytest.raises(LobbyError, match="another seat"):
        move_seat(host, table.pk, 1, 1)
    assert seats_of(table) == before
    add_bot(host, table.pk, 2, "first")
    start_table(host, table.pk)
    with pytest.raises(LobbyError, match="started or closed"):
        move_seat(host, table.pk, 1, 2)
    assert seats_of(table) == [*before[:2], (2, None, "first")]


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
    assert running["players"][1] == {"name": "First 2", "title": "Computer: First"}
    assert seat_roles("alibaba_tiles", 2, {"clock": 0}) is None
    assert seat_roles("countdown", 3, {"clock": 0, "rounds": 1}) == ["dealer", "player", "player"]


def test_quick_match_with_roles_gives_seat_zero_to_anyone_in_the_queue(settings):
    settings.RUNNING_MATCHES_PER_USER = 100  # twenty quick matches for the same three people
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    seat_zero = set()
    for _ in range(20):
        for person in (first, second):
            join_quick_match(person, "countdown", 3)
        table = join_quick_match(third, "countdown", 3)
        people = [s.user_id for s in Match.objects.get(pk=table.match_id).seats.all()]
        assert sorted(people) == sorted([first.pk, second.pk, third.pk])  # every role has a person
        assert table.host_id == people[0]
        seat_zero.add(people[0])
    # Each of 20 draws picks the first of the queue with probability 1/3: (1/3)^19 that one person took them all.
    assert len(seat_zero) > 1


def test_the_tables_grace_period_reaches_its_match_and_is_bounded():
    host, guest = UserFactory(), UserFactory()
    table = create_table(host, "countdown", 2, {"clock": 0, "rounds": 1}, abandon_grace=45)
    join_table(guest, table.pk)
    started = start_table(host, table.pk)
    assert started.match.abandon_grace.total_seconds() == 45
    for bad in ("soon", 5, 100000):
        with pytest.raises(LobbyError):
            create_table(UserFactory(), "countdown", 2, {"clock": 0, "rounds": 1}, abandon_grace=bad)


def test_a_clock_is_summarised_by_what_it_times():
    """Issue 21, item 5: Sidi Baba's clock is a lamp's duration, not seconds per decision; Basra's windows and bazaar say so."""
    assert option_summary("sidibaba", {"segment_seconds": 60})[0] == "60 s per lamp"
    basra = option_summary("basra", {"turn_seconds": 45, "window_seconds": 20, "bazaar_seconds": 90})
    assert {"45 s per decision", "20 s per throw-away window", "90 s for the bazaar"} <= set(basra)
    with translation.override("fr"):
        assert option_summary("sidibaba", {"segment_seconds": 60})[0] == "60 s par lampe"


def test_a_turn_based_table_keeps_its_days_per_decision_into_the_match_and_the_rematch():
    from matches import scheduling

    host = UserFactory()
    table = create_table(host, "basra", 2, {"variant": "standard"}, decision_days="7")
    assert table.decision_days == 7
    add_bot(host, table.pk, 1, "merchant")
    with scheduling.suspended():
        match = start_table(host, table.pk).match
    assert match.decision_days == 7 and match.options["window_seconds"] == 7 * 86400
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert lobby_rematch.rematch_offer(host, match.pk).decision_days == 7


@pytest.mark.parametrize("game,days,message", [
    ("sidibaba", 1, "real time only"),
    ("alibaba_tiles", "5", "Days per decision: one of 1, 2, 3, 7, 14."),
    ("alibaba_tiles", "two", "Days per decision"),
    ("alibaba_tiles", "-1", "Days per decision"),
    ("alibaba_tiles", "٣", "Days per decision"),
])
def test_a_pace_that_is_not_offered_is_refused_with_a_reason_and_no_table(game, days, message):
    with pytest.raises(LobbyError) as refused:
        create_table(UserFactory(), game, 3, {}, decision_days=days)
    assert message in refused.value.message
    assert not Table.objects.exists()


def test_a_turn_based_table_is_summarised_by_its_days_not_its_seconds():
    summary = option_summary("basra", {"turn_seconds": 45, "window_seconds": 20, "bazaar_seconds": 90}, 3)
    assert summary[0] == "3 days per decision (turn-based)"
    assert not any(" s " in line for line in summary)
    with translation.override("fr"):
        assert option_summary("alibaba_tiles", {"clock": 60}, 1)[0] == "1 jour par décision (au tour par tour)"

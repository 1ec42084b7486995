"""Tables and their seats before the start (lobby/tables.py)."""
import functools

import pytest

from lobby import rematch as lobby_rematch
from lobby.errors import LobbyError
from lobby.models import Table
from lobby.tables import add_bot, clear_seat, create_table, join_table, leave_table, move_seat, start_table
from matches.models import Match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def table_for(host, seats=2, **options):
    return create_table(host, "countdown", seats, {"clock": 0, "rounds": 1, **options})


def seats_of(table):
    return [(s.seat, s.user_id, s.bot) for s in table.seats.order_by("seat")]


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
            functools.partial(join_table, stranger, table.pk, seat=seat),
            functools.partial(add_bot, host, table.pk, seat, "first"),
            functools.partial(clear_seat, host, table.pk, seat),
            functools.partial(move_seat, host, table.pk, seat, 2),
            functools.partial(move_seat, host, table.pk, 1, seat),
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


def test_the_tables_grace_period_reaches_its_match_and_is_bounded():
    host, guest = UserFactory(), UserFactory()
    table = create_table(host, "countdown", 2, {"clock": 0, "rounds": 1}, abandon_grace=45)
    join_table(guest, table.pk)
    started = start_table(host, table.pk)
    assert started.match.abandon_grace.total_seconds() == 45
    for bad in ("soon", 5, 100000):
        with pytest.raises(LobbyError):
            create_table(UserFactory(), "countdown", 2, {"clock": 0, "rounds": 1}, abandon_grace=bad)


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

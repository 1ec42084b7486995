"""Tables, seats, bots, the start and the quick-match queue."""
import pytest

from lobby import services
from lobby.models import QuickMatchEntry, Table
from matches.models import Match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def table_for(host, seats=2, **options):
    return services.create_table(host, "countdown", seats, {"clock": 0, "rounds": 1, **options})


def test_create_table_seats_the_host_and_checks_options():
    host = UserFactory()
    table = table_for(host, seats=3)
    assert [(s.seat, s.user_id) for s in table.seats.all()] == [(0, host.pk), (1, None), (2, None)]
    assert table.options == {"clock": 0, "rounds": 1}
    with pytest.raises(services.LobbyError, match="2 to 4 players"):
        table_for(host, seats=5)
    with pytest.raises(services.LobbyError, match="Rounds"):
        table_for(host, rounds=9)
    with pytest.raises(services.LobbyError, match="whole number"):
        services.create_table(host, "countdown", 2, {"clock": "soon"})
    with pytest.raises(services.LobbyError, match="Unknown game"):
        services.create_table(host, "chess", 2, {})


def test_join_and_leave_a_seat():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host)
    services.join_table(guest, table.pk)
    with pytest.raises(services.LobbyError, match="already sit"):
        services.join_table(guest, table.pk)
    with pytest.raises(services.LobbyError, match="full"):
        services.join_table(UserFactory(), table.pk)
    services.leave_table(guest, table.pk)
    assert table.seats.filter(user=guest).count() == 0


def test_host_leaving_closes_the_table():
    host = UserFactory()
    table = table_for(host)
    services.leave_table(host, table.pk)
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED
    with pytest.raises(services.LobbyError, match="started or closed"):
        services.join_table(UserFactory(), table.pk)


def test_only_the_host_adds_bots_and_removes_players():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    services.join_table(guest, table.pk, seat=1)
    with pytest.raises(services.LobbyError, match="Only the host"):
        services.add_bot(guest, table.pk, 2, "first")
    with pytest.raises(services.LobbyError, match="Unknown computer player"):
        services.add_bot(host, table.pk, 2, "deep-blue")
    with pytest.raises(services.LobbyError, match="taken"):
        services.add_bot(host, table.pk, 1, "first")
    services.add_bot(host, table.pk, 2, "first")
    services.clear_seat(host, table.pk, 1)
    assert table.seats.get(seat=1).user_id is None
    with pytest.raises(services.LobbyError, match="cannot remove themselves"):
        services.clear_seat(host, table.pk, 0)


def test_start_needs_every_seat_taken_and_only_the_host():
    host, guest = UserFactory(), UserFactory()
    table = table_for(host, seats=3)
    services.join_table(guest, table.pk)
    with pytest.raises(services.LobbyError, match="Every seat"):
        services.start_table(host, table.pk)
    services.add_bot(host, table.pk, 2, "random")
    with pytest.raises(services.LobbyError, match="Only the host"):
        services.start_table(guest, table.pk)
    table = services.start_table(host, table.pk)
    match = Match.objects.get(pk=table.match_id)
    assert match.status == Match.Status.RUNNING and match.players == 3
    assert [(s.seat, s.user_id, s.bot) for s in match.seats.all()] == [(0, host.pk, ""), (1, guest.pk, ""), (2, None, "random")]
    with pytest.raises(services.LobbyError, match="started or closed"):
        services.add_bot(host, table.pk, 2, "random")


def test_quick_match_starts_when_enough_players_wait():
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    assert services.join_quick_match(first, "countdown", 3) is None
    assert services.join_quick_match(second, "countdown", 3) is None
    assert services.join_quick_match(UserFactory(), "countdown", 2) is None  # another queue
    table = services.join_quick_match(third, "countdown", 3)
    assert table is not None and table.from_quick_match and table.status == Table.Status.STARTED
    match = Match.objects.get(pk=table.match_id)
    assert sorted(s.user_id for s in match.seats.all()) == sorted([first.pk, second.pk, third.pk])
    assert QuickMatchEntry.objects.filter(game="countdown", players=3).count() == 0
    with pytest.raises(services.LobbyError):
        services.join_quick_match(first, "countdown", 9)


def test_queue_sweeper_starts_what_a_lost_race_left_waiting():
    a, b = UserFactory(), UserFactory()
    QuickMatchEntry.objects.create(user=a, game="countdown", players=2)
    QuickMatchEntry.objects.create(user=b, game="countdown", players=2)
    assert services.sweep_quick_match_queue() == 1
    assert Match.objects.filter(seats__user=a).filter(seats__user=b).exists()


def test_lobby_snapshot_hides_private_tables_from_strangers():
    host = UserFactory()
    public = table_for(host)
    private = services.create_table(host, "countdown", 2, {"clock": 0, "rounds": 1}, is_private=True)
    stranger_view = services.lobby_snapshot(UserFactory())
    assert [t["id"] for t in stranger_view["tables"]] == [public.pk]
    host_view = services.lobby_snapshot(host)
    assert {t["id"] for t in host_view["tables"]} == {public.pk, private.pk}

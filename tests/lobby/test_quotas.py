"""Issue 8, finding 6: one person cannot flood the lobby (tables, running matches, untimed matches against bots)."""
import pytest

from lobby.errors import LobbyError
from lobby.models import QuickMatchEntry, Table
from lobby.quick_match import join_quick_match
from lobby.tables import add_bot, create_table, join_table, leave_table, start_table
from matches.models import Match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def table_for(host, seats=2, **options):
    return create_table(host, "countdown", seats, {"clock": 0, "rounds": 1, **options})


def start_against_bot(host, clock):
    table = table_for(host, clock=clock)
    add_bot(host, table.pk, 1, "first")
    return start_table(host, table.pk)


def test_open_tables_per_host_are_limited(settings):
    settings.LOBBY_OPEN_TABLES_PER_USER = 2
    host = UserFactory()
    first = table_for(host)
    table_for(host)
    with pytest.raises(LobbyError, match="at most 2 open tables"):
        table_for(host)
    assert Table.objects.filter(host=host).count() == 2
    table_for(UserFactory())  # someone else is not held back
    leave_table(host, first.pk)  # closes it
    table_for(host)


def test_running_matches_per_user_are_limited(settings):
    settings.RUNNING_MATCHES_PER_USER = 2
    host = UserFactory()
    start_against_bot(host, clock=30)
    start_against_bot(host, clock=30)
    table = table_for(host, clock=30)
    add_bot(host, table.pk, 1, "first")
    with pytest.raises(LobbyError, match="already plays 2 matches"):
        start_table(host, table.pk)
    assert Match.objects.count() == 2
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN


def test_a_guest_at_the_quota_holds_the_start(settings):
    settings.RUNNING_MATCHES_PER_USER = 1
    busy = UserFactory(username="busy")
    start_against_bot(busy, clock=30)
    host = UserFactory()
    table = table_for(host, clock=30)
    join_table(busy, table.pk)
    with pytest.raises(LobbyError, match="busy already plays 1 match"):
        start_table(host, table.pk)


def test_untimed_matches_against_bots_are_limited(settings):
    settings.UNTIMED_BOT_MATCHES_PER_USER = 1
    host = UserFactory()
    start_against_bot(host, clock=0)
    table = table_for(host, clock=0)
    add_bot(host, table.pk, 1, "first")
    with pytest.raises(LobbyError, match="untimed match against computer players"):
        start_table(host, table.pk)
    start_against_bot(host, clock=30)  # a timed one ends on its own: allowed
    assert Match.objects.count() == 2


def test_quick_match_queue_refuses_a_player_at_the_quota(settings):
    settings.RUNNING_MATCHES_PER_USER = 1
    user = UserFactory()
    start_against_bot(user, clock=30)
    with pytest.raises(LobbyError, match="already plays 1 match"):
        join_quick_match(user, "countdown", 2)
    assert not QuickMatchEntry.objects.exists()

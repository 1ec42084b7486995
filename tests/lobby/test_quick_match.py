"""The quick-match queue (lobby/quick_match.py)."""
import pytest

from lobby.errors import LobbyError
from lobby.models import QuickMatchEntry, Table
from lobby.quick_match import join_quick_match, sweep_quick_match_queue
from matches.models import Match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


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

"""The quick-match queue (lobby/quick_match.py)."""
import threading
import time

import pytest
from django.db import connection, connections, transaction

from lobby.errors import LobbyError
from lobby.models import QuickMatchEntry, Table
from lobby.quick_match import join_quick_match, sweep_quick_match_queue, try_quick_match
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


def _in_a_thread(func):
    """Runs ``func`` on a thread of its own (its own database connection); (thread, {"value" or "error"})."""
    outcome = {}

    def run():
        try:
            outcome["value"] = func()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            outcome["error"] = error
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def _a_request_waits_for_a_row_lock(within=10.0) -> bool:
    give_up = time.monotonic() + within
    while time.monotonic() < give_up:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.02)
    return False


def _join_while_the_sweep_holds_the_queue(second, then=None):
    """The first of a pair waits in the queue; the sweep's transaction holds its entry (``then`` runs inside it
    before it ends: the sweep going on to start what it finds) while ``second`` joins from a request of its own.
    (whether that request waited for the row lock, its outcome, the sweep's outcome)."""
    holding, release = threading.Event(), threading.Event()

    def sweep():
        with transaction.atomic():
            list(QuickMatchEntry.objects.select_for_update().filter(game="countdown", players=2))
            holding.set()
            release.wait(30)
            return then() if then else None

    sweeping, swept = _in_a_thread(sweep)
    assert holding.wait(30)
    joining, joined = _in_a_thread(lambda: join_quick_match(second, "countdown", 2))
    waited = _a_request_waits_for_a_row_lock()
    release.set()
    sweeping.join(30)
    joining.join(30)
    return waited, joined, swept


@pytest.mark.postgresql
def test_the_entry_that_completes_a_group_waits_for_the_queue_the_sweep_holds_and_seats_both():
    """A CI run of 2026-12-01: the second person's request passed by the first's entry while the sweep held it, so the
    second was sent to the lobby and the next sweep's start reached a page not yet listening."""
    first, second = UserFactory(), UserFactory()
    assert join_quick_match(first, "countdown", 2) is None
    waited, joined, _ = _join_while_the_sweep_holds_the_queue(second)
    assert waited, "the second's request did not wait for the entries the sweep held"
    table = joined["value"]
    assert table is not None and table.status == Table.Status.STARTED
    assert sorted(s.user_id for s in Match.objects.get(pk=table.match_id).seats.all()) == sorted([first.pk, second.pk])


@pytest.mark.postgresql
def test_a_person_the_sweep_seats_while_their_request_waits_is_sent_to_that_match():
    first, second = UserFactory(), UserFactory()
    assert join_quick_match(first, "countdown", 2) is None
    waited, joined, swept = _join_while_the_sweep_holds_the_queue(second, then=lambda: try_quick_match("countdown", 2))
    assert waited
    started = swept["value"]
    assert started is not None  # the sweep seated both, the second's entry among them
    assert joined["value"] == started
    assert not QuickMatchEntry.objects.exists()

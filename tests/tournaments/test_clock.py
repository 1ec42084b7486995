"""A tournament's time on the clock's lane (tournaments/services.py, "Time"): its start, an arena's fill
and end are wake-ups stored in `Tournament.next_due` and handed to the clock, a match's end wakes its
tournament at once, a restart reads them back, and a slow sweep catches what a lost wake-up left."""
import time
from datetime import UTC, datetime

import pytest

from matches import job_registry, scheduling
from matches.models import Match
from tests.chat.helpers import play_to_end
from tests.factories import UserFactory
from tests.matches.test_tasks import wait_for, worker  # noqa: F401 - the Celery worker fixture, used by name
from tests.tournaments.test_services import T0, at, new_tournament, running_matches
from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def timers(settings):
    settings.TIMER_BACKEND = "thread"
    timers = scheduling.scheduler()
    timers.clear()
    yield timers
    timers.clear()


def wake_ups(timers, tournament) -> list[float]:
    """The moments the in-process clock holds for this tournament (the stale heap entries left out)."""
    return [moment for _at, (pk, moment) in timers.pending(services.WAKE)
            if pk == tournament.pk and timers._wakes.get((services.WAKE, pk)) == moment]


def test_a_new_tournament_is_woken_at_its_start(timers, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        tournament, _users = new_tournament()
    assert tournament.next_due == at(T0)
    assert wake_ups(timers, tournament) == [T0]


def test_after_each_advance_the_arenas_next_moment_is_stored_and_asked_for(timers, django_capture_on_commit_callbacks):
    tournament, _users = new_tournament(people=3)
    with django_capture_on_commit_callbacks(execute=True):
        services.advance(tournament.pk, now=T0)
    tournament.refresh_from_db()
    # two seated, the third waits for company: woken when they have waited the fill delay
    assert tournament.next_due == at(T0 + 20) and wake_ups(timers, tournament) == [T0 + 20]
    timers.clear()  # that wake-up came out of the clock and runs:
    with django_capture_on_commit_callbacks(execute=True):
        services.advance(tournament.pk, now=T0 + 20)
    tournament.refresh_from_db()
    # nobody waits: the next moment is the arena's end (a match's end wakes it before, if any)
    assert tournament.next_due == at(T0 + 30 * 60)
    assert wake_ups(timers, tournament) == [T0 + 30 * 60]


def test_a_swiss_event_has_no_next_moment_once_it_runs_its_rounds_open_on_the_matches_ends():
    tournament, _users = new_tournament(kind="swiss", people=4)
    services.advance(tournament.pk, now=T0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.next_due is None


def test_a_match_that_ends_wakes_its_tournament_at_once(timers, django_capture_on_commit_callbacks):
    tournament, _users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    before = time.time()
    with django_capture_on_commit_callbacks(execute=True):
        play_to_end(running.match_id)
    (moment,) = wake_ups(timers, tournament)
    assert before <= moment <= time.time()


def test_a_later_moment_never_replaces_an_earlier_wake_up_waiting(timers):
    scheduling.schedule_wake(services.WAKE, 5, 1000.0)
    scheduling.schedule_wake(services.WAKE, 5, 1010.0)
    assert timers._wakes[(services.WAKE, 5)] == 1000.0
    scheduling.schedule_wake(services.WAKE, 5, 990.0)
    assert timers._wakes[(services.WAKE, 5)] == 990.0


def test_a_restart_hands_the_stored_moments_and_the_uncounted_ends_to_the_clock_again(timers):
    scheduled, _users = new_tournament()
    running, _users = new_tournament(people=2)
    services.advance(running.pk, now=T0)
    (row,) = running_matches(running)
    play_to_end(row.match_id)  # ended, not counted yet: its wake-up died with the process
    timers.clear()
    before = time.time()
    assert scheduling.reload_waiting_deadlines() >= 3
    assert wake_ups(timers, scheduled) == [T0]
    assert min(wake_ups(timers, running)) >= before


def test_the_sweep_advances_only_what_is_overdue_by_its_grace():
    tournament, _users = new_tournament(people=2)
    assert services.advance_due(now=T0 + 1, grace=2) == 0
    assert services.advance_due(now=T0 + 2, grace=2) == 1
    (row,) = running_matches(tournament)
    play_to_end(row.match_id)
    finished = Match.objects.get(pk=row.match_id).finished_at.timestamp()
    assert services.due_tournaments(finished + 1, grace=2) == []
    assert services.due_tournaments(finished + 2, grace=2) == [tournament.pk]


def test_the_wake_up_kind_is_registered_with_its_listener():
    from matches import endings

    assert job_registry.wake_kind(services.WAKE).waiting is services.waiting_wakes
    assert services.match_ended in endings._listeners


def soon_starting(people=2, seconds=1.0):
    """An arena starting ``seconds`` from now (real time: the clock's own), with ``people`` registered."""
    start = time.time() + seconds
    tournament = services.create_tournament(UserFactory(), starts_at=datetime.fromtimestamp(start, tz=UTC), name="Now cup",
                                            kind="arena", game="countdown", table_size=2, raw_options={"clock": 0, "rounds": 1},
                                            bot="first", minutes=30)
    for _n in range(people):
        services.register(UserFactory(), tournament.pk)
    return tournament


@pytest.mark.django_db(transaction=True)
def test_the_in_process_clock_starts_the_arena_with_nobody_connected_and_seats_again_at_a_matchs_end(timers):
    tournament = soon_starting()
    timers.clock.start()
    try:
        assert wait_for(lambda: TournamentMatch.objects.filter(tournament=tournament).exists(), seconds=10)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING and tournament.started_at.timestamp() >= tournament.starts_at.timestamp()
        (row,) = running_matches(tournament)
        play_to_end(row.match_id)
        # counted and the two seated again without any sweep: the match's end woke the tournament
        assert wait_for(lambda: TournamentMatch.objects.filter(tournament=tournament).count() == 2, seconds=10)
        assert TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=False).count() == 1
    finally:
        timers.clock.stop()


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_celery_clock_starts_the_arena_on_the_worker_with_nobody_connected(settings, worker):  # noqa: F811
    from matches import deadline_queue

    settings.TIMER_BACKEND = "celery"
    settings.DEADLINE_QUEUE_PREFIX = f"test-{time.time_ns()}"
    tournament = soon_starting()
    assert deadline_queue.waiting_wake(services.WAKE, tournament.pk) == pytest.approx(tournament.starts_at.timestamp())
    assert wait_for(lambda: TournamentMatch.objects.filter(tournament=tournament).exists())
    (row,) = running_matches(tournament)
    play_to_end(row.match_id)
    assert wait_for(lambda: TournamentMatch.objects.filter(tournament=tournament).count() == 2)
    assert TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=False).count() == 1

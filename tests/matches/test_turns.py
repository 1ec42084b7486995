"""Turn-based matches: days per decision, deadlines over days applied once, no socket-absence
takeover, the seats waited for kept on the seats (matches/turns.py). The clock is driven through
the service's ``now``: nothing sleeps."""
import random
import time

import pytest

from alibaba_tiles import engine as tiles
from gamekit import domains
from lobby.options import engine_options
from matches import presence, scheduling, services
from matches.models import ActionLog, Match, MatchSeat
from matches.services import MatchError, SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400


def cave_options():
    return engine_options("alibaba_tiles", {"clock": 60, "variant": "standard", "layout": "standard"})


def new_cave(users, days=2, now=None, seed=5):
    with scheduling.suspended():
        return services.create_match("alibaba_tiles", [SeatSpec(user=u) for u in users], cave_options(),
                                     seed=seed, now=now, decision_days=days)


def waiting_seats(match):
    return set(MatchSeat.objects.filter(match=match, waiting_since__isnull=False).values_list("seat", flat=True))


def test_a_turn_based_table_runs_every_clock_of_the_game_in_days():
    t0 = time.time()
    cave = new_cave([UserFactory(), UserFactory()], days=3, now=t0)
    assert cave.decision_days == 3 and cave.state["clock"] == 3 * DAY
    assert cave.next_deadline.timestamp() == pytest.approx(t0 + 3 * DAY)
    with scheduling.suspended():
        bazaar = services.create_match("basra", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
                                       engine_options("basra", {"variant": "standard"}), seed=2, now=t0, decision_days=7)
    for name in ("turn_seconds", "window_seconds", "bazaar_seconds"):
        assert bazaar.options[name] == 7 * DAY
    assert bazaar.next_deadline.timestamp() == pytest.approx(t0 + 7 * DAY)


def test_sidi_baba_is_refused_turn_based_because_its_hourglass_is_the_game():
    with pytest.raises(MatchError, match="real time only"):
        services.create_match("sidibaba", [SeatSpec(user=UserFactory()) for _n in range(3)], {}, decision_days=1)
    assert not Match.objects.exists()


@pytest.mark.parametrize("days", [4, -1, 30, True])
def test_only_the_offered_paces_are_accepted(days):
    with pytest.raises(MatchError, match="Days per decision"):
        new_cave([UserFactory(), UserFactory()], days=days)
    assert not Match.objects.exists()


def test_a_match_played_over_simulated_days_records_whom_it_waits_for():
    rng = random.Random(1)
    t0 = time.time()
    alice, bob = UserFactory(), UserFactory()
    match = new_cave([alice, bob], days=1, now=t0)
    now = t0
    with scheduling.suspended():
        for _step in range(12):
            match.refresh_from_db()
            if match.status != Match.Status.RUNNING:
                break
            to_act = tiles.to_act(match.state)
            assert waiting_seats(match) == set(to_act)
            seat = to_act[0]
            now += 0.6 * DAY  # each decision takes most of a day, never all of it
            action = domains.sample(rng.choice(tiles.legal_actions(match.state, seat)), rng)
            services.match_apply_action(match.pk, seat, action, now=now)
    # Nobody timed out: every action in the log is a person's, none the clock's.
    assert not ActionLog.objects.filter(match=match, seat__isnull=True).exists()
    assert ActionLog.objects.filter(match=match).count() >= 10


def test_a_deadline_days_away_is_applied_exactly_once_at_its_time():
    t0 = time.time() - 3 * DAY
    match = new_cave([UserFactory(), UserFactory()], days=2, now=t0)
    with scheduling.suspended():
        # one day in: not due, nothing happens
        assert services.match_apply_deadline(match.pk, 0, now=t0 + DAY) is False
        assert services.match_apply_deadline(match.pk, 0, now=t0 + 2 * DAY + 1) is True
        # the same task delivered again, and the sweep after it: nothing more
        assert services.match_apply_deadline(match.pk, 0, now=t0 + 2 * DAY + 2) is False
        services.sweep_overdue_matches(now=t0 + 2 * DAY + 3)
    timeouts = ActionLog.objects.filter(match=match, seat__isnull=True)
    assert timeouts.count() == 1
    assert timeouts.get().server_time == pytest.approx(t0 + 2 * DAY)
    match.refresh_from_db()
    # the next decision has two days of its own, and the seats waited for are the engine's
    assert waiting_seats(match) == set(tiles.to_act(match.state))
    assert match.next_deadline.timestamp() == pytest.approx(t0 + 4 * DAY)


def test_nobody_online_is_not_taken_over_at_a_turn_based_table():
    t0 = time.time() - 10 * 3600
    alice, bob = UserFactory(), UserFactory()
    turn_based = new_cave([alice, bob], days=1, now=t0)
    with scheduling.suspended():
        real_time = services.create_match("alibaba_tiles", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())], cave_options())
    Match.objects.filter(pk__in=[turn_based.pk, real_time.pk]).update(started_at=services._ts(t0))
    presence.seat_connected(turn_based.pk, 0, "alice-socket", now=t0)
    presence.seat_disconnected(turn_based.pk, 0, "alice-socket", now=t0 + 1)
    taken = presence.stand_in_for_absent_seats(now=time.time() + 120)  # past the grace of the decision opened now
    # at the real-time match, gone for hours, the seat whose decision is due gets its match aborted, that decision
    # being its person's first (later, a computer player would stand in: docs/ratings.md, "The early abort");
    # nothing at the turn-based one, where absence is the deadline passing
    assert taken == 1
    assert Match.objects.get(pk=real_time.pk).status == Match.Status.ABORTED
    assert not MatchSeat.objects.filter(match=turn_based, stand_in_since__isnull=False).exists()
    assert not MatchSeat.objects.filter(match=turn_based, abandoned_at__isnull=False).exists()
    assert presence.end_deserted_matches(now=time.time() + 30 * DAY) == 0
    turn_based.refresh_from_db()
    assert turn_based.status == Match.Status.RUNNING


def test_one_person_plays_three_turn_based_matches_at_once(settings):
    settings.RUNNING_MATCHES_PER_USER = 1  # the real-time limit does not count turn-based matches
    from lobby import tables as lobby

    alice = UserFactory()
    matches = []
    for _n in range(3):
        table = lobby.create_table(alice, "alibaba_tiles", 2, {"clock": 60}, decision_days=2)
        lobby.add_bot(alice, table.pk, 1, "greedy")
        with scheduling.suspended():
            matches.append(lobby.start_table(alice, table.pk).match)
    assert all(m.decision_days == 2 and m.status == Match.Status.RUNNING for m in matches)
    for match in matches:
        # the bot's seat is never recorded as waited for: only people are
        assert waiting_seats(match) == set(tiles.to_act(match.state)) & {0}


def test_a_far_deadline_is_handed_to_the_thread_timer_again_after_a_restart(settings):
    settings.TIMER_BACKEND = "thread"
    match = new_cave([UserFactory(), UserFactory()], days=14)
    timers = scheduling.scheduler()
    timers.clear()  # what a restart leaves of the in-process timer
    assert scheduling.reload_waiting_deadlines() >= 1
    entries = timers.pending("deadline")
    timers.clear()
    assert (pytest.approx(match.next_deadline.timestamp() + 0.01), (match.pk, 0)) in entries


@pytest.mark.redis
def test_a_far_deadline_is_put_back_in_the_redis_queue_after_a_restart(settings):
    from matches import deadline_queue

    settings.TIMER_BACKEND = "celery"
    match = new_cave([UserFactory(), UserFactory()], days=14)
    deadline_queue._redis().delete(*deadline_queue._keys())  # a Redis restarted without its data
    assert deadline_queue.waiting(match.pk) is None
    scheduling.reload_waiting_deadlines()
    version, at = deadline_queue.waiting(match.pk)
    assert version == 0 and at == pytest.approx(match.next_deadline.timestamp())
    # not due before its day: the clock hands nothing to the workers
    assert deadline_queue.take_due(time.time()) == []

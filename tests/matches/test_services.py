"""The one service that applies actions: versions, locks, expiries, logs, results."""
import logging
import threading
import time
import weakref

import pytest

from gamekit import events as event_rules
from matches import frames, services
from matches.models import ActionLog, Match, Rating
from matches.services import SeatSpec
from tests.collector import collector_off
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def new_countdown(players=2, clock=0, bots=(), now=None, users=None):
    users = users or [UserFactory() for _ in range(players)]
    seats = [SeatSpec(bot=bots[i]) if i < len(bots) and bots[i] else SeatSpec(user=users[i]) for i in range(players)]
    return services.create_match("countdown", seats, {"clock": clock, "rounds": 1}, seed=7, now=now)


def log_of(match):
    return list(ActionLog.objects.filter(match=match).order_by("seq").values_list("seq", "seat", "action"))


def test_action_is_applied_logged_and_versioned():
    match = new_countdown()
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    match.refresh_from_db()
    assert match.version == 1
    assert match.state["totals"] == [2, 0]
    assert log_of(match) == [(0, 0, {"type": "add", "n": 2})]


def test_stale_version_is_refused_and_changes_nothing():
    match = new_countdown()
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, client_version=0)
    services.match_apply_action(match.pk, 0, {"type": "bid", "n": 1}, client_version=1)
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 1}, client_version=2)
    match.refresh_from_db()
    before = (match.version, match.state)
    # Seat 1 acting on what it saw at version 0 (before the turn passed to it) is stale.
    with pytest.raises(services.StaleVersion):
        services.match_apply_action(match.pk, 1, {"type": "add", "n": 3}, client_version=0)
    match.refresh_from_db()
    assert (match.version, match.state) == before
    assert len(log_of(match)) == 3


def test_future_version_is_refused():
    match = new_countdown()
    with pytest.raises(services.MatchError) as info:
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, client_version=5)
    assert info.value.code == "bad_version"


def test_inside_a_simultaneous_window_another_seats_bid_does_not_make_a_client_stale():
    match = new_countdown(players=3)
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, client_version=0)
    # Seats 0, 1 and 2 all saw version 1 when the window opened.
    services.match_apply_action(match.pk, 2, {"type": "bid", "n": 2}, client_version=1)
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 1}, client_version=1)
    services.match_apply_action(match.pk, 0, {"type": "bid", "n": 0}, client_version=1)
    match.refresh_from_db()
    assert match.state["totals"] == [1, 1, 2]


def test_illegal_action_raises_and_changes_nothing():
    match = new_countdown()
    for seat, action in [(1, {"type": "add", "n": 1}), (0, {"type": "add", "n": 9}), (0, {"type": "fly"})]:
        with pytest.raises(services.IllegalMove):
            services.match_apply_action(match.pk, seat, action, client_version=0)
    match.refresh_from_db()
    assert match.version == 0 and log_of(match) == []


def test_malformed_action_is_refused():
    match = new_countdown()
    for action in [None, [], "add", {"n": 1}, {"type": 3}]:
        with pytest.raises(services.MatchError) as info:
            services.match_apply_action(match.pk, 0, action, client_version=0)
        assert info.value.code == "malformed"


def test_same_action_sent_twice_at_the_same_moment_is_applied_once():
    match = new_countdown()
    barrier = threading.Barrier(2)
    outcomes = []

    def send():
        from django.db import connection

        barrier.wait()
        try:
            services.match_apply_action(match.pk, 0, {"type": "add", "n": 3}, client_version=0)
            outcomes.append("applied")
        except services.MatchError as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    match.refresh_from_db()
    assert sorted(outcomes) == ["applied", "stale"]
    assert match.state["totals"] == [3, 0]
    assert len(log_of(match)) == 1


def test_expiry_whose_task_runs_twice_is_applied_once():
    start = time.time() - 40
    match = new_countdown(clock=30, now=start)
    assert match.next_deadline is not None
    assert services.match_apply_deadline(match.pk, 0) is True
    assert services.match_apply_deadline(match.pk, 0) is False
    match.refresh_from_db()
    assert log_of(match)[0][1:] == (None, {"type": "timeout"})
    # The timeout played seat 0's default (add 1) and opened the window at the deadline.
    assert match.state["totals"] == [1, 0]
    assert match.version == 1


def test_a_refused_actions_exception_dies_with_its_handler():
    """The service raises a refusal it kept in a local (an illegal move, a stale step) without keeping it there:
    its frame is in the exception's traceback, and the two made a cycle, with the frames and states the traceback
    holds, that only a full collection freed (a web process runs one every 5 minutes: docs/performance.md, "Memory")."""
    match = new_countdown()
    with collector_off():
        try:
            services.match_apply_action(match.pk, 0, {"type": "add", "n": 99}, client_version=0)
        except services.IllegalMove as error:
            refused = weakref.ref(error)
        assert refused() is None


def test_expiry_task_that_runs_early_does_nothing():
    match = new_countdown(clock=30)
    assert services.match_apply_deadline(match.pk, 0) is False
    match.refresh_from_db()
    assert match.version == 0 and log_of(match) == []


def test_late_action_applies_the_pending_expiry_first_and_a_late_task_then_does_nothing():
    start = time.time() - 31
    match = new_countdown(clock=30, now=start)
    # Seat 0's turn ran out a second ago; its late action comes after the timeout.
    with pytest.raises(services.StaleVersion):
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 3}, client_version=0)
    match.refresh_from_db()
    assert match.state["totals"] == [1, 0]
    assert [entry[1] for entry in log_of(match)] == [None]
    # The scheduled task for version 0 arrives late: the expiry is not applied again.
    assert services.match_apply_deadline(match.pk, 0) is False
    match.refresh_from_db()
    assert len(log_of(match)) == 1


def test_expiries_that_piled_up_are_applied_in_order_at_their_own_deadlines():
    start = time.time() - 100
    match = new_countdown(clock=30, now=start)
    assert services.match_apply_deadline(match.pk, 0) is True
    match.refresh_from_db()
    # Turn (t+30: add 1), window (t+60: bids 0), seat 1's turn (t+90: add 1).
    assert [e.server_time - start for e in match.actions.order_by("seq")] == pytest.approx([30, 60, 90])
    assert match.state["totals"] == [1, 1]


def test_sweeper_applies_overdue_deadlines_once():
    match = new_countdown(clock=10, now=time.time() - 60)
    assert services.sweep_overdue_matches(grace=1) == 1
    match.refresh_from_db()
    version = match.version
    assert services.sweep_overdue_matches(grace=1) in (0, 1)  # the window's own deadline may be overdue too
    match.refresh_from_db()
    seqs = [e[0] for e in log_of(match)]
    assert seqs == list(range(len(seqs))) and match.version >= version


def test_finished_match_stores_result_ranks_and_ratings(settings):
    settings.TIMER_BACKEND = "thread"  # no broker: the ratings are recorded on commit, in this process
    alice, bob = UserFactory(), UserFactory()
    match = new_countdown(users=[alice, bob])
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 3}, client_version=0)
    services.match_apply_action(match.pk, 0, {"type": "bid", "n": 0}, client_version=1)
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 0}, client_version=1)
    services.match_apply_action(match.pk, 1, {"type": "add", "n": 1}, client_version=3)
    services.match_apply_action(match.pk, 0, {"type": "bid", "n": 0}, client_version=4)
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 0}, client_version=4)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result == {"ranks": [1, 2], "scores": [3, 1]}
    seats = {s.seat: s for s in match.seats.all()}
    assert (seats[0].rank, seats[0].score, seats[1].rank) == (1, 3, 2)
    assert Rating.objects.get(user=alice, game="countdown").rating > Rating.objects.get(user=bob, game="countdown").rating
    with pytest.raises(services.MatchNotRunning):
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 1})


def test_bot_acts_through_the_service_only_at_its_version():
    match = new_countdown(bots=["first", None])
    assert services.match_bot_act(match.pk, 0, 0) is True
    assert services.match_bot_act(match.pk, 0, 0) is False  # an old task finds a newer version
    match.refresh_from_db()
    assert match.state["totals"] == [1, 0]
    assert log_of(match) == [(0, 0, {"type": "add", "n": 1})]


def test_a_bot_that_remembers_is_given_the_events_its_seat_was_sent_and_no_others(countdown_registered, monkeypatch):
    """Search bots (gamekit/ismcts.py) build states from the view and the seat's own events: the service
    hands them exactly what that seat was sent (gamekit.events.for_seat), never another seat's events."""
    given = []

    def remembering(view, legal, rng, seen=()):
        given.append(list(seen))
        return legal[0]
    remembering.remembers = True
    monkeypatch.setitem(countdown_registered.bots, "remembering", remembering)
    match = new_countdown(bots=[None, "remembering"])
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    match.refresh_from_db()
    expected = frames.seen_events(match, 1)
    assert services.match_bot_act(match.pk, 1, match.version) is True
    assert given == [expected] and expected
    every = [e for events in ActionLog.objects.filter(match=match).order_by("seq").values_list("events", flat=True)
             for e in events]
    assert len(expected) < len(every) or all(event_rules.visible(e, 1, False) for e in every)


def test_a_bot_whose_move_is_refused_on_the_state_it_was_shown_is_logged_as_an_error(countdown_registered, monkeypatch, caplog):
    """A bot that chooses what the rules refuse, on the very state it saw, is a bug the test runs must see."""
    monkeypatch.setitem(countdown_registered.bots, "overreacher", lambda view, legal, rng: {"type": "add", "n": 9})
    match = new_countdown(bots=["overreacher", None])
    with caplog.at_level(logging.ERROR, logger="matches.services"):
        assert services.match_bot_act(match.pk, 0, 0) is False
    assert [r.getMessage() for r in caplog.records if services.BOT_REFUSED in r.getMessage()]
    match.refresh_from_db()
    assert match.version == 0


def test_a_bot_that_loses_a_race_is_not_an_error(countdown_registered, monkeypatch, caplog):
    """A bot task delivered twice (Celery may redeliver): both copies read version 1 and bid for seat 1 in the
    window; the second is refused by the rules because the first got there. Nothing is logged as an error."""
    def twin(view, legal, rng):
        services.match_apply_action(match.pk, 1, {"type": "bid", "n": 2}, client_version=1)  # the other copy, first
        return {"type": "bid", "n": 0}

    monkeypatch.setitem(countdown_registered.bots, "twin", twin)
    match = new_countdown(bots=[None, "twin"])
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, client_version=0)
    with caplog.at_level(logging.WARNING, logger="matches.services"):
        assert services.match_bot_act(match.pk, 1, 1) is False
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    match.refresh_from_db()
    assert match.version == 2 and log_of(match)[-1] == (1, 1, {"type": "bid", "n": 2})


def test_replay_of_the_log_equals_the_live_state():
    from tests.matches import countdown_game

    match = new_countdown(players=3, bots=["random", "random", "random"])
    for _ in range(50):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        for seat in range(3):
            services.match_bot_act(match.pk, seat, match.version)
            match.refresh_from_db()
    match.refresh_from_db()
    log = [(e.seat, e.action, e.server_time) for e in match.actions.order_by("seq")]
    assert countdown_game.replay(3, match.options, match.seed, log) == match.state


def test_events_are_kept_with_the_action_that_made_them():
    match = new_countdown()
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 1}, client_version=1)
    events = list(ActionLog.objects.filter(match=match).order_by("seq").values_list("events", flat=True))
    assert events[0] == [{"code": "added", "seat": 0, "n": 2, "visible_to": "all"}]
    assert {"code": "bid_placed", "seat": 1, "n": 1, "visible_to": [1]} in events[1]


def test_padding_on_a_legal_action_is_refused_and_nothing_is_logged():
    match = new_countdown()
    with pytest.raises(services.IllegalMove):
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 2, "pad": "x" * 3000}, client_version=0)
    assert log_of(match) == []


def test_a_number_outside_its_domain_is_refused_with_the_domain_named():
    match = new_countdown()
    with pytest.raises(services.IllegalMove) as info:
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 4}, client_version=0)
    assert "1 to 3" in info.value.message
    assert log_of(match) == []


def test_an_action_a_seat_may_take_without_being_waited_for_does_not_make_others_stale():
    match = new_countdown(players=3)
    services.match_apply_action(match.pk, 2, {"type": "cheer"}, client_version=0)
    # seat 0 decided on version 0; a cheer opened no new decision
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, client_version=0)
    match.refresh_from_db()
    assert match.version == 2 and match.state["cheers"][0] == 1


def test_bots_are_scheduled_only_where_the_game_waits_for_them(settings):
    from matches import scheduling

    settings.TIMER_BACKEND = "thread"  # the in-process timer heap can be read back

    def scheduled_bots(match):
        return sorted(args[1] for _at, args in scheduling.scheduler().pending("bot") if args[0] == match.pk)

    match = new_countdown(players=3, bots=("", "random", "random"))
    # seat 0 (a person) is on turn: the bots may cheer but are not waited for
    assert scheduled_bots(match) == []
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 1}, client_version=0)
    assert scheduled_bots(match) == [1, 2]  # the bidding window waits for everyone
    scheduling.scheduler().clear()


def test_a_match_stores_the_rules_version_it_was_created_under():
    from tests.matches import countdown_game

    match = new_countdown()
    match.refresh_from_db()
    assert match.rules_version == countdown_game.RULES_VERSION == 1
    # version 1 is left unwritten in the state and not put among the stored options
    assert "rules_version" not in match.state and "rules_version" not in match.options


def test_a_match_of_a_later_rules_version_is_played_under_it(countdown_next):
    users = [UserFactory(), UserFactory(), UserFactory()]
    match = services.create_match("countdown_next", [SeatSpec(user=u) for u in users], {"rounds": 1}, seed=7)
    assert match.rules_version == 2 and match.state["rules_version"] == 2
    services.match_apply_action(match.pk, 2, {"type": "cheer"}, client_version=0)
    match.refresh_from_db()
    assert match.rules_version == 2 and match.state["cheers"][0] == 2  # the rule of version 2

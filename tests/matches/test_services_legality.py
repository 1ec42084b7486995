"""One legality check per move, the platform's (matches/services.py, ``_apply_one``): the service asks
``legal_actions`` once, matches the action, and hands the engine the legal action's own instance
(``contract.apply_legal``); a refusal is worded by the engine and changes nothing."""
import types

import pytest

from matches import registry, services
from matches.models import ActionLog, Match
from matches.registry import GameSpec
from matches.services import SeatSpec
from tests.factories import UserFactory
from tests.matches import countdown_game

pytestmark = pytest.mark.django_db(transaction=True)


class Recorder:
    """The countdown game with ``apply_legal``, recording how the service calls it."""

    def __init__(self, apply=None):
        self.legal_calls = []  # seats legal_actions was asked for
        self.applied = []  # (seat, action, legal_actions calls made before it)
        engine = types.ModuleType("countdown_recorded")
        engine.__dict__.update({k: v for k, v in vars(countdown_game).items() if not k.startswith("__")})
        engine.legal_actions = self.legal_actions
        engine.apply_legal = self.apply_legal
        if apply is not None:
            engine.apply = apply
        self.engine = engine

    def legal_actions(self, state, seat):
        self.legal_calls.append(seat)
        return countdown_game.legal_actions(state, seat)

    def apply_legal(self, state, seat, action, now):
        self.applied.append((seat, action, len(self.legal_calls)))
        return countdown_game.apply(state, seat, action, now)


@pytest.fixture
def recorded():
    recorders = []

    def register(apply=None):
        recorder = Recorder(apply)
        registry.register(GameSpec(key="countdown_recorded", name="Countdown (recorded)", engine=recorder.engine,
                                   min_players=2, max_players=4, options=countdown_game.OPTIONS,
                                   bots={"first": countdown_game.first_bot}))
        recorders.append(recorder)
        return recorder

    yield register
    registry.unregister("countdown_recorded")


def new_match(clock=0, now=None):
    seats = [SeatSpec(user=UserFactory()) for _ in range(2)]
    return services.create_match("countdown_recorded", seats, {"clock": clock, "rounds": 1}, seed=7, now=now)


def logged(match):
    return list(ActionLog.objects.filter(match=match).order_by("seq").values_list("seat", "action"))


def test_a_seats_move_asks_legal_actions_once_and_the_engine_applies_the_legal_instance(recorded):
    recorder = recorded()
    match = new_match()
    recorder.legal_calls.clear()
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    # Once before the engine applied it; any later call is the frames sent after the commit.
    assert recorder.applied == [(0, {"type": "add", "n": 2}, 1)]
    assert recorder.legal_calls[0] == 0
    assert logged(match) == [(0, {"type": "add", "n": 2})]
    assert type(logged(match)[0][1]["n"]) is int


def test_a_refused_move_is_worded_by_the_engine_and_changes_nothing(recorded):
    recorder = recorded()
    match = new_match()
    before = Match.objects.get(pk=match.pk)
    with pytest.raises(services.IllegalMove) as info:
        services.match_apply_action(match.pk, 0, {"type": "add", "n": 9}, client_version=0)
    # The engine's own sentence (domains.explain_mismatch via countdown_game.apply).
    assert info.value.message == '"n": a whole number from 1 to 3.'
    assert recorder.applied == []
    after = Match.objects.get(pk=match.pk)
    assert (after.version, after.state, logged(match)) == (before.version, before.state, [])


def test_a_true_for_a_number_is_refused_exact_json_types(recorded):
    recorder = recorded()
    match = new_match()
    with pytest.raises(services.IllegalMove):
        services.match_apply_action(match.pk, 0, {"type": "add", "n": True}, client_version=0)
    assert recorder.applied == [] and logged(match) == []


def test_a_seat_outside_the_match_is_refused_without_asking_legal_actions_for_it(recorded):
    recorder = recorded()
    match = new_match()
    recorder.legal_calls.clear()
    with pytest.raises(services.IllegalMove):
        services.match_apply_action(match.pk, 7, {"type": "cheer"}, client_version=0)
    assert 7 not in recorder.legal_calls and recorder.applied == []
    assert Match.objects.get(pk=match.pk).version == 0


def test_what_the_engine_would_take_but_legal_actions_does_not_list_is_refused(recorded):
    def lenient_apply(state, seat, action, now):
        return state, []  # takes anything: legal_actions alone decides

    recorder = recorded(apply=lenient_apply)
    match = new_match()
    with pytest.raises(services.IllegalMove) as info:
        services.match_apply_action(match.pk, 1, {"type": "add", "n": 2}, client_version=0)
    assert info.value.message == "That is not a valid action."
    assert recorder.applied == [] and logged(match) == []


def test_time_acts_first_through_apply_and_the_move_is_then_matched_on_the_new_state(recorded):
    recorder = recorded()
    match = new_match(clock=5, now=1000.0)
    # Seat 0's turn ran out at 1005: time adds 1 for it and opens the bids before seat 1's bid arrives.
    services.match_apply_action(match.pk, 1, {"type": "bid", "n": 2}, now=1007.0)
    assert [seat for seat, _action in logged(match)] == [None, 1]
    # The system's timeout went to apply as it is; only the seat's bid came through apply_legal.
    assert [(seat, action) for seat, action, _calls in recorder.applied] == [(1, {"type": "bid", "n": 2})]
    assert Match.objects.get(pk=match.pk).state["totals"] == [1, 0]

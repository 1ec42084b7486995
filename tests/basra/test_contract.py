"""The engine contract: replay, JSON round trip, refusals, to_act/deadline, random playouts."""
import json
import random

import pytest

import basra.engine as engine
from gamekit import contract, driver
from gamekit.errors import IllegalAction as GamekitIllegalAction
from tests.basra.helpers import act, mover, new

VARIANTS = ["standard", "forty_thieves"]


def options_for(variant, number):
    return {"variant": variant, "open_packs": number % 3 == 0, "turn_seconds": [60, 0, 5][number % 3]}


def test_the_module_fulfils_the_contract():
    assert contract.missing(engine) == []
    assert issubclass(engine.IllegalAction, GamekitIllegalAction)


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_rebuilds_the_same_state(variant):
    for seed in range(5):
        players = 2 + seed
        playout = driver.play(engine, players, options_for(variant, seed), seed, [driver.random_bot] * players)
        rebuilt = engine.replay(players, options_for(variant, seed), seed, playout.log, 0.0)
        assert rebuilt == playout.state


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_state_survives_a_json_round_trip_mid_game(variant):
    playout = driver.play(engine, 4, {"variant": variant}, 11, [driver.random_bot] * 4)
    state = engine.new_game(4, {"variant": variant}, 11, 0.0)
    for seat, action, at in playout.log:
        thawed = json.loads(json.dumps(state))
        assert thawed == state
        state, events = engine.apply(thawed, seat, action, at)
        json.dumps(events)
        json.dumps(engine.view(state, 0))
    assert state == playout.state


GARBAGE = [
    None, "play", 7, [], {}, {"type": "fly"}, {"type": "play"}, {"type": "play", "card": 99},
    {"type": "play", "card": True}, {"type": "play", "card": "1"}, {"type": "play", "card": 1, "extra": 2},
    {"type": "sell", "cards": "abc"}, {"type": "sell", "cards": [999]}, {"type": "timeout"},
    {"type": "route", "to": "m5"}, {"type": "accept", "offer": 1},
]


@pytest.mark.parametrize("action", GARBAGE)
def test_garbage_actions_are_refused_and_change_nothing(action):
    state = new(3)
    frozen = json.dumps(state, sort_keys=True)
    with pytest.raises(engine.IllegalAction):
        act(state, mover(state), action)
    assert json.dumps(state, sort_keys=True) == frozen


@pytest.mark.parametrize("seat", [-1, 3, "0", 1.5])
def test_unknown_seats_are_refused(seat):
    state = new(3)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, seat, {"type": "play", "card": 1}, 1.0)


def test_the_system_may_only_send_a_timeout():
    state = new(3)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, None, {"type": "play", "card": 1}, 999.0)


def test_a_mistake_gets_a_friendly_message():
    state = new(3)
    with pytest.raises(engine.IllegalAction, match='"card"'):
        act(state, mover(state), {"type": "play", "card": 99})


@pytest.mark.parametrize("variant", VARIANTS)
def test_to_act_is_never_empty_while_the_game_runs_without_a_deadline(variant):
    for seed in range(12):
        players = 2 + seed % 5
        options = options_for(variant, seed)
        playout = driver.play(engine, players, options, seed, [driver.random_bot] * players)
        state = engine.new_game(players, options, seed, 0.0)
        keys = {engine.decision_key(state)}
        for seat, action, at in playout.log:
            assert engine.to_act(state) or engine.deadline(state) is not None
            if engine.deadline(state) is None:
                assert engine.to_act(state)
            state, _ = engine.apply(state, seat, action, at)
            keys.add(engine.decision_key(state))
        assert engine.result(state) is not None and engine.to_act(state) == []
        assert len(keys) > 10


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_1000_random_playouts_finish_without_error(variant):
    finished = 0
    for number in range(1000):
        players = 2 + number % 5
        playout = driver.play(engine, players, options_for(variant, number), number, [driver.random_bot] * players,
                              rng=random.Random(number))
        result = engine.result(playout.state)
        assert result is not None and len(result["ranks"]) == players
        assert all(cash >= 0 for cash in playout.state["cash"])
        finished += 1
    assert finished == 1000

"""Random playouts: no error, the contract's liveness, replay, JSON round trips, garbage refused."""
import json
import random

import pytest

from gamekit import driver
from sidibaba import engine
from sidibaba.bots import BOTS

MAZES = ["leader", "grotto", "vaults", "halls", "coils"]


def _options(seed):
    return {"segment_seconds": 60 + 60 * (seed % 25 == 0), "maze": MAZES[seed % 5]}


def _play(seed, players=None, step=None, bots=None):
    players = players or 3 + seed % 5
    step = step or (1.0 if seed % 50 == 0 else 5.0)
    return driver.play(engine, players, _options(seed), seed, bots or [driver.random_bot] * players, step=step)


@pytest.mark.slow  # over 5 s (make check leaves it to make test)
def test_500_random_playouts_end_without_error():
    outcomes = set()
    for seed in range(500):
        playout = _play(seed)
        result = engine.result(playout.state)
        assert result is not None, f"seed {seed} did not finish"
        assert result["teams"] == [[0], list(range(1, playout.state["players"]))]
        outcomes.add(playout.state["end_reason"])
    assert {"dark", "escaped"} <= outcomes


def test_to_act_is_never_empty_while_the_game_runs_without_a_deadline():
    for seed in range(40):
        state = engine.new_game(4, {"segment_seconds": 60}, seed, 0.0)
        rng = random.Random(seed)
        now = 0.0
        while engine.result(state) is None:
            assert engine.to_act(state) or engine.deadline(state) is not None
            due = engine.deadline(state)
            movers = engine.to_act(state)
            if due and (due[0] <= now or not movers):
                now = max(now, due[0])
                state, _ = engine.apply(state, None, due[1], now)
                continue
            seat = rng.choice(movers)
            legal = engine.legal_actions(state, seat)
            assert legal, f"seat {seat} waited for without a legal action"
            state, _ = engine.apply(state, seat, driver.random_bot(None, legal, rng), now)
            now += 3.0


def test_replay_rebuilds_the_same_state_and_the_state_survives_json():
    for seed in range(30):
        playout = _play(seed, bots=[BOTS["explorer"]] * (3 + seed % 5) if seed % 2 else None)
        players = playout.state["players"]
        rebuilt = engine.replay(players, _options(seed), seed, playout.log, 0.0)
        assert json.dumps(rebuilt, sort_keys=True) == json.dumps(playout.state, sort_keys=True)
        assert json.loads(json.dumps(playout.state)) == playout.state


def test_a_state_from_json_plays_on_like_the_original():
    state = engine.new_game(4, {"maze": "halls"}, 9, 0.0)
    state = engine.apply(state, None, {"type": "setup_timeout"}, engine.deadline(state)[0])[0]
    thawed = json.loads(json.dumps(state))
    for seat in (1, 2, 3):
        state = engine.apply(state, seat, {"type": "vote_move", "move": "E"}, 400.0)[0]
        thawed = engine.apply(thawed, seat, {"type": "vote_move", "move": "E"}, 400.0)[0]
    assert state == thawed


GARBAGE = [None, 7, "E", [], {}, {"type": "teleport"}, {"type": "vote_move"}, {"type": "vote_move", "move": "G"},
           {"type": "vote_move", "move": "E", "extra": 1}, {"type": "take", "slot": 99},
           {"type": "play_event", "event": 3, "use": "illusion"}, {"type": "lamp_expired", "segment": 99},
           {"type": "use_genie", "token": 0}, {"type": "keep", "token": [1]}, {"type": "vote_move", "move": True}]


@pytest.mark.parametrize("seat", [0, 1, 2, 5, -1, None, "all", True])
def test_garbage_actions_are_refused_and_change_nothing(seat):
    for seed in range(6):
        playout = _play(seed, players=4)
        for index in range(0, len(playout.log), max(1, len(playout.log) // 8)):
            state = engine.replay(4, _options(seed), seed, playout.log[:index], 0.0)
            frozen = json.dumps(state, sort_keys=True)
            for action in GARBAGE:
                with pytest.raises(engine.IllegalAction):
                    engine.apply(state, seat, action, playout.log[index][2] if index < len(playout.log) else 0.0)
                assert json.dumps(state, sort_keys=True) == frozen


def test_apply_never_changes_its_input():
    for seed in range(12):
        players = 3 + seed % 5
        bots = [BOTS["explorer"] if seed % 2 else driver.random_bot] * players
        state = engine.new_game(players, {"segment_seconds": 60}, seed, 0.0)
        rng = random.Random(seed)
        now = 0.0
        while engine.result(state) is None:
            now += 3.0
            due = engine.deadline(state)
            movers = engine.to_act(state)
            frozen = json.dumps(state, sort_keys=True)
            if due and (due[0] <= now or not movers):
                now = max(now, due[0])
                new, _ = engine.apply(state, None, due[1], now)
            else:
                seat = rng.choice(movers)
                new, _ = engine.apply(state, seat, driver.bot_action(engine, state, seat, bots[seat], rng), now)
            assert json.dumps(state, sort_keys=True) == frozen
            state = new


def test_a_view_for_a_stranger_is_a_spectators_view():
    state = engine.new_game(4, {}, 1, 0.0)
    assert engine.view(state, 17) == engine.view(state, None) == engine.view(state, True)

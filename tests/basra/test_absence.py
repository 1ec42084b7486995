"""Absence: turn_key and default_action, which let the platform play the rest of a timed-out turn at once."""
import json
import random

import pytest

import basra.engine as engine
from gamekit import domains, driver

VARIANTS = ["standard", "forty_thieves"]


def options_for(variant, number):
    return {"variant": variant, "open_packs": number % 3 == 0, "turn_seconds": 60}


def walk(variant, number):
    """Every state of a playout where seats act at random and, a third of the time, send their default."""
    players = 2 + number % 5
    rng = random.Random(number)
    state = engine.new_game(players, options_for(variant, number), number, 0.0)
    now = 0.0
    states = [state]
    while engine.result(state) is None:
        movers = engine.to_act(state)
        if not movers or rng.random() < 0.05:
            at, timeout = engine.deadline(state)
            state, _events = engine.apply(state, None, timeout, max(now, at))
            now = max(now, at)
        else:
            seat = rng.choice(movers)
            if rng.random() < 0.33:
                action = engine.default_action(state, seat)
            else:
                action = driver.bot_action(engine, state, seat, driver.random_bot, rng)
            state, _events = engine.apply(state, seat, action, now)
            now += 1.0
        states.append(state)
    return states


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_default_action_of_every_waited_for_seat_is_legal(variant):
    checked = 0
    for number in range(40):
        for state in walk(variant, number):
            waited = set(engine.to_act(state))
            for seat in range(state["players"]):
                default = engine.default_action(state, seat)
                if seat not in waited:
                    assert default is None
                    continue
                assert domains.find_legal(default, engine.legal_actions(state, seat)) is not None, (state["phase"], default)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_default_of_a_single_decision_is_what_its_clock_does(variant):
    compared = 0
    for number in range(20):
        for state in walk(variant, number):
            if state["finished"] or state["phase"]["name"] == "window":
                continue
            (seat,) = engine.to_act(state)
            at, timeout = engine.deadline(state)
            by_clock, _ = engine.apply(state, None, timeout, at)
            by_default, _ = engine.apply(state, seat, engine.default_action(state, seat), at)
            assert by_default == by_clock
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_turn_key_holds_through_a_turn_and_changes_between_turns(variant):
    longer_turns = 0
    for number in range(20):
        keys_of_turn = {}
        for state in walk(variant, number):
            key = engine.turn_key(state)
            assert json.loads(json.dumps(key)) == key
            if state["finished"] or state["phase"]["name"] in ("window", "choose_start"):
                continue
            keys_of_turn.setdefault(state["turn"], {}).setdefault(json.dumps(key), set()).add(state["decision"])
        for turn, keys in keys_of_turn.items():
            assert len(keys) == 1, (turn, keys)  # one key through every prompt of the turn
            longer_turns += len(next(iter(keys.values()))) > 1
        all_keys = [key for keys in keys_of_turn.values() for key in keys]
        assert len(all_keys) == len(set(all_keys))  # and another for each turn
    assert longer_turns > 50


def test_a_window_is_nobodys_turn_and_choosing_the_starter_is_a_turn_of_its_own():
    windows = starts = 0  # the standard game only: Forty Thieves has neither
    for number in range(20):
        previous = None
        for state in walk("standard", number):
            name = None if state["finished"] else state["phase"]["name"]
            if name == "window":
                assert engine.turn_key(state) is None
                windows += 1
            elif name == "choose_start":
                assert engine.turn_key(state) == ["start", state["round"]]
                assert engine.turn_key(previous) != engine.turn_key(state)
                starts += 1
            previous = state
    assert windows > 0 and starts > 0


def test_a_finished_game_has_no_turn_and_no_default():
    state = walk("standard", 3)[-1]
    assert engine.turn_key(state) is None
    assert all(engine.default_action(state, seat) is None for seat in range(state["players"]))

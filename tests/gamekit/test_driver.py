"""The one bot driver: bots follow to_act, never "has legal actions"; time jumps to deadlines."""
import random

import pytest

from gamekit import driver
from tests.matches import countdown_game


def test_only_the_seats_the_game_waits_for_are_driven():
    state = countdown_game.new_game(3, {"rounds": 1}, 1)
    # seats 1 and 2 may cheer, but the game waits for seat 0 alone
    assert countdown_game.legal_actions(state, 1) == [{"type": "cheer"}]
    assert driver.seats_to_drive(countdown_game, state, [0, 1, 2]) == [0]
    assert driver.seats_to_drive(countdown_game, state, [1, 2]) == []


def test_a_bot_answer_with_domains_is_filled():
    state = countdown_game.new_game(2, {"rounds": 1}, 1)
    action = driver.bot_action(countdown_game, state, 0, lambda view, legal, rng: legal[0], random.Random(2))
    assert action["type"] == "add" and action["n"] in (1, 2, 3)


def test_a_seat_with_nothing_to_do_gives_no_action():
    state = countdown_game.new_game(2, {"rounds": 1}, 1)
    state = dict(state, phase="over")
    assert driver.bot_action(countdown_game, state, 1, driver.random_bot, random.Random(1)) is None


def test_play_reaches_the_end_and_replays_identically():
    playout = driver.play(countdown_game, 3, {"rounds": 2}, 9, [driver.random_bot] * 3)
    assert countdown_game.result(playout.state) is not None
    assert countdown_game.replay(3, {"rounds": 2}, 9, playout.log, 0.0) == playout.state


def test_play_lets_time_act_when_nobody_is_waited_for():
    class Waiting:
        """Nobody acts; only the clock ends the game."""

        IllegalAction = countdown_game.IllegalAction

        @staticmethod
        def new_game(players, options, seed, now):
            return {"over": False, "at": now + 30}

        @staticmethod
        def to_act(state):
            return []

        @staticmethod
        def deadline(state):
            return None if state["over"] else (state["at"], {"type": "ring"})

        @staticmethod
        def apply(state, seat, action, now):
            return {"over": True, "at": now}, [{"code": "rang", "visible_to": "all"}]

        @staticmethod
        def result(state):
            return {"ranks": [1]} if state["over"] else None

    playout = driver.play(Waiting, 1, {}, 1, [driver.random_bot])
    assert playout.log == [(None, {"type": "ring"}, 30.0)]
    assert driver.visible_events(playout, 0) == [{"code": "rang"}]


def test_a_stuck_engine_is_reported():
    class Stuck:
        @staticmethod
        def new_game(players, options, seed, now):
            return {}

        to_act = staticmethod(lambda state: [])
        deadline = staticmethod(lambda state: None)
        result = staticmethod(lambda state: None)

    with pytest.raises(driver.StuckMatch):
        driver.play(Stuck, 1, {}, 1, [driver.random_bot])

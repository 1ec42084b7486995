"""How time acts (gamekit/timeline.py): each deadline at its own time, a timed-out turn finished on
defaults at once, a limit; and the driver and the search's simulation letting time act the same way."""
import copy
import random
import types

import pytest

from gamekit import contract, driver, ismcts, timeline
from gamekit.errors import IllegalAction as _IllegalAction

CLOCK = 10.0


class IllegalAction(_IllegalAction):
    pass


def _new(players=2, turns=4, clock=CLOCK, asks=None):
    """A turn is two prompts: the mover takes, then ``asks`` (the mover unless told) keeps or skips.
    Each prompt has its own clock; a timeout takes, or skips."""
    return {"players": players, "turn": 0, "turns": turns, "mover": 0, "prompt": "take", "asks": asks,
            "opened": 0.0, "clock": clock, "history": []}


def _to_act(state):
    if state["turn"] == state["turns"]:
        return []
    if state["prompt"] == "confirm" and state["asks"] is not None:
        return [state["asks"]]
    return [state["mover"]]


def _apply(state, seat, action, now):
    if state["turn"] == state["turns"]:
        raise IllegalAction("The game is over.")
    state = copy.deepcopy(state)
    kind = action["type"]
    if seat is None:
        if kind != "timeout":
            raise IllegalAction("Time only times out.")
        kind = "take" if state["prompt"] == "take" else "skip"
    elif seat not in _to_act(state) or kind not in (("take",) if state["prompt"] == "take" else ("keep", "skip")):
        raise IllegalAction("Not now.")
    state["history"].append([seat, kind, now])
    if state["prompt"] == "take":
        state["prompt"] = "confirm"
    else:
        state["prompt"] = "take"
        state["turn"] += 1
        state["mover"] = state["turn"] % state["players"]
    state["opened"] = now
    return state, [{"code": kind, "visible_to": "all"}]


def _deadline(state):
    if state["turn"] == state["turns"] or not state["clock"]:
        return None
    return state["opened"] + state["clock"], {"type": "timeout"}


def _default_action(state, seat):
    return {"type": "take"} if state["prompt"] == "take" else {"type": "skip"}


def _engine(**functions):
    base = {
        "IllegalAction": IllegalAction, "to_act": _to_act, "apply": _apply, "deadline": _deadline,
        "result": lambda state: {"ranks": [1] * state["players"]} if state["turn"] == state["turns"] else None,
        "legal_actions": lambda state, seat: (
            [] if seat not in _to_act(state) else
            [{"type": "take"}] if state["prompt"] == "take" else [{"type": "keep"}, {"type": "skip"}]),
        "new_game": lambda players, options, seed, now: _new(players, **options),
        "view": lambda state, seat: state,
        "turn_key": lambda state: state["turn"], "default_action": _default_action,
    }
    base.update(functions)
    return types.SimpleNamespace(**{name: fn for name, fn in base.items() if fn is not None})


ABSENCE = _engine()  # plays a timed-out turn on defaults
PLAIN = _engine(turn_key=None, default_action=None)  # a fresh clock for every prompt


def test_every_due_deadline_acts_at_its_own_time_and_no_later_one():
    state, lines = timeline.advance(PLAIN, _new(), 35.0)
    # take at 10, skip at 20 (the follow-up prompt's own clock), take at 30; the one at 40 is not due
    assert [(line.seat, line.action, line.at) for line in lines] == [(None, {"type": "timeout"}, 10.0 * i) for i in (1, 2, 3)]
    assert state["history"] == [[None, "take", 10.0], [None, "skip", 20.0], [None, "take", 30.0]]
    assert [line.events for line in lines] == [[{"code": "take", "visible_to": "all"}],
                                               [{"code": "skip", "visible_to": "all"}],
                                               [{"code": "take", "visible_to": "all"}]]
    assert timeline.advance(PLAIN, state, 39.9)[1] == []


def test_a_timed_out_turn_is_finished_on_defaults_at_the_moment_of_the_expiry():
    state, lines = timeline.advance(ABSENCE, _new(), 25.0)
    assert [(line.seat, line.action, line.at) for line in lines] == [
        (None, {"type": "timeout"}, 10.0), (0, {"type": "skip"}, 10.0),  # seat 0 timed out: its turn ends at once
        (None, {"type": "timeout"}, 20.0), (1, {"type": "skip"}, 20.0),  # seat 1's fresh clock, from 10
    ]
    assert state["mover"] == 0 and state["turn"] == 2 and _deadline(state)[0] == 30.0


def test_lines_replay_to_the_same_state():
    state, lines = timeline.advance(ABSENCE, _new(), 25.0)
    assert contract.replay(ABSENCE, 2, {}, 0, [(line.seat, line.action, line.at) for line in lines], 0.0) == state


def test_a_seat_that_answered_in_time_gets_its_follow_up_prompt_on_its_own_clock():
    state, lines = timeline.act(ABSENCE, _new(), 0, {"type": "take"}, 3.0)
    assert [(line.seat, line.at) for line in lines] == [(0, 3.0)]
    state, lines = timeline.advance(ABSENCE, state, 13.0)
    # the confirm prompt's own clock ran out: the timeout skips, and the turn passes; no default played
    assert [(line.seat, line.action, line.at) for line in lines] == [(None, {"type": "timeout"}, 13.0)]
    assert state["turn"] == 1


def test_no_default_is_played_for_a_seat_that_did_not_time_out():
    # the follow-up prompt of the timed-out turn asks seat 1, who was not waited for: it gets its own clock
    state, lines = timeline.advance(ABSENCE, _new(asks=1), 15.0)
    assert [line.seat for line in lines] == [None]
    assert _to_act(state) == [1] and _deadline(state)[0] == 20.0


def test_no_default_without_a_turn_or_a_default():
    no_turn = _engine(turn_key=lambda state: None)
    no_default = _engine(default_action=lambda state, seat: None)
    half = _engine(default_action=None)  # turn_key alone: the platform uses neither
    for engine in (no_turn, no_default, half, PLAIN):
        state, lines = timeline.advance(engine, _new(), 15.0)
        assert [line.seat for line in lines] == [None], engine
        assert state["prompt"] == "confirm"


def test_nothing_acts_once_the_game_is_over():
    state, lines = timeline.advance(ABSENCE, _new(turns=1), 1000.0)
    assert [line.seat for line in lines] == [None, 0]
    assert ABSENCE.result(state) is not None


def test_deadlines_that_keep_falling_due_are_an_error_or_with_partial_left_for_later():
    stuck = _engine(deadline=lambda state: (0.0, {"type": "timeout"}), result=lambda state: None,
                    apply=lambda state, seat, action, now: (state, []), turn_key=None, default_action=None)
    with pytest.raises(timeline.EndlessDeadlines):
        timeline.advance(stuck, _new(), 1.0, limit=20)
    _state, lines = timeline.advance(stuck, _new(), 1.0, limit=20, partial=True)
    assert len(lines) == 20


def test_a_turn_that_keeps_asking_for_defaults_is_an_error_or_with_partial_left_for_later():
    # the default never ends the turn: every answer opens the same prompt again
    looping = _engine(apply=lambda state, seat, action, now: (dict(state, history=state["history"] + [seat]), []),
                      deadline=lambda state: (5.0, {"type": "timeout"}) if not state["history"] else None)
    with pytest.raises(timeline.EndlessDeadlines):
        timeline.advance(looping, _new(), 10.0, limit=7)
    _state, lines = timeline.advance(looping, _new(), 10.0, limit=7, partial=True)
    assert [line.seat for line in lines] == [None] + [0] * 7


def test_act_lets_time_act_first_then_applies_the_action_at_its_own_time():
    _state, lines = timeline.act(ABSENCE, _new(), 1, {"type": "take"}, 12.0)
    assert [(line.seat, line.action["type"], line.at) for line in lines] == [
        (None, "timeout", 10.0), (0, "skip", 10.0), (1, "take", 12.0)]
    with pytest.raises(IllegalAction):
        timeline.act(ABSENCE, _new(), 1, {"type": "take"}, 5.0)  # seat 0's turn still


def test_every_action_goes_through_the_given_apply():
    seen = []

    def apply(state, seat, action, at):
        seen.append((seat, action["type"], at))
        return _apply(state, seat, action, at)

    _state, lines = timeline.advance(ABSENCE, _new(), 15.0, apply=apply)
    assert seen == [(line.seat, line.action["type"], line.at) for line in lines] == [(None, "timeout", 10.0), (0, "skip", 10.0)]


def test_the_driver_plays_a_timed_out_turn_like_the_service():
    playout = driver.Playout(_new())
    state = driver.apply_due_deadlines(ABSENCE, _new(), 25.0, playout)
    assert playout.log == [(None, {"type": "timeout"}, 10.0), (0, {"type": "skip"}, 10.0),
                           (None, {"type": "timeout"}, 20.0), (1, {"type": "skip"}, 20.0)]
    assert [seq for seq, _event in playout.events] == [0, 1, 2, 3]
    assert state == timeline.advance(ABSENCE, _new(), 25.0)[0]
    # a bot that acts every 25 s: seat 1's clock runs out on its take, and its turn is finished for it
    played = driver.play(ABSENCE, 2, {"turns": 3}, 1, [driver.random_bot] * 2, step=25.0)
    assert [(seat, action["type"], at) for seat, action, at in played.log] == [
        (0, "take", 0.0), (None, "timeout", 10.0), (None, "timeout", 20.0), (1, "skip", 20.0),
        (0, "take", 25.0), (None, "timeout", 35.0)]
    assert ABSENCE.result(played.state) is not None


def test_the_driver_reports_endless_deadlines_as_a_stuck_match():
    stuck = _engine(deadline=lambda state: (0.0, {"type": "timeout"}), result=lambda state: None,
                    apply=lambda state, seat, action, now: (state, []))
    with pytest.raises(driver.StuckMatch):
        driver.apply_due_deadlines(stuck, _new(), 1.0, limit=5)


def test_the_search_simulation_plays_a_timed_out_turn_like_the_service():
    # the next action would come after seat 0's clock ran out: time acts first, as on the site
    sim = ismcts._Sim(ABSENCE, _new(), step=1.0, now=9.5)
    assert sim.movers() == [1]
    assert sim.state == timeline.advance(ABSENCE, _new(), 10.0)[0]
    assert sim.state["history"] == [[None, "take", 10.0], [0, "skip", 10.0]]
    # a seat that acts in time keeps its follow-up prompt
    sim = ismcts._Sim(ABSENCE, _new(), step=1.0, now=0.0)
    assert sim.movers() == [0]
    sim.play(0, {"type": "take"})
    assert sim.movers() == [0] and sim.state["prompt"] == "confirm"


def test_the_driver_plays_whole_matches_of_absent_and_present_seats_to_the_same_end_as_their_log():
    for seed in range(6):
        step = random.Random(seed).choice([1.0, 15.0, 25.0])
        played = driver.play(ABSENCE, 2, {"turns": 6}, seed, [driver.random_bot] * 2, step=step)
        assert ABSENCE.result(played.state) is not None
        assert contract.replay(ABSENCE, 2, {"turns": 6}, seed, played.log, 0.0) == played.state

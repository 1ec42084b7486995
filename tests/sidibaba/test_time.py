"""Lamps and segments: expiry, the Leader's event draw, the next lamp, the dark."""
import pytest

from sidibaba import engine
from tests.sidibaba.helpers import act, edit, set_up


def expire(state):
    at, action = engine.deadline(state)
    assert action["type"] == "lamp_expired"
    return engine.apply(state, None, action, at)


def test_lamp_expiry_discards_the_lit_lamp_to_the_leader_and_draws_an_event():
    state = set_up(seconds=60, now=0.0)
    hand = len(state["event_hand"])
    state, events = expire(state)
    assert state["leader_lamps"] == 1 and state["segment"] == 2
    assert len(state["event_hand"]) == hand + 1
    assert any(e["code"] == "lamp_expired" and e["segment"] == 1 for e in events)


def test_the_next_segment_starts_at_once_at_the_old_deadline():
    state = set_up(seconds=60, now=0.0)
    state, _ = expire(state)
    assert state["ends_at"] == 120.0


def test_lamp_expired_is_idempotent_per_segment():
    state = set_up(seconds=60, now=0.0)
    state, _ = expire(state)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, None, {"type": "lamp_expired", "segment": 1}, 200.0)


def test_a_late_action_first_applies_the_pending_expiry():
    state = set_up(seconds=60, now=0.0)
    state, events = engine.apply(state, 1, {"type": "vote_move", "move": "E"}, 61.0)
    assert state["segment"] == 2 and events[0]["code"] == "lamp_expired"


def test_the_lead_without_a_lamp_gives_the_front_to_the_first_adventurer_with_one():
    state = edit(set_up(seconds=60, now=0.0), lamps=[0, 0, 0, 4])
    state, events = expire(state)
    assert state["line"][0] == 3 and state["lit"] == 3 and state["lamps"][3] == 3


def test_no_lamp_left_in_the_maze_means_the_leader_wins():
    state = edit(set_up(seconds=60, now=0.0), lamps=[0, 0, 0, 0])
    state, events = expire(state)
    assert state["phase"] == "over" and state["winner"] == "leader" and state["end_reason"] == "dark"
    result = engine.result(state)
    assert result["ranks"] == [1, 2, 2, 2] and result["teams"] == [[0], [1, 2, 3]]


def test_twelve_lamps_last_twelve_segments():
    state = set_up(seconds=60, now=0.0)
    segments = 1
    while state["phase"] != "over":
        state, _ = expire(state)
        segments += 1
    assert segments == 13 and state["leader_lamps"] == 12


def test_setup_does_not_run_the_segment_clock():
    state = engine.new_game(4, {}, 1, 0.0)
    assert engine.deadline(state)[1]["type"] == "setup_timeout"


def test_to_act_is_never_empty_without_a_deadline_while_paused():
    state = act(set_up(now=0.0), 0, {"type": "pause"}, 5.0)
    assert engine.to_act(state) == [0] and engine.deadline(state) is not None

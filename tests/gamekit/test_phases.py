"""The phase dispatcher (gamekit/phases.py) on a small game: take 1-3 counters, the last one wins."""
import pytest

from gamekit.phases import OPENED, STAY, PhaseTable, Transition, goto


class Take:
    def legal(self, state, seat):
        if seat != state["current"]:
            return []
        return [{"type": "take", "n": n} for n in (1, 2, 3) if n <= state["heap"]]

    def apply(self, state, seat, action, now, events):
        state["heap"] -= action["n"]
        events.append({"code": "took", "seat": seat, "n": action["n"]})
        return goto("end_turn")

    def timeout(self, state, now, events):
        return self.apply(state, state["current"], {"type": "take", "n": 1}, now, events)

    def enter(self, state, now, events):
        state["phase"] = "take"
        return OPENED


def end_turn(state, now, events):
    if state["heap"] == 0:
        state["phase"] = "over"
        state["winner"] = state["current"]
        return STAY
    state["current"] = 1 - state["current"]
    return goto("take")


def open_decision(state, now):
    state["decision"] += 1
    state["at"] = now + 30


TABLE = PhaseTable({"take": Take()}, {"end_turn": end_turn},
                   current=lambda s: s["phase"] if s["phase"] != "over" else None, open_decision=open_decision)


def new_state(heap=5):
    state = {"heap": heap, "current": 0, "phase": None, "decision": 0, "at": None, "winner": None}
    TABLE.run(state, "take", 0.0, [])
    return state


def test_a_new_decision_is_known_from_the_transition():
    state = new_state()
    assert state["decision"] == 1 and state["at"] == 30
    events = []
    last = TABLE.apply(state, 0, {"type": "take", "n": 2}, 5.0, events)
    assert last is OPENED
    assert state == {"heap": 3, "current": 1, "phase": "take", "decision": 2, "at": 35.0, "winner": None}
    assert events == [{"code": "took", "seat": 0, "n": 2}]


def test_the_last_step_waits_without_a_new_decision():
    state = new_state(heap=2)
    assert TABLE.apply(state, 0, {"type": "take", "n": 2}, 1.0, []) is STAY
    assert state["winner"] == 0 and state["decision"] == 1
    assert TABLE.phase(state) is None and TABLE.legal(state, 0) == []


def test_the_clock_runs_the_phase_timeout():
    state = new_state()
    TABLE.timeout(state, 30.0, [])
    assert state["heap"] == 4 and state["current"] == 1 and state["at"] == 60.0


def test_legal_actions_come_from_the_current_phase():
    state = new_state(heap=2)
    assert TABLE.legal(state, 0) == [{"type": "take", "n": 1}, {"type": "take", "n": 2}]
    assert TABLE.legal(state, 1) == []


def test_a_loop_in_the_flow_fails_loudly():
    table = PhaseTable({}, {"a": lambda s, now, ev: goto("b"), "b": lambda s, now, ev: goto("a")},
                       current=lambda s: None, open_decision=lambda s, now: None)
    with pytest.raises(RuntimeError, match="did not settle"):
        table.run({}, "a", 0.0, [])


def test_a_step_that_returns_no_transition_fails_loudly():
    table = PhaseTable({}, {"a": lambda s, now, ev: None}, current=lambda s: None, open_decision=lambda s, now: None)
    with pytest.raises(TypeError, match="not a Transition"):
        table.run({}, "a", 0.0, [])


def test_an_unknown_step_and_a_name_used_twice_are_refused():
    with pytest.raises(KeyError):
        TABLE.run(new_state(), "nowhere", 0.0, [])
    with pytest.raises(ValueError, match="both a phase and a flow step"):
        PhaseTable({"x": Take()}, {"x": end_turn}, current=lambda s: None, open_decision=lambda s, now: None)


def test_a_transition_is_a_value():
    assert goto("end_turn", seat=1) == Transition(step="end_turn", args={"seat": 1})


def test_goto_makes_the_same_frozen_value_as_the_constructor():
    made = goto("roll", seat=1, purpose="x50")
    assert made == Transition(step="roll", args={"seat": 1, "purpose": "x50"}) and not made.opened
    assert goto("end_turn") is goto("end_turn") and goto("end_turn") == Transition(step="end_turn")
    with pytest.raises(AttributeError):  # dataclasses.FrozenInstanceError
        made.step = "elsewhere"

"""The treasure cave as a table of phases (alibaba_tiles/engine/table.py) and ``apply_legal``."""
import ast
import pathlib
import random

import pytest

import alibaba_tiles.engine as engine
from alibaba_tiles.engine.table import TABLE
from gamekit import contract, driver
from gamekit.phases import OPENED, STAY

ENGINE = pathlib.Path(engine.__file__).parent


def _imports(path):
    tree = ast.parse(path.read_text())
    return {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}


def test_no_phase_imports_the_flow_or_another_phase():
    for path in (ENGINE / "phases").glob("*.py"):
        if path.name == "__init__.py":
            continue
        found = _imports(path)
        assert not any(name.endswith("flow") for name in found), path.name
        assert "" not in found, path.name  # no "from . import take": a phase says goto("take") instead


def test_a_phase_returns_where_the_turn_goes_and_the_table_opens_the_decision():
    state = engine.new_game(2, {"clock": 30}, 3, now=0.0)
    seat = state["current"]
    pos = engine.legal_actions(state, seat)[0]["pos"]
    events = []
    s = dict(state, board=dict(state["board"]), up=dict(state["up"]), hands=[h[:] for h in state["hands"]])
    transition = TABLE.phases["take"].apply(s, seat, {"type": "take", "pos": pos}, 5.0, events)
    assert transition.step in ("lamp", "effect") and s["step"] == state["step"]  # nothing opened yet
    last = TABLE.follow(s, transition, 5.0, events)
    assert last in (OPENED, STAY)
    if last is OPENED:
        assert s["step"] == state["step"] + 1 and s["opened_at"] == 5.0


def _playout(seed):
    return driver.play(engine, 3, {"variant": "lamp", "clock": 30}, seed, [driver.random_bot] * 3,
                       rng=random.Random(seed))


def test_apply_legal_does_what_apply_does_for_a_legal_action():
    log = _playout(5).log
    state = a = engine.new_game(3, {"variant": "lamp", "clock": 30}, 5, 0.0)
    for seat, action, at in log:
        a, events_a = engine.apply(state, seat, action, at)
        b, events_b = contract.apply_legal(engine, state, seat, action, at)
        assert (a, events_a) == (b, events_b)
        state = a
    assert state["finished"]


def test_apply_legal_for_the_clock_still_waits_for_the_deadline():
    state = engine.new_game(2, {"clock": 30}, 1, now=0.0)
    with pytest.raises(engine.IllegalAction, match="not time yet"):
        engine.apply_legal(state, None, {"type": "timeout"}, 29.0)
    after, events = engine.apply_legal(state, None, {"type": "timeout"}, 30.0)
    assert events[0]["code"] == "timed_out" and after["step"] == state["step"] + 1


def test_apply_keeps_the_full_check_for_direct_callers():
    state = engine.new_game(2, {}, 1, now=0.0)
    other = 1 - state["current"]
    with pytest.raises(engine.IllegalAction, match="not your turn"):
        engine.apply(state, other, engine.legal_actions(state, state["current"])[0], 1.0)
    with pytest.raises(engine.IllegalAction, match="no such place"):
        engine.apply(state, state["current"], {"type": "take", "pos": "nowhere"}, 1.0)
    pos = engine.legal_actions(state, state["current"])[0]["pos"]
    with pytest.raises(engine.IllegalAction, match="not a valid action"):  # a legal move with a stray key
        engine.apply(state, state["current"], {"type": "take", "pos": pos, "extra": 1}, 1.0)


def test_apply_legal_refuses_a_finished_game():
    state = _playout(2).state
    with pytest.raises(engine.IllegalAction, match="over"):
        engine.apply_legal(state, 0, {"type": "take", "pos": "x"}, 1e9)

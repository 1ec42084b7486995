"""Ali Baba in Basra as a table of phases (basra/engine/table.py) and ``apply_legal``."""
import ast
import pathlib
import random

import pytest

import basra.engine as engine
from basra.engine.table import FLOW, PHASES, TABLE
from gamekit import contract, driver
from gamekit.phases import OPENED, STAY
from tests.basra.helpers import act, land_on, mover, new, space_where

ENGINE = pathlib.Path(engine.__file__).parent


def _imports(path):
    """Every module ``path`` imports, and whether any import sits inside a function."""
    tree = ast.parse(path.read_text())
    names, nested = set(), False
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nested |= any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(node))
        if isinstance(node, ast.ImportFrom):
            names |= {f"{node.module or ''}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names, nested


def test_no_phase_imports_the_flow_and_nothing_imports_inside_a_function():
    for path in [*(ENGINE / "phases").glob("*.py"), ENGINE / "flow.py", ENGINE / "setup.py", ENGINE / "views.py"]:
        names, nested = _imports(path)
        assert not nested, path.name
        if path.parent.name == "phases":
            assert not any(name.split(".")[-1] == "flow" for name in names), path.name


def test_every_phase_the_state_can_name_is_in_the_table():
    assert set(PHASES) == {"turn", "junction", "pick", "roll", "choose_gang", "give_back", "window",
                           "choose_start", "announce", "claim"}
    assert not set(PHASES) & set(FLOW)


def test_selling_stays_in_the_turn_and_playing_a_card_goes_on_to_land():
    state = new(players=3, seed=4)
    seat = mover(state)
    s = engine.core.copy_state(state)
    s["bandits"][seat] = [s["packs"][next(iter(s["packs"]))].pop(0)]
    transition = PHASES["turn"].apply(s, seat, {"type": "sell", "cards": list(s["bandits"][seat])}, 1.0, [])
    assert transition is STAY
    card = min(s["hands"][seat])
    moved = PHASES["turn"].apply(s, seat, {"type": "play", "card": card}, 1.0, [])
    # Ali Baba lands (a flow step), or stops at a fork: a new decision the table opens
    assert moved.step == "land" if s["phase"]["name"] == "moving" else (moved is OPENED and s["phase"]["name"] == "junction")
    assert s["decision"] == state["decision"]  # only the table's open_decision moves it


def test_a_window_opens_on_its_own_clock_and_moves_the_decision_key_once():
    state = new(players=3, seed=2, turn_seconds=60, window_seconds=40, bazaar_seconds=90)
    before = state["decision"]
    state, events = land_on(state, space_where("chance", kind="bazaar"), now=5.0)
    assert state["phase"]["name"] == "window" and state["phase"]["at"] == 95.0
    assert state["decision"] == before + 1
    opened = next(e for e in events if e["code"] == "window_opened")
    assert opened["closes_at"] == 95.0


def _playout(seed, variant):
    return driver.play(engine, 4, {"variant": variant}, seed, [driver.random_bot] * 4, rng=random.Random(seed))


@pytest.mark.parametrize("variant", ["standard", "forty_thieves"])
def test_apply_legal_does_what_apply_does_for_a_legal_action(variant):
    log = _playout(3, variant).log
    state = engine.new_game(4, {"variant": variant}, 3, 0.0)
    for seat, action, at in log:
        a = engine.apply(state, seat, action, at)
        b = contract.apply_legal(engine, state, seat, action, at)
        assert a == b
        state = a[0]
    assert state["finished"]


def test_apply_legal_for_the_clock_still_waits_for_the_deadline():
    state = new(players=2, turn_seconds=30)
    with pytest.raises(engine.IllegalAction, match="not run out"):
        engine.apply_legal(state, None, {"type": "timeout"}, 29.0)
    after, events = engine.apply_legal(state, None, {"type": "timeout"}, 30.0)
    assert events and after["decision"] > state["decision"]


def test_apply_keeps_the_full_check_for_direct_callers():
    state = new(players=2)
    other = 1 - mover(state)
    with pytest.raises(engine.IllegalAction, match="not your turn"):
        act(state, other, {"type": "play", "card": 1})
    with pytest.raises(engine.IllegalAction):
        act(state, mover(state), {"type": "play", "card": 99})


def test_apply_legal_refuses_a_finished_game():
    state = _playout(1, "standard").state
    with pytest.raises(engine.IllegalAction, match="over"):
        engine.apply_legal(state, 0, {"type": "done"}, 1e9)
    assert TABLE.phase(state) is None

"""Sidi Baba as a table of phases (sidibaba/engine/table.py): the open decision names its phase, an
action returns a transition (one voice of several stays, the table moving on opens a new decision),
the flow starts queued decisions that need no one, time acts through the current phase."""
import random

from gamekit import domains
from gamekit.phases import OPENED, STAY
from sidibaba import engine
from sidibaba.engine.core import clone
from sidibaba.engine.table import TABLE
from tests.sidibaba.helpers import act, edit, move, set_up
from tests.sidibaba.test_chest import at_chest, no_curse_bag


def apply_on_table(state, seat, action, now=1.0):
    """What the table returns for one legal action, on a copy."""
    new = clone(state)
    events = []
    transition = TABLE.apply(new, seat, action, now, events)
    return new, events, transition


def test_the_open_decision_names_its_phase():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    assert TABLE.current(state) == "setup"
    state = set_up(players=4)
    assert TABLE.current(state) == "explore"
    assert TABLE.current(act(state, 0, {"type": "pause"})) == "paused"
    sharing = move(edit(at_chest(), bag=no_curse_bag(at_chest())), "E")
    assert TABLE.current(sharing) == "sharing"
    assert TABLE.current(edit(state, phase="over")) is None and TABLE.legal(edit(state, phase="over"), 1) == []


def test_one_vote_of_several_stays_and_the_last_one_opens_a_new_decision():
    state = set_up(players=4)
    state, _events, first = apply_on_table(state, 1, {"type": "vote_move", "move": "E"})
    assert first is STAY and state["decision"] == set_up(players=4)["decision"]
    state, _events, second = apply_on_table(state, 2, {"type": "vote_move", "move": "E"})
    assert second is STAY
    key = state["decision"]
    state, events, last = apply_on_table(state, 3, {"type": "vote_move", "move": "E"})
    assert last is OPENED and state["decision"] == key + 1 and state["moves"] == 1
    assert any(e["code"] == "moved" for e in events)


def test_a_chest_draw_needs_no_one_and_the_flow_goes_on_to_the_sharing():
    state = at_chest()
    state = edit(state, bag=no_curse_bag(state), event_hand=[0])  # the Leader holds an Event: his window first
    state = move(state, "E")
    assert TABLE.current(state) == "chest_window"
    key = state["decision"]
    state, events, transition = apply_on_table(state, 0, {"type": "pass"})
    assert transition is OPENED and state["decision"] == key + 1  # window closed, chest drawn, sharing open
    assert TABLE.current(state) == "sharing" and state["pending"][0]["started"]
    assert [e["code"] for e in events][:2] == ["window_passed", "chest_opened"]


def test_time_acts_through_the_current_phase():
    state = set_up(players=4, seconds=60, now=0.0)
    paused = act(state, 0, {"type": "pause"}, 10.0)
    events = []
    resumed = clone(paused)
    TABLE.timeout(resumed, paused["paused"]["until"], events)
    assert resumed["paused"] is None and [e["code"] for e in events] == ["resumed"]
    # The end of a pause moves the key by two, as the first engine did (docs/rules/sidibaba.md).
    assert resumed["decision"] == paused["decision"] + 2
    events = []
    expired = clone(state)
    TABLE.timeout(expired, state["ends_at"], events)
    assert expired["segment"] == 2 and events[0]["code"] == "lamp_expired"


def test_every_legal_action_is_handled_by_the_phase_that_offers_it():
    for seed in range(6):
        state = engine.new_game(3 + seed % 5, {"segment_seconds": 60}, seed, 0.0)
        rng = random.Random(seed)
        now = 0.0
        while state["phase"] != "over":
            phase = TABLE.phase(state)
            for seat in range(state["players"]):
                assert {a["type"] for a in engine.legal_actions(state, seat)} <= set(phase.handlers)
            due = engine.deadline(state)
            movers = engine.to_act(state)
            if not movers or due[0] <= now or rng.random() < 0.05:
                now = max(now, due[0])
                state, _ = engine.apply(state, None, due[1], now)
                continue
            seat = rng.choice(movers)
            state, _ = engine.apply(state, seat, domains.sample(rng.choice(engine.legal_actions(state, seat)), rng), now)
            now += 2.0

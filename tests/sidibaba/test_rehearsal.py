"""The search Leader's setup by rehearsal (sidibaba/rehearsal.py): whole matches from its own view."""
import random

from gamekit import driver
from sidibaba import bots, engine, rehearsal
from sidibaba.engine.core import LEADER

LAMPS_60 = {"segment_seconds": 60}


def _leader_at(players, seed, kind):
    """The Leader's view and legal actions at its first ``kind`` decision, the Explorer placing before it."""
    state, now = engine.new_game(players, LAMPS_60, seed, 0.0), 0.0
    for _ in range(200):
        legal = engine.legal_actions(state, LEADER)
        if any(a["type"] == kind for a in legal):
            return state, engine.view(state, LEADER), legal
        seat = engine.to_act(state)[0]
        action = driver.bot_action(engine, state, seat, bots.explorer, random.Random(seat))
        state, _ = engine.apply(state, seat, action, now)
        now += 1.0
    raise AssertionError(f"no {kind} decision")


def test_the_leader_rehearses_every_maze_every_entrance_and_the_farthest_treasure_squares():
    _state, view, legal = _leader_at(4, 5, "choose_maze")
    assert {p["maze"] for p in rehearsal.candidates(view, legal, 6)} == {"grotto", "vaults", "halls", "coils"}
    _state, view, legal = _leader_at(4, 5, "place_treasure")
    assert len(rehearsal.candidates(view, legal, 6)) == 6
    _state, view, legal = _leader_at(4, 5, "choose_entrance")
    assert [p["entrance"] for p in rehearsal.candidates(view, legal, 6)] == list(range(len(view["maze"]["openings"])))


def test_a_rehearsal_plays_the_leaders_placements_and_the_candidate_to_a_finished_match():
    _state, view, _legal = _leader_at(3, 5, "choose_entrance")
    value = rehearsal.rehearse(view, {"entrance": 0}, 11, bots.explorer, bots.explorer)
    assert value == 1.0 or 0.0 < value <= 0.5


def test_the_setup_choice_is_legal_reproducible_and_blind_to_what_the_leader_cannot_know():
    """The same placements on tables of other seeds (another bag, deck and dice): the same choice."""
    choose = rehearsal.setup_bot(bots.explorer, rounds=2, cpu_seconds=None)
    chosen = None
    for seed in (5, 6):
        state, view, legal = _leader_at(3, 5, "choose_entrance")
        other = dict(state, seed=state["seed"] + seed, bag=list(reversed(state["bag"])),
                     event_deck=list(reversed(state["event_deck"])))
        action = choose(engine.view(other, LEADER), legal, random.Random(3))
        assert engine.apply(other, LEADER, action, 0.0)
        assert chosen is None or action == chosen
        chosen = action
    assert choose(view, legal, random.Random(3)) == chosen


def test_only_the_leaders_setup_is_rehearsed():
    choose = rehearsal.setup_bot(bots.explorer, rounds=1, cpu_seconds=None)
    state = engine.new_game(4, LAMPS_60, 9, 0.0)
    seat = next(s for s in engine.to_act(state) if s != LEADER)
    assert choose(engine.view(state, seat), engine.legal_actions(state, seat), random.Random(1)) is None

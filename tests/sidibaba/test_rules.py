"""The engine's two ways in (sidibaba/engine/rules.py): ``apply`` for direct callers (time first, the full
check, a readable refusal) and ``apply_legal`` for the platform (an action it already matched, time
already applied by it): the same result for the same legal action."""
import json
import random

import pytest

from gamekit import contract, domains
from sidibaba import engine
from tests.sidibaba.helpers import set_up


def test_apply_legal_gives_what_apply_gives_for_every_matched_action():
    for seed in range(8):
        state = engine.new_game(3 + seed % 5, {"segment_seconds": 60, "maze": "grotto"}, seed, 0.0)
        rng = random.Random(seed)
        now = 0.0
        while state["phase"] != "over":
            due = engine.deadline(state)
            movers = engine.to_act(state)
            if not movers or due[0] <= now or rng.random() < 0.05:
                now = max(now, due[0])
                by_apply = engine.apply(state, None, due[1], now)
                assert engine.apply_legal(state, None, due[1], now) == by_apply
                state = by_apply[0]
                continue
            seat = rng.choice(movers)
            sent = domains.sample(rng.choice(engine.legal_actions(state, seat)), rng)
            matched = domains.resolve(sent, engine.legal_actions(state, seat))
            frozen = json.dumps(state)
            by_apply = engine.apply(state, seat, sent, now)
            assert contract.apply_legal(engine, state, seat, matched, now) == by_apply
            assert json.dumps(state) == frozen  # neither changes its input
            state = by_apply[0]
            now += 2.0


def test_apply_lets_time_act_first_and_apply_legal_leaves_it_to_the_platform():
    state = set_up(players=4, seconds=60, now=0.0)
    late = state["ends_at"] + 5
    vote = {"type": "vote_move", "move": "E"}
    new, events = engine.apply(state, 1, vote, late)
    assert new["segment"] == 2 and events[0]["code"] == "lamp_expired" and new["votes"][1] == "E"
    new, events = engine.apply_legal(state, 1, vote, late)
    assert new["segment"] == 1 and [e["code"] for e in events] == ["move_vote"]


def test_time_through_apply_legal_takes_only_the_deadlines_action_when_due():
    state = set_up(players=4, seconds=60, now=0.0)
    at, action = engine.deadline(state)
    with pytest.raises(engine.IllegalAction, match="Time has nothing to do now."):
        engine.apply_legal(state, None, action, at - 1)
    with pytest.raises(engine.IllegalAction, match="Time has nothing to do now."):
        engine.apply_legal(state, None, {"type": "lamp_expired", "segment": 7}, at)
    assert engine.apply_legal(state, None, action, at)[0]["segment"] == 2


def test_nothing_is_applied_after_the_end():
    state = dict(set_up(players=4), phase="over")
    for call in (engine.apply, engine.apply_legal):
        with pytest.raises(engine.IllegalAction, match="The game is over."):
            call(state, 1, {"type": "vote_move", "move": "E"}, 1.0)

"""sample_state: a whole state built from one seat's view and the events it was sent (the search bots)."""
import random

import pytest

from basra import bots, engine
from gamekit import driver, events as event_rules, ismcts


@pytest.mark.parametrize("players,variant", [(2, "standard"), (4, "forty_thieves"), (6, "standard")])
def test_a_sampled_state_shows_the_seat_its_own_view_and_keeps_its_legal_actions(players, variant):
    options = {"variant": variant}
    playout = driver.play(engine, players, options, players, [bots.merchant_bot] * players)
    state, events, rng = engine.new_game(players, options, players, 0.0), [], random.Random(players)
    for step, (seat_acting, action, now) in enumerate(playout.log):
        if step % 5 == 0:
            for seat in range(players):
                view = engine.view(state, seat)
                sampled = engine.sample_state(view, seat, rng, event_rules.for_seat(events, seat, False))
                assert engine.view(sampled, seat) == view, f"step {step}, seat {seat}"
                assert engine.legal_actions(sampled, seat) == engine.legal_actions(state, seat), f"step {step}"
                assert sorted(c for h in sampled["hands"] for c in h) == sorted(c for h in state["hands"] for c in h)
        state, new = engine.apply(state, seat_acting, action, now)
        events += new


def test_the_search_bot_answers_a_legal_action_and_makes_no_offers():
    state = engine.new_game(3, {"variant": "standard"}, 8, 0.0)
    seat = engine.to_act(state)[0]
    bot = ismcts.with_budget(bots.BOTS["master"], iterations=10)
    action = driver.bot_action(engine, state, seat, bot, random.Random(2), seen=lambda: [])
    legal = engine.legal_actions(state, seat)
    assert engine.apply(state, seat, action, 1.0)
    assert action["type"] in {a["type"] for a in legal} - {"offer", "trade"}

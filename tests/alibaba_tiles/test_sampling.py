"""sample_state: a whole state built from one seat's view and the events it was sent (the search bots)."""
import random

import pytest

from alibaba_tiles import bots, engine
from alibaba_tiles.engine.sampling import remembered_hands
from gamekit import driver, events as event_rules, ismcts


def _walk(players, variant, seed):
    """(state, events so far) at every step of a match between Greedy bots."""
    options = {"variant": variant, "clock": 30}
    playout = driver.play(engine, players, options, seed, [bots.strong_bot] * players)
    state, events = engine.new_game(players, options, seed, 0.0), []
    for seat, action, now in playout.log:
        yield state, events
        state, new = engine.apply(state, seat, action, now)
        events = events + new


@pytest.mark.parametrize("players,variant", [(2, "standard"), (3, "lamp"), (4, "equal"), (2, "small")])
def test_a_sampled_state_shows_the_seat_its_own_view_and_the_tiles_the_others_took(players, variant):
    rng = random.Random(players)
    for step, (state, events) in enumerate(_walk(players, variant, seed=players * 10)):
        if step % 4:
            continue
        for seat in range(players):
            seen = event_rules.for_seat(events, seat, False)
            view = engine.view(state, seat)
            sampled = engine.sample_state(view, seat, rng, seen)
            assert engine.view(sampled, seat) == view, f"step {step}, seat {seat}"
            assert [sorted(h) for h in sampled["hands"]] == [sorted(h) for h in state["hands"]], f"step {step}"
            hidden = sorted(sampled["leftover"] + [t for p, t in sampled["board"].items() if p not in sampled["up"]])
            truth = sorted(state["leftover"] + [t for p, t in state["board"].items() if p not in state["up"]])
            assert hidden == truth  # the same tiles unseen, wherever the sample put them


def test_the_memory_of_hands_follows_takes_lamp_swaps_and_yellow_choices():
    tile = lambda i: {"id": i, "kind": "k", "colour": "pink"}  # noqa: E731 - a one-line tile builder
    seen = [{"code": "tile_taken", "seat": 0, "tile": tile(4)}, {"code": "tile_taken", "seat": 1, "tile": tile(7)},
            {"code": "lamp_swapped", "seat": 1, "swap": 0, "lamp": tile(7), "tile": tile(9)},
            {"code": "effect_used", "seat": 0, "colour": "green", "pos": "1:0:0", "tile": tile(5)},
            {"code": "tile_chosen", "seat": 1, "owner": 0, "tile": tile(4)}]
    assert remembered_hands(seen, 2) == [[5], [9, 4]]


def test_the_search_bot_answers_a_legal_action_from_the_view_alone():
    state = engine.new_game(2, {"variant": "standard", "clock": 0}, 3, 0.0)
    seat = engine.to_act(state)[0]
    bot = ismcts.with_budget(bots.BOTS["master"], iterations=30)
    action = driver.bot_action(engine, state, seat, bot, random.Random(1), seen=lambda: [])
    assert action in engine.legal_actions(state, seat)
    assert action == driver.bot_action(engine, state, seat, bot, random.Random(1), seen=lambda: [])

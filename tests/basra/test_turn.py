"""A turn: sell at the quarter's price, play a movement card, move, junctions."""
import pytest

import basra.engine as engine
from tests.basra.helpers import GAME, act, cards, give, land_on, mover, new


def test_selling_pays_the_quarter_price_and_returns_cards_under_their_pack():
    state = new(3)
    seat = mover(state)
    robber, swindler = cards("robbers", 160)[0], cards("swindlers", 20)[0]
    give(state, seat, [robber, swindler])
    state, events = act(state, seat, {"type": "sell", "cards": [robber, swindler]})
    prices = GAME.prices["1"]  # Start prices as quarter 1
    assert state["cash"][seat] == 2500 + prices["robbers"] + prices["swindlers"]
    assert state["packs"]["robbers"][-1] == robber and state["packs"]["swindlers"][-1] == swindler
    assert state["bandits"][seat] == []
    assert {"code": "sold", "seat": seat, "cards": sorted([robber, swindler]), "amount": 140, "visible_to": "all"} in events


def test_selling_leaves_the_turn_open_and_the_decision_key_unchanged():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("thieves", 40)[:2])
    after, _ = act(state, seat, {"type": "sell", "cards": cards("thieves", 40)[:1]})
    assert after["phase"]["name"] == "turn"
    assert engine.decision_key(after) == engine.decision_key(state)


def test_playing_a_card_moves_ali_baba_that_many_steps_clockwise():
    state = new(3)
    seat = mover(state)
    state["hands"][seat] = [3] + state["hands"][seat][1:]
    state, events = act(state, seat, {"type": "play", "card": 3})
    assert state["position"] == "m3"
    assert 3 in state["played"]
    moved = next(e for e in events if e["code"] == "moved")
    assert moved["path"] == ["m1", "m2", "m3"]


def test_only_a_held_movement_card_may_be_played():
    state = new(3)
    seat = mover(state)
    state["hands"][seat] = [1, 1]
    with pytest.raises(engine.IllegalAction):
        act(state, seat, {"type": "play", "card": 5})


def test_at_a_junction_the_mover_chooses_the_branch():
    state = new(3)
    seat = mover(state)
    state["position"] = "m3"
    state["hands"][seat] = [3, 1]
    state, _ = act(state, seat, {"type": "play", "card": 3})
    assert state["phase"]["name"] == "junction" and state["position"] == "m4"
    assert engine.legal_actions(state, seat) == [{"type": "route", "to": {"one_of": ["m5", "b1.1"]}}]
    key = engine.decision_key(state)
    state, _ = act(state, seat, {"type": "route", "to": "b1.1"})
    assert state["position"] == "b1.2"
    assert engine.decision_key(state) != key


def test_junction_timeout_takes_the_main_route():
    state = new(3)
    seat = mover(state)
    state["position"] = "m3"
    state["hands"][seat] = [2, 1]
    state, _ = act(state, seat, {"type": "play", "card": 2}, now=10.0)
    at, action = engine.deadline(state)
    assert at == 70.0
    state, _ = engine.apply(state, None, action, at)
    assert state["position"] == "m5"


def test_landing_on_a_junction_asks_nothing_until_the_next_move():
    state = new(3)
    state["position"] = "m3"
    state, _ = land_on(state, "m4")
    assert state["phase"]["name"] != "junction"


def test_turn_timeout_plays_the_smallest_movement_card():
    state = new(3)
    seat = mover(state)
    state["hands"][seat] = [2, 4, 5]
    at, action = engine.deadline(state)
    state, events = engine.apply(state, None, action, at)
    assert {"code": "card_played", "seat": seat, "card": 2, "visible_to": "all"} in events


def test_untimed_table_has_no_turn_deadline_but_waits_for_the_mover():
    state = new(3, turn_seconds=0)
    assert engine.deadline(state) is None
    assert engine.to_act(state) == [mover(state)]


def test_time_may_not_act_before_the_deadline():
    state = new(3)
    at, action = engine.deadline(state)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, None, action, at - 1)


def test_another_seat_may_not_act_on_the_movers_turn():
    state = new(3)
    other = (mover(state) + 1) % 3
    with pytest.raises(engine.IllegalAction, match="not your turn"):
        act(state, other, {"type": "play", "card": 1})


def test_turns_pass_clockwise_skipping_players_without_movement_cards():
    state = new(3)
    seat = mover(state)
    state["position"] = "m13"  # the next space m14 is empty: buying, then the next turn
    state["hands"][(seat + 1) % 3] = []
    state["hands"][seat] = [1]
    state, _ = act(state, seat, {"type": "play", "card": 1})
    state, _ = act(state, seat, {"type": "stop"})
    assert state["current"] == (seat + 2) % 3


def test_when_the_cards_run_out_ali_baba_is_moved_to_start_and_the_round_ends():
    state = new(2)
    seat = mover(state)
    state["position"] = "m13"
    state["hands"] = [[], []]
    state["hands"][seat] = [1]
    state, _ = act(state, seat, {"type": "play", "card": 1})
    state, events = act(state, seat, {"type": "stop"})
    assert "moved_to_start" in [e["code"] for e in events]
    assert state["position"] == "start" and state["phase"]["name"] == "choose_start"


def test_reaching_start_stops_ali_baba_and_ends_the_round():
    state = new(2)
    seat = mover(state)
    state["position"] = "m50"
    state["hands"][seat] = [5, 1]
    state, events = act(state, seat, {"type": "play", "card": 5})
    assert state["position"] == "start"
    assert "round_ended" in [e["code"] for e in events]
    assert state["hands"][seat] == [1] or state["round"] == 2


def test_start_is_priced_as_quarter_1():
    state = new(3)
    seat = mover(state)
    card = cards("swindlers", 20)[0]
    give(state, seat, [card])
    state, events = act(state, seat, {"type": "sell", "cards": [card]})
    assert state["position"] == "start" and events[0]["amount"] == GAME.prices["1"]["swindlers"]

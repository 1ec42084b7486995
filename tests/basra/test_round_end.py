"""The end of a round on Start, the second round and the end of the game."""
import basra.engine as engine
from tests.basra.helpers import act, cards, codes, give, land_on, mover, new


def test_four_smugglers_pay_640_not_320_plus_100():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("defrauders", 80))  # the four Smugglers
    state, events = land_on(state, "start")
    assert {"code": "paid", "seat": seat, "amount": 740, "reason": "round_end", "visible_to": "all"} in events
    assert state["bandits"][seat] == cards("defrauders", 80)  # cards are kept


def test_each_card_pays_its_printed_value_and_everyone_gets_100():
    state = new(3)
    seat = mover(state)
    other = (seat + 1) % 3
    give(state, other, [cards("robbers", 160)[0], cards("thieves", 20)[0]])
    state, _ = land_on(state, "start")
    assert state["cash"][seat] == 2600
    assert state["cash"][other] == 2500 + 180 + 100


def test_the_poorest_player_picks_who_starts_round_two():
    state = new(3)
    seat = mover(state)
    poorest = (seat + 2) % 3
    state["cash"][poorest] = 1000
    state, _ = land_on(state, "start")
    assert state["phase"]["name"] == "choose_start" and engine.to_act(state) == [poorest]
    state, events = act(state, poorest, {"type": "choose_start", "seat": seat})
    assert state["round"] == 2 and state["current"] == seat and state["position"] == "start"
    assert sorted(v for h in state["hands"] for v in h) == sorted([1] * 10 + [2] * 6 + [3] * 4 + [4] * 2 + [5] * 2)
    assert state["played"] == []


def test_when_nobody_picks_the_poorest_player_starts():
    state = new(3)
    poorest = (mover(state) + 1) % 3
    state["cash"][poorest] = 10
    state, _ = land_on(state, "start")
    at, action = engine.deadline(state)
    state, _ = engine.apply(state, None, action, at)
    assert state["current"] == poorest


def test_the_game_ends_after_round_two_and_the_richest_wins():
    state = new(3)
    seat = mover(state)
    state["round"] = 2
    state["cash"] = [3000, 1000, 3000]
    state, events = land_on(state, "start")
    assert "game_over" in codes(events)
    assert engine.to_act(state) == [] and engine.deadline(state) is None
    assert engine.result(state) == {"ranks": [1, 3, 1], "scores": [3100, 1100, 3100]}
    assert engine.legal_actions(state, seat) == []


def test_poorest_ties_go_to_the_first_clockwise_from_the_bankers_left():
    state = new(4)
    banker = state["banker"]
    state["cash"] = [2000] * 4  # everyone equal after the same payout
    state, _ = land_on(state, "start")
    assert state["phase"]["seat"] == (banker + 1) % 4


def test_each_round_result_is_kept_for_every_view_with_the_payouts_and_the_cash_after_them():
    state = new(3)
    seat = mover(state)
    other = (seat + 1) % 3
    give(state, other, [cards("thieves", 20)[0]])
    state, events = land_on(state, "start")
    expected = {"round": 1, "paid": [100, 100, 100], "cash": [2600, 2600, 2600]}
    expected["paid"][other] += 20
    expected["cash"][other] += 20
    assert engine.view(state, seat)["round_results"] == [expected]
    assert next(e for e in events if e["code"] == "round_ended")["paid"] == expected["paid"]

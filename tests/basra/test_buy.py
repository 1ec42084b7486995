"""Empty spaces: buy up to three bandits, one at a time, at the quarter's price."""
import basra.engine as engine
from tests.basra.helpers import GAME, act, cards, land_on, mover, new, space_where

QUARTER_3_EMPTY = next(s["id"] for s in GAME.board["spaces"] if s["type"] == "empty" and s["quarter"] == 3)


def stacked(state, gang, top):
    pack = state["packs"][gang]
    for card in reversed(top):
        pack.remove(card)
        pack.insert(0, card)


def test_quarter_3_two_defrauders_and_a_robber_cost_160():
    state = new(3)
    seat = mover(state)
    defrauders = cards("defrauders")[:2]
    robber = cards("robbers")[0]
    stacked(state, "defrauders", defrauders)
    stacked(state, "robbers", [robber])
    state, _ = land_on(state, QUARTER_3_EMPTY)
    assert state["phase"]["name"] == "pick"
    for card in (defrauders[0], defrauders[1], robber):
        state, _ = act(state, seat, {"type": "buy", "card": card})
    assert state["cash"][seat] == 2500 - 160
    assert sorted(state["bandits"][seat]) == sorted(defrauders + [robber])
    assert state["phase"]["name"] == "turn" and state["current"] != seat


def test_only_the_face_up_tops_may_be_bought_and_the_next_card_turns_up():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, QUARTER_3_EMPTY)
    tops = [state["packs"][g][0] for g in GAME.gangs]
    assert engine.legal_actions(state, seat)[0] == {"type": "buy", "card": {"one_of": tops}}
    second = state["packs"]["thieves"][1]
    state, events = act(state, seat, {"type": "buy", "card": tops[1]})
    assert {"code": "pack_top", "gang": "thieves", "card": second, "visible_to": "all"} in events
    assert engine.legal_actions(state, seat)[0]["card"]["one_of"][1] == second


def test_a_buried_card_may_not_be_bought():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, QUARTER_3_EMPTY)
    buried = state["packs"]["robbers"][3]
    try:
        act(state, seat, {"type": "buy", "card": buried})
    except engine.IllegalAction as refusal:
        assert "card" in str(refusal)
    else:
        raise AssertionError("a face-down card was sold")


def test_open_packs_variant_lets_the_buyer_take_any_card():
    state = new(3, open_packs=True)
    seat = mover(state)
    state, _ = land_on(state, QUARTER_3_EMPTY)
    buried = state["packs"]["robbers"][5]
    state, _ = act(state, seat, {"type": "buy", "card": buried})
    assert buried in state["bandits"][seat]


def test_a_card_the_buyer_cannot_afford_is_not_offered():
    state = new(3)
    seat = mover(state)
    state["cash"][seat] = 50
    state, _ = land_on(state, QUARTER_3_EMPTY)  # quarter 3: only defrauders (40) are affordable
    offered = engine.legal_actions(state, seat)[0]["card"]["one_of"]
    assert [GAME.card_gang[c] for c in offered] == ["defrauders"]


def test_stop_buying_ends_the_turn_and_timeout_buys_nothing():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, QUARTER_3_EMPTY)
    at, action = engine.deadline(state)
    after, _ = engine.apply(state, None, action, at)
    assert after["bandits"][seat] == [] and after["cash"][seat] == 2500
    assert after["current"] != seat


def test_nothing_to_buy_when_nobody_can_pay():
    state = new(3)
    seat = mover(state)
    state["cash"][seat] = 10
    state, _ = land_on(state, space_where("empty"))
    assert state["current"] != seat

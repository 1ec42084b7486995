"""Whole numbers sent as floats (or bools, strings) are refused with the engine's IllegalAction, the
state unchanged and nothing stored in a wrong type (gamekit.domains matches exact JSON types)."""
import json

import pytest

import basra.engine as engine
from tests.basra.helpers import GAME, act, cards, give, land_on, mover, new

SWINDLERS = next(s["id"] for s in GAME.board["spaces"] if s["type"] == "gang" and s.get("gangs") == ["swindlers"])


def refused(state, seat, action):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, seat, action, 1.0)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("wrong", [float, bool, str])
def test_a_whole_number_sent_as_a_float_is_refused_play_and_sell(wrong):
    state = new(3)
    seat = mover(state)
    card = state["hands"][seat][0]
    robber = cards("robbers", 160)[0]
    give(state, seat, [robber])
    refused(state, seat, {"type": "play", "card": wrong(card)})
    refused(state, seat, {"type": "sell", "cards": [wrong(robber)]})
    after, _ = act(state, seat, {"type": "play", "card": card})
    assert type(after["played"][-1]) is int


def test_an_offer_to_a_float_seat_is_refused_and_the_window_stays_playable():
    state = new(3)
    seller = mover(state)
    buyer = (seller + 1) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    state, _ = land_on(state, SWINDLERS)
    refused(state, seller, {"type": "offer", "to": float(buyer), "cards": [card], "piastres": 10})
    refused(state, seller, {"type": "offer", "to": buyer, "cards": [float(card)], "piastres": 10})
    refused(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 10.0})
    refused(state, seller, {"type": "throw", "cards": [float(card)]})
    offered, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 10})
    offer = offered["phase"]["offers"][0]
    assert type(offer["to"]) is int and all(type(c) is int for c in offer["cards"])
    assert engine.legal_actions(offered, buyer)


def test_announce_and_choose_start_with_floats_are_refused():
    from tests.basra.test_forty_thieves import caught_setup

    state, seat, _thief, _catcher = caught_setup()
    refused(state, seat, {"type": "announce", "count": 2.0})
    refused(state, seat, {"type": "announce", "count": True})
    state = new(3)
    poorest = (mover(state) + 2) % 3
    state["cash"][poorest] = 1000
    state, _ = land_on(state, "start")
    refused(state, poorest, {"type": "choose_start", "seat": float(poorest)})
    refused(state, poorest, {"type": "choose_start", "seat": False})

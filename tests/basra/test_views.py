"""Hidden information: what each seat may see, checked by the hidden_leaks oracle."""
import pytest

import basra.engine as engine
from gamekit import driver
from gamekit.events import for_seat
from tests.basra.helpers import GAME, act, cards, give, land_on, mover, new, space_where


def test_a_player_sees_their_own_movement_cards_and_only_counts_of_the_others():
    state = new(4)
    shown = engine.view(state, 1)
    assert shown["hand"] == state["hands"][1]
    assert shown["hand_counts"] == [6, 6, 6, 6]
    assert "hands" not in shown and "seed" not in shown


def test_played_movement_cards_are_public():
    state = new(3)
    seat = mover(state)
    card = state["hands"][seat][0]
    state, events = act(state, seat, {"type": "play", "card": card})
    assert engine.view(state, None)["played"] == [card]


def test_packs_show_only_their_top_card():
    state = new(3)
    packs = engine.view(state, 0)["packs"]
    for gang in GAME.gangs:
        assert packs[gang] == {"top": state["packs"][gang][0], "count": 16}


def test_open_packs_show_every_card_to_the_buyer_choosing_only_and_not_their_order():
    state = new(3, open_packs=True)
    seat = mover(state)
    state, _ = land_on(state, space_where("empty"))
    buyer_view = engine.view(state, seat)
    assert buyer_view["packs"]["robbers"]["cards"] == sorted(state["packs"]["robbers"])
    assert "cards" not in engine.view(state, (seat + 1) % 3)["packs"]["robbers"]
    assert engine.hidden_leaks(state, seat, buyer_view) == []


def test_bandits_with_their_destiny_numbers_and_all_cash_are_public():
    state = new(3)
    give(state, 2, cards("robbers", 160)[:1])
    shown = engine.view(state, None)
    assert shown["bandits"][2] == cards("robbers", 160)[:1]
    assert shown["cash"] == state["cash"]


def test_everything_is_shown_to_all_and_after_the_end():
    state = new(3)
    shown = engine.view(state, "all")
    assert shown["hands"] == state["hands"] and shown["seed"] == state["seed"]
    assert shown["packs"]["robbers"]["order"] == state["packs"]["robbers"]
    state["round"] = 2
    state, _ = land_on(state, "start")
    assert engine.view(state, 1)["hands"] == state["hands"]
    assert engine.hidden_leaks(state, 1, engine.view(state, "all")) == []


def test_the_oracle_names_each_planted_leak():
    state = new(3)
    leaks = engine.hidden_leaks(state, 0, engine.view(state, "all"))
    assert any("seed" in leak for leak in leaks)
    assert any("movement cards" in leak for leak in leaks)
    assert any("order of the robbers pack" in leak for leak in leaks)
    assert engine.hidden_leaks(state, 0, engine.view(state, 1)) == ["movement cards that are not the viewer's"]
    assert engine.hidden_leaks(state, 0, [{"code": "hand_dealt", "seat": 2, "cards": [1]}])
    assert engine.hidden_leaks(state, 0, [{"code": "offer_made", "from": 1, "to": 2, "id": 1}])
    assert engine.hidden_leaks(state, 1, [{"code": "offer_made", "from": 1, "to": 2, "id": 1}]) == []


@pytest.mark.parametrize("variant", ["standard", "forty_thieves"])
def test_no_seat_ever_receives_a_secret_in_random_playouts(variant):
    for seed in range(25):
        players = 2 + seed % 5
        options = {"variant": variant, "open_packs": seed % 2 == 0}
        playout = driver.play(engine, players, options, seed, [driver.random_bot] * players)
        state = engine.new_game(players, options, seed, 0.0)
        viewers = list(range(players)) + [None]
        for seat, action, at in playout.log:
            state, events = engine.apply(state, seat, action, at)
            finished = engine.result(state) is not None
            for viewer in viewers:
                assert engine.hidden_leaks(state, viewer, engine.view(state, viewer)) == []
                assert engine.hidden_leaks(state, viewer, for_seat(events, viewer, finished)) == []


def test_a_private_offers_expiry_is_the_deadline_of_its_two_players_only():
    """Rule: a sale offer is seen by its two players only until accepted. Time acts at the offer's expiry
    (the engine's ``deadline``), but a third seat and a spectator are told the window's own clock
    (``deadline_for``, what "My matches" shows): in the issue, 1:29 fell to 0:29 when two others traded."""
    state = new(3, turn_seconds=30, window_seconds=90)
    seller = mover(state)
    buyer, bystander = (seller + 1) % 3, (seller + 2) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    state, _ = land_on(state, space_where("gang", gangs=["swindlers"]), now=100.0)
    before = {seat: engine.deadline_for(state, seat) for seat in (seller, buyer, bystander, None, "all")}
    assert set(before.values()) == {190.0} and engine.deadline(state)[0] == 190.0
    offered, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 50}, now=101.0)
    assert engine.deadline(offered)[0] == 131.0
    for seat in (seller, buyer, "all"):
        assert engine.deadline_for(offered, seat) == 131.0
    for seat in (bystander, None):
        assert engine.deadline_for(offered, seat) == 190.0
    expired, events = engine.apply(offered, None, {"type": "timeout"}, 131.0)
    assert [e["code"] for e in events] == ["offer_expired"] and events[0]["visible_to"] == [seller, buyer]
    assert {engine.deadline_for(expired, seat) for seat in (seller, buyer, bystander, None, "all")} == {190.0}

"""The ten chance spaces, and the special spaces with all four gang symbols."""
import pytest

import basra.engine as engine
from tests.basra.helpers import GAME, act, card_with, cards, codes, forced_die, give, land_on, mover, new, space_where


def chance(kind):
    return space_where("chance", kind=kind)


def test_x50_pays_the_roll_times_50():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, chance("x50"))
    state = forced_die(state, 4)
    state, events = act(state, seat, {"type": "roll"})
    assert state["cash"][seat] == 2700
    assert {"code": "dice_rolled", "die": "die", "value": 4, "seat": seat, "purpose": "x50", "visible_to": "all"} in events


def test_200_pays_the_mover_200():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, chance("200"))
    assert state["cash"][seat] == 2700


def test_black_die_space_places_the_die_for_the_next_destiny():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, chance("black_die"))
    state = forced_die(state, 3)
    state, events = act(state, seat, {"type": "roll"})
    assert state["dice"] == {"black": 3, "white": None}
    assert "die_placed" in codes(events) and state["current"] != seat


def test_white_die_space_places_the_white_die():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, chance("white_die"))
    state = forced_die(state, 6)
    state, _ = act(state, seat, {"type": "roll"})
    assert state["dice"] == {"black": None, "white": 6}


def test_two_cards_out_takes_two_free_cards_from_one_or_two_packs():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, chance("two_out"))
    first = state["packs"]["robbers"][0]
    state, _ = act(state, seat, {"type": "take", "card": first})
    second = state["packs"]["robbers"][0]
    state, _ = act(state, seat, {"type": "take", "card": second})
    assert state["bandits"][seat] == sorted([first, second]) and state["cash"][seat] == 2500
    assert state["current"] != seat


def test_two_cards_in_returns_two_cards_and_timeout_returns_the_cheapest():
    state = new(3)
    seat = mover(state)
    held = [cards("robbers", 160)[0], cards("thieves", 20)[0], cards("swindlers", 40)[0]]
    give(state, seat, held)
    state, _ = land_on(state, chance("two_in"))
    assert engine.legal_actions(state, seat)[0]["cards"]["min_size"] == 2
    at, action = engine.deadline(state)
    after, _ = engine.apply(state, None, action, at)
    assert after["bandits"][seat] == [held[0]]
    assert after["packs"]["thieves"][-1] == held[1]


def test_two_cards_in_returns_all_when_fewer_than_two():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("robbers", 20)[:1])
    state, _ = land_on(state, chance("two_in"))
    state, _ = act(state, seat, {"type": "return", "cards": cards("robbers", 20)[:1]})
    assert state["bandits"][seat] == []


def test_bazaar_allows_swaps_and_cash_both_ways():
    state = new(3)
    a = mover(state)
    b = (a + 1) % 3
    give(state, a, cards("robbers", 20)[:1])
    give(state, b, cards("thieves", 160)[:1])
    state, _ = land_on(state, chance("bazaar"))
    assert state["phase"]["kind"] == "bazaar"
    trade = {"type": "trade", "to": b, "give": cards("robbers", 20)[:1], "give_piastres": 300,
             "want": cards("thieves", 160)[:1], "want_piastres": 0}
    state, events = act(state, a, trade)
    state, events = act(state, b, {"type": "accept", "offer": 1})
    assert state["bandits"][a] == cards("thieves", 160)[:1] and state["bandits"][b] == cards("robbers", 20)[:1]
    assert state["cash"][a] == 2200 and state["cash"][b] == 2800


def test_bazaar_window_runs_on_its_own_clock():
    state = new(3, bazaar_seconds=90)
    state, _ = land_on(state, chance("bazaar"), now=10.0)
    assert engine.deadline(state)[0] == 100.0


def test_card_in_a_hand_every_other_player_gives_a_card_of_their_choice():
    state = new(3)
    seat = mover(state)
    b, c = (seat + 1) % 3, (seat + 2) % 3
    give(state, b, [cards("robbers", 160)[0], cards("robbers", 20)[0]])
    give(state, c, [cards("thieves", 40)[0]])
    state, _ = land_on(state, chance("hand"))
    assert engine.to_act(state) == sorted([b, c])
    state, _ = act(state, b, {"type": "give", "card": cards("robbers", 160)[0]})
    state, _ = act(state, c, {"type": "give", "card": cards("thieves", 40)[0]})
    assert state["bandits"][seat] == sorted([cards("robbers", 160)[0], cards("thieves", 40)[0]])


def test_card_in_a_hand_timeout_gives_the_givers_cheapest_card():
    state = new(3)
    seat = mover(state)
    b = (seat + 1) % 3
    give(state, b, [cards("robbers", 160)[0], cards("robbers", 20)[0]])
    state, _ = land_on(state, chance("hand"))
    at, action = engine.deadline(state)
    state, _ = engine.apply(state, None, action, at)
    assert state["bandits"][seat] == [cards("robbers", 20)[0]]


def test_numbered_card_pays_everyone_the_quarter_price_of_each_card():
    state = new(3)
    seat = mover(state)
    other = (seat + 1) % 3
    space = chance("numbered")
    give(state, seat, cards("robbers", 20)[:2])
    give(state, other, cards("swindlers", 20)[:1])
    state, _ = land_on(state, space)
    assert state["cash"][seat] == 2500 + 2 * GAME.price(space, "robbers")
    assert state["cash"][other] == 2500 + GAME.price(space, "swindlers")


def test_x10_everyone_rolls_and_gets_roll_times_cards_times_10():
    state = new(3)
    seat = mover(state)
    other = (seat + 1) % 3
    give(state, other, cards("robbers")[:8])
    state, _ = land_on(state, chance("x10"))
    assert engine.to_act(state) == [other]  # nobody else holds a card
    state = forced_die(state, 4)
    state, _ = act(state, other, {"type": "roll"})
    assert state["cash"][other] == 2500 + 320  # the rule text's 8 cards x 4 x 10


def test_the_question_mark_space_lets_the_mover_choose_the_gang():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, space_where("special", kind="choose"))
    assert engine.legal_actions(state, seat) == [{"type": "choose", "gang": {"one_of": GAME.gangs}}]
    state, _ = act(state, seat, {"type": "choose", "gang": "robbers"})
    assert state["capture"]["gangs"] == ["robbers"]


def test_the_question_mark_timeout_picks_the_gang_the_mover_holds_fewest_of():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("swindlers")[:2] + cards("thieves")[:1] + cards("defrauders")[:1])
    state, _ = land_on(state, space_where("special", kind="choose"))
    at, action = engine.deadline(state)
    state, _ = engine.apply(state, None, action, at)
    assert state["capture"]["gangs"] == ["robbers"]


def test_the_die_space_1_2_swindlers_3_4_thieves_5_defrauders_6_robbers():
    expected = {1: "swindlers", 2: "swindlers", 3: "thieves", 4: "thieves", 5: "defrauders", 6: "robbers"}
    for value, gang in expected.items():
        state = new(3)
        seat = mover(state)
        state, _ = land_on(state, space_where("special", kind="die"))
        state = forced_die(state, value)
        state, events = act(state, seat, {"type": "roll"})
        assert {"code": "gang_found", "gang": gang, "visible_to": "all"} in events


def test_the_jackpot_space_endangers_all_four_gangs():
    state = new(3)
    seat = mover(state)
    held = [card_with(g, 15) for g in GAME.gangs]
    give(state, seat, held)
    state["dice"] = {"black": 4, "white": 3}
    state, events = land_on(state, space_where("special", kind="all"))
    assert {"code": "captured", "seat": seat, "cards": sorted(held), "fine": 800, "visible_to": "all"} in events


def test_a_chance_space_must_be_carried_out_even_when_it_hurts():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("robbers", 160)[:2])
    state, _ = land_on(state, chance("two_in"))
    assert engine.legal_actions(state, seat) == [
        {"type": "return", "cards": {"subset_of": cards("robbers", 160)[:2], "min_size": 2, "max_size": 2}}
    ]
    with pytest.raises(engine.IllegalAction):
        act(state, seat, {"type": "return", "cards": cards("robbers", 160)[:1]})
    state, _ = act(state, seat, {"type": "return", "cards": cards("robbers", 160)[:2]})
    assert state["bandits"][seat] == []


def test_a_die_already_placed_is_rolled_again_and_replaced():
    state = new(3)
    seat = mover(state)
    state["dice"]["black"] = 2
    state, _ = land_on(state, chance("black_die"))
    state = forced_die(state, 5)
    state, _ = act(state, seat, {"type": "roll"})
    assert state["dice"]["black"] == 5

"""The Forty Thieves variant: stealing from the cave, thieves guarding it."""
import random

import pytest

import basra.engine as engine
from basra.engine import core
from basra.engine.table import TABLE
from gamekit import driver
from tests.basra.helpers import GAME, act, card_with, codes, forced_die, land_on, mover, new, space_where

SWINDLER_SPACE = space_where("gang", gangs=["swindlers"])


def forty(players=3, **options):
    return new(players, variant="forty_thieves", **options)


def steal(state, turns):
    return act(state, mover(state), {"type": "steal", "turns": turns})


def test_stealing_k_turns_puts_k_thousand_in_the_cave():
    state = forty()
    seat = mover(state)
    state, events = steal(state, 2)
    assert state["forty"]["stashes"] == [{"owner": seat, "amount": 2000, "turns_left": 2, "fresh": True}]
    assert not any(a["type"] == "steal" for a in engine.legal_actions(state, seat))  # once a turn


def test_the_stolen_cash_is_claimed_after_k_turns():
    state = forty()
    thief = mover(state)
    state, _ = steal(state, 2)
    for _turn in range(3):
        state, _ = land_on(state, space_where("empty"))  # empty spaces do nothing in this variant
    assert state["cash"][thief] == 4500 and state["forty"]["stashes"] == []


def test_the_stay_may_not_exceed_the_spaces_left_in_the_game():
    state = forty()
    seat = mover(state)
    assert engine.legal_actions(state, seat)[0] == {"type": "steal", "turns": {"min": 1, "max": 104}}
    with pytest.raises(engine.IllegalAction):
        steal(state, 105)


def test_staying_longer_adds_1000_a_turn():
    state = forty(2)
    thief = mover(state)
    state, _ = steal(state, 5)
    state, _ = land_on(state, space_where("empty"))
    state, _ = land_on(state, space_where("empty"))
    state, events = steal(state, 1)
    stash = state["forty"]["stashes"][0]
    assert mover(state) == thief and stash["amount"] == 6000 and stash["turns_left"] == 5


def test_a_gang_space_with_nobody_in_the_cave_does_nothing():
    state = forty()
    state, events = land_on(state, SWINDLER_SPACE)
    assert "cave_empty" in codes(events) and state["phase"]["name"] == "turn"


def caught_setup(players=3):
    """The mover's right-hand neighbour is in the cave with 3000; the mover lands on a swindler space."""
    state = forty(players)
    seat = mover(state)
    thief = (seat - 1) % players
    state["forty"]["stashes"] = [{"owner": thief, "amount": 3000, "turns_left": 3, "fresh": False}]
    catcher = card_with("swindlers", 15)
    state["packs"]["swindlers"].remove(catcher)
    state["packs"]["swindlers"].insert(0, catcher)
    state, _ = land_on(state, SWINDLER_SPACE)
    return state, seat, thief, catcher


def test_the_mover_announces_1_to_3_cards_then_rolls_both_dice():
    state, seat, thief, catcher = caught_setup()
    assert engine.legal_actions(state, seat) == [{"type": "announce", "count": {"one_of": [1, 2, 3]}}]
    state, events = act(state, seat, {"type": "announce", "count": 2})
    turned = next(e for e in events if e["code"] == "cards_turned")
    assert len(turned["cards"]) == 2 and turned["cards"][0] == catcher
    assert state["phase"]["purpose"] == "both"


def test_caught_players_lose_the_cave_cash_and_pay_1000_then_claim_a_card():
    state, seat, thief, catcher = caught_setup()
    state, _ = act(state, seat, {"type": "announce", "count": 1})
    state = forced_die(state, 4)  # black 4
    probe = state
    while True:  # the white die after it must be 3: black 4 x white 3 = 15
        trial = core.copy_state(probe)
        if (core.roll_die(trial), core.roll_die(trial)) == (4, 3):
            break
        probe = core.copy_state(probe)
        probe["draws"] += 1
    state, events = act(probe, seat, {"type": "roll"})
    assert {"code": "caught_in_cave", "seat": thief, "lost": 3000, "visible_to": "all"} in events
    assert state["cash"][thief] == 1500 and state["forty"]["stashes"] == []
    assert state["phase"]["name"] == "claim" and engine.to_act(state) == [thief]
    state, _ = act(state, thief, {"type": "claim", "card": catcher})
    assert state["forty"]["claimed"][thief] == [catcher]


def test_claims_go_by_cash_lost_then_from_the_movers_left_and_never_a_held_type():
    state = forty(4)
    seat = mover(state)
    a, b, c = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    state["forty"]["stashes"] = [{"owner": s, "amount": amt, "turns_left": 5, "fresh": False}
                                 for s, amt in ((a, 1000), (b, 4000), (c, 1000))]
    catcher = card_with("swindlers", 15)
    same_type = [x for x in GAME.cards if x["group"] == GAME.card_group[catcher] and x["id"] != catcher][0]["id"]
    state["forty"]["claimed"][b] = [same_type]  # b holds that type: immune to it, may not claim it
    state["forty"]["turned"] = [catcher]
    state["phase"] = {"name": "roll", "seat": seat, "purpose": "both", "at": None}
    events = []
    TABLE.run(state, "cave_dice", 0.0, events, black=4, white=3)  # the dice came up 4 and 3
    assert [e["seat"] for e in events if e["code"] == "caught_in_cave"] == [a, c]  # b is immune
    assert state["phase"]["seat"] == a  # a and c lost the same: a is first from the mover's left
    state2, _ = act(state, a, {"type": "claim", "card": catcher})
    assert state2["phase"]["name"] == "turn"  # nothing left for c


def test_only_money_chance_spaces_act_in_forty_thieves():
    state = forty()
    seat = mover(state)
    after, _ = land_on(state, space_where("chance", kind="200"))
    assert after["cash"][seat] == 2700
    after, events = land_on(state, space_where("chance", kind="bazaar"))
    assert "window_opened" not in codes(events) and after["phase"]["name"] == "turn"
    after, _ = land_on(state, space_where("chance", kind="x50"))
    assert after["phase"]["purpose"] == "x50"


def test_empty_spaces_sell_nothing_in_forty_thieves():
    state = forty()
    after, _ = land_on(state, space_where("empty"))
    assert after["phase"]["name"] == "turn" and after["bandits"] == [[], [], []]


def test_movement_cards_are_dealt_again_at_halfway():
    state = forty(3)
    seat = mover(state)
    state["position"] = "m25"
    state["steps"] = 25
    state["hands"][seat] = [1]
    state["played"] = [2] * 7 + [1]
    state, events = act(state, seat, {"type": "play", "card": 1})
    assert "hands_topped_up" in codes(events)
    assert [len(h) for h in state["hands"]] == state["hand_size"]


def test_passing_start_does_not_stop_ali_baba_and_the_second_time_ends_the_game():
    state = forty(3)
    seat = mover(state)
    state["position"] = "m51"
    state["steps"] = 51
    state["hands"][seat] = [3] + state["hands"][seat][1:]
    state, events = act(state, seat, {"type": "play", "card": 3})
    assert state["position"] == "m2" and state["round"] == 2 and not state["finished"]
    seat = mover(state)
    state["position"] = "m51"
    state["steps"] = 51
    state["hands"][seat] = [3] + state["hands"][seat][1:]
    state, events = act(state, seat, {"type": "play", "card": 3})
    assert state["position"] == "m2"  # the last space is resolved as usual, then the end
    assert state["finished"] and engine.result(state)["scores"] == state["cash"]


def test_cash_still_in_the_cave_at_the_end_is_lost():
    state = forty(3)
    seat = mover(state)
    state["round"] = 2
    state["position"] = "m51"
    state["steps"] = 51
    state["forty"]["stashes"] = [{"owner": seat, "amount": 5000, "turns_left": 9, "fresh": False}]
    state["hands"][seat] = [1] + state["hands"][seat][1:]
    state, _ = act(state, seat, {"type": "play", "card": 1})
    assert state["finished"] and state["cash"][seat] == 2500


def test_no_round_end_payout_in_forty_thieves():
    state = forty(3)
    state["bandits"][0] = [0, 1]
    after, events = land_on(state, "start")
    assert "round_ended" in codes(events) and after["cash"] == [2500, 2500, 2500]


def test_packs_are_wholly_face_down_in_forty_thieves():
    state = forty(3)
    shown = engine.view(state, 0)
    assert shown["packs"]["robbers"] == {"count": 16}
    planted = dict(shown, packs={"robbers": {"top": state["packs"]["robbers"][0], "count": 16}})
    assert engine.hidden_leaks(state, 0, planted)


def test_the_stash_lies_before_the_player_k_turns_ahead_under_one_token_per_lap():
    state = forty(3)
    thief = mover(state)
    state, _ = steal(state, 4)
    (stash,) = engine.view(state, (thief + 1) % 3)["cave"]["stashes"]
    assert (stash["owner"], stash["amount"], stash["before"], stash["tokens"]) == (thief, 4000, (thief + 4) % 3, 2)
    state, _ = land_on(state, space_where("empty"))  # the thief's turn ends: the next player's turn is the first of four
    (stash,) = engine.view(state, thief)["cave"]["stashes"]
    assert (stash["before"], stash["tokens"], stash["turns_left"]) == ((thief + 4) % 3, 2, 4)
    for _turn in range(3):
        state, _ = land_on(state, space_where("empty"))
    (stash,) = engine.view(state, thief)["cave"]["stashes"]
    assert (stash["before"], stash["tokens"], stash["turns_left"]) == (mover(state), 1, 1)


def test_the_final_ranking_is_in_every_view_once_the_game_is_over():
    assert engine.view(forty(3), 0)["result"] is None
    playout = driver.play(engine, 3, {"variant": "forty_thieves"}, 7, [driver.random_bot] * 3, rng=random.Random(7))
    assert engine.view(playout.state, 1)["result"] == engine.result(playout.state)


def test_a_seat_skipped_for_want_of_movement_cards_moves_the_stash_on_by_one():
    state = forty(3)
    thief = mover(state)
    state, _ = steal(state, 3)
    (stash,) = engine.view(state, thief)["cave"]["stashes"]
    assert (stash["before"], stash["tokens"]) == (thief, 1)  # three turns round a table of three
    state = core.copy_state(state)
    state["hands"][(thief + 1) % 3] = []
    state, _ = land_on(state, space_where("empty"))
    assert mover(state) == (thief + 2) % 3
    (stash,) = engine.view(state, thief)["cave"]["stashes"]
    assert (stash["before"], stash["turns_left"]) == ((thief + 1) % 3, 3)

"""Setting up: cash, banker, movement cards, packs, table options, the rules version."""
import random

import pytest

import basra.engine as engine
from gamekit import contract, domains
from tests.basra.helpers import GAME, new


def test_each_player_starts_with_2500_piastres():
    assert new(5)["cash"] == [2500] * 5


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_movement_cards_are_dealt_evenly(players):
    state = new(players)
    assert [len(h) for h in state["hands"]] == [24 // players] * players
    assert sorted(v for h in state["hands"] for v in h) == sorted(GAME.rules["movement_cards"])


def test_with_five_players_the_banker_gets_one_card_fewer():
    for seed in range(5):
        state = new(5, seed=seed)
        sizes = [len(h) for h in state["hands"]]
        assert sizes[state["banker"]] == 4
        assert sorted(sizes) == [4, 5, 5, 5, 5]


def test_the_player_left_of_the_banker_starts():
    for seed in range(6):
        state = new(4, seed=seed)
        assert state["current"] == (state["banker"] + 1) % 4
        assert engine.to_act(state) == [state["current"]]


def test_the_banker_is_drawn_from_the_seed():
    assert {new(4, seed=s)["banker"] for s in range(30)} == {0, 1, 2, 3}
    assert new(4, seed=9)["banker"] == new(4, seed=9)["banker"]


def test_each_gang_pack_is_shuffled_face_down():
    state = new(3)
    for gang in GAME.gangs:
        pack = state["packs"][gang]
        assert sorted(pack) == sorted(c["id"] for c in GAME.cards if c["gang"] == gang)
    assert new(3, seed=2)["packs"] != state["packs"]


@pytest.mark.parametrize("variant", ["standard", "forty_thieves"])
@pytest.mark.parametrize("players", [2, 6])
def test_each_variant_is_playable_by_2_to_6(variant, players):
    assert engine.validate_options(players, {"variant": variant}) == []
    assert engine.validate_options(1, {"variant": variant})
    assert engine.validate_options(7, {"variant": variant})


def test_options_are_declared_with_their_clocks():
    options = {o["name"]: o for o in engine.OPTIONS}
    assert [c[0] for c in options["variant"]["choices"]] == ["standard", "forty_thieves"]
    assert options["open_packs"]["type"] == "bool"
    assert (options["turn_seconds"]["min"], options["turn_seconds"]["max"], options["turn_seconds"]["default"]) == (0, 300, 60)
    assert (options["window_seconds"]["min"], options["window_seconds"]["max"], options["window_seconds"]["default"]) == (10, 300, 30)
    assert (options["bazaar_seconds"]["min"], options["bazaar_seconds"]["max"], options["bazaar_seconds"]["default"]) == (10, 600, 60)
    assert all(options[n]["clock"] for n in ("turn_seconds", "window_seconds", "bazaar_seconds"))


def test_bad_options_are_refused_with_reasons():
    errors = engine.validate_options(3, {"variant": "pirates", "turn_seconds": 301, "window_seconds": 5, "open_packs": "yes", "speed": 1})
    assert len(errors) == 5
    with pytest.raises(ValueError):
        engine.new_game(3, {"turn_seconds": -1}, 1, 0.0)


def test_game_data_given_as_options_replaces_the_defaults():
    import copy

    from basra.engine.data_files import default_data
    from gamekit import driver

    prices = copy.deepcopy(default_data()["prices"])
    prices["quarters"]["1"]["robbers"] = 7
    board = copy.deepcopy(default_data()["board"])
    for space in board["spaces"]:
        if space["type"] == "empty":
            space["type"], space["gangs"] = "gang", ["robbers"]
            break
    options = {"prices": prices, "board": board}
    assert engine.validate_options(3, options) == []
    state = engine.new_game(3, options, 5, 0.0)
    assert state["data"] == {"prices": prices, "board": board}
    seat = state["current"]
    state["bandits"][seat] = [c["id"] for c in GAME.cards if c["gang"] == "robbers"][:1]
    state["packs"]["robbers"].remove(state["bandits"][seat][0])
    sold, _ = engine.apply(state, seat, {"type": "sell", "cards": state["bandits"][seat]}, 1.0)
    assert sold["cash"][seat] == 2507
    playout = driver.play(engine, 3, options, 5, [driver.random_bot] * 3)
    assert engine.result(playout.state) is not None
    assert engine.replay(3, options, 5, playout.log, 0.0) == playout.state


def test_at_a_turn_based_table_every_clock_runs_whole_days_windows_and_bazaar_alike():
    """Decision (docs/rules/basra.md, "Windows and clocks"): the three clocks take the same number
    of days; only the offered paces (1, 2, 3, 7, 14 days) are accepted beyond the seconds ranges."""
    day = 86400
    for days in (1, 2, 3, 7, 14):
        options = {"turn_seconds": days * day, "window_seconds": days * day, "bazaar_seconds": days * day}
        assert engine.validate_options(3, options) == []
    for wrong in (5 * day, day + 1, 15 * day, 301):
        assert engine.validate_options(3, {"turn_seconds": wrong}) != []
    assert engine.validate_options(3, {"open_packs": day}) != []  # not a clock: days mean nothing there


def test_a_match_is_dealt_under_the_rules_version_asked_and_version_1_is_left_unwritten():
    assert engine.RULES_VERSION == 1
    plain = engine.new_game(3, {"variant": "forty_thieves"}, 4, 0.0)
    asked = engine.new_game(3, {"variant": "forty_thieves", "rules_version": 1}, 4, 0.0)
    assert asked == plain and "rules_version" not in plain
    assert engine.validate_options(3, {"rules_version": 2}) == ["Unknown rules version 2: this game plays versions 1 to 1."]
    with pytest.raises(ValueError, match="Unknown rules version"):
        engine.new_game(3, {"rules_version": 2}, 4, 0.0)


def test_a_state_of_a_later_rules_version_says_so_in_every_view_and_a_sampled_state_keeps_it():
    state = contract.stamp_rules_version(engine.new_game(3, {}, 4, 0.0), 2)
    for seat in (0, 1, 2, None, "all"):
        assert engine.view(state, seat)["rules_version"] == 2
    seat = engine.to_act(state)[0]
    assert engine.sample_state(engine.view(state, seat), seat, random.Random(1))["rules_version"] == 2
    action = domains.sample(engine.legal_actions(state, seat)[0], random.Random(1))
    assert engine.apply(state, seat, action, 1.0)[0]["rules_version"] == 2  # and it stays the match's

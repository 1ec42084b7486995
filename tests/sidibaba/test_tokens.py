"""Tokens: the bag's mix, starting jewels and the fortune of a stash."""
from sidibaba import engine
from sidibaba.engine.tokens import fortune


def test_the_bag_holds_61_jewels_and_genies_and_5_curses():
    data = engine.game_data()
    groups = {}
    for kind, count in data["bag"].items():
        group = data["token_kinds"][kind]["group"]
        groups[group] = groups.get(group, 0) + count
    assert groups == {"jewel": 46, "genie": 15, "curse": 5}


def test_each_adventurer_starts_with_three_gold_coins_outside_the_bag():
    state = engine.new_game(5, {}, 3, 0.0)
    assert len(state["bag"]) == 66
    for seat in range(1, 5):
        assert [state["kinds"][t] for t in state["hands"][seat]] == ["gold1"] * 3
    assert state["hands"][0] == []


def test_rule_example_scores_14_points():
    # 3 gold coins, a carafe, a pair of emeralds (6), an unpaired stones (1), an unpaired necklace (1), 2 genies
    stash = ["gold1", "gold1", "gold1", "carafe", "emerald", "emerald", "stones", "necklace", "light", "way_exit"]
    assert fortune(stash) == 14


def test_pairs_score_their_pair_value_and_a_third_scores_one():
    assert fortune(["necklace", "necklace"]) == 10
    assert fortune(["stones", "stones", "stones"]) == 9
    assert fortune(["emerald"]) == 1


def test_genies_are_worth_nothing_at_the_end():
    assert fortune(["light", "way_treasure", "arrow_red"]) == 0

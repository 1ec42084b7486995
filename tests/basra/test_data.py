"""The shipped game data: bandit cards, the Destiny Table, prices, movement cards."""
import importlib.util
import os
import random
from collections import Counter

from basra.engine.data_files import default_data

DATA = default_data()
SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "basra_generate_data.py")


def load_script():
    spec = importlib.util.spec_from_file_location("basra_generate_data", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_destiny_table_row_4_column_3_is_15():
    assert DATA["cards"]["destiny_table"][3][2] == 15


def test_destiny_table_holds_1_to_36_once():
    table = DATA["cards"]["destiny_table"]
    assert len(table) == 6 and all(len(row) == 6 for row in table)
    assert sorted(n for row in table for n in row) == list(range(1, 37))


def test_64_bandit_cards_four_gangs_of_four_groups_of_four():
    cards = DATA["cards"]["cards"]
    assert len(cards) == 64
    assert Counter(c["gang"] for c in cards) == {"swindlers": 16, "thieves": 16, "defrauders": 16, "robbers": 16}
    assert len({c["group"] for c in cards}) == 16
    assert all(n == 4 for n in Counter(c["group"] for c in cards).values())


def test_each_gang_has_one_group_of_each_printed_value():
    for gang in ("swindlers", "thieves", "defrauders", "robbers"):
        values = sorted({c["value"] for c in DATA["cards"]["cards"] if c["gang"] == gang})
        assert values == [20, 40, 80, 160]
    smugglers = {c["value"] for c in DATA["cards"]["cards"] if c["group"] == "smugglers"}
    assert smugglers == {80}


def test_personal_destiny_numbers_count_value_over_20_and_members_differ():
    by_group = {}
    for card in DATA["cards"]["cards"]:
        assert len(card["destiny"]) == card["value"] // 20
        assert len(set(card["destiny"])) == len(card["destiny"])
        assert all(1 <= n <= 36 for n in card["destiny"])
        by_group.setdefault(card["group"], []).append(tuple(card["destiny"]))
    for members in by_group.values():
        assert len(set(members)) == 4


def test_quarter_prices_are_a_latin_square():
    quarters = DATA["prices"]["quarters"]
    for prices in quarters.values():
        assert sorted(prices.values()) == [40, 60, 80, 100]
    for gang in ("swindlers", "thieves", "defrauders", "robbers"):
        assert sorted(q[gang] for q in quarters.values()) == [40, 60, 80, 100]


def test_quarter_3_two_defrauders_and_a_robber_cost_160():
    prices = DATA["prices"]["quarters"]["3"]
    assert 2 * prices["defrauders"] + prices["robbers"] == 160


def test_24_movement_cards_sum_to_52():
    cards = DATA["game"]["movement_cards"]
    assert Counter(cards) == {1: 10, 2: 6, 3: 4, 4: 2, 5: 2}
    assert sum(cards) == 52


def test_generator_script_reproduces_the_shipped_data():
    script = load_script()
    assert script.board() == DATA["board"]
    assert script.cards(random.Random(script.SEED)) == DATA["cards"]

"""The board: Start + a 52-step route in four quarters, three junctions, validation."""
import copy
from collections import Counter

import basra.engine as engine
from basra.engine import board as board_rules
from basra.engine.data_files import default_data

BOARD = default_data()["board"]


def test_default_board_is_valid():
    assert engine.validate_board(BOARD) == []


def test_every_route_from_start_back_to_start_is_52_steps():
    routes = board_rules.all_routes(BOARD)
    assert len(routes) == 2 ** 3  # three junctions, each two ways
    assert {len(r) for r in routes} == {52}


def test_three_junctions_with_three_space_branches():
    assert len(BOARD["branches"]) == 3
    assert all(len(b["spaces"]) == 3 for b in BOARD["branches"])


def test_space_types_in_the_decided_numbers():
    spaces = [s for s in BOARD["spaces"] if s["type"] != "start"]
    assert len(spaces) == 60
    kinds = Counter(s["type"] for s in spaces)
    assert kinds["empty"] == 24
    singles = [s["gangs"][0] for s in spaces if s["type"] == "gang" and len(s["gangs"]) == 1]
    assert Counter(singles) == {"swindlers": 4, "thieves": 4, "defrauders": 4, "robbers": 4}
    assert sum(1 for s in spaces if s["type"] == "gang" and len(s["gangs"]) == 2) == 5
    assert sorted(s["kind"] for s in spaces if s["type"] == "special") == ["all", "choose", "die"]
    chance = Counter(s["kind"] for s in spaces if s["type"] == "chance")
    assert sum(chance.values()) == 12 and len(chance) == 10
    assert chance["x50"] == 2 and chance["200"] == 2


def test_every_quarter_has_a_mix_of_spaces():
    for quarter in (1, 2, 3, 4):
        types = {s["type"] for s in BOARD["spaces"] if s["quarter"] == quarter and s["type"] != "start"}
        assert {"empty", "gang", "chance"} <= types


def test_the_route_runs_through_the_quarters_in_order():
    quarters = [next(s for s in BOARD["spaces"] if s["id"] == sid)["quarter"] for sid in BOARD["route"][:-1]]
    assert quarters == sorted(quarters)
    assert quarters[0] == 1 and quarters[-1] == 4


def test_board_refused_when_a_branch_is_shorter_than_what_it_skips():
    board = copy.deepcopy(BOARD)
    dropped = board["branches"][0]["spaces"].pop()
    board["spaces"] = [s for s in board["spaces"] if s["id"] != dropped]
    errors = engine.validate_board(board)
    assert any("branch has 2 spaces but skips 3" in e for e in errors)


def test_board_refused_when_the_route_is_not_52_steps_and_says_how_long():
    board = copy.deepcopy(BOARD)
    board["route"].remove("m13")
    board["spaces"] = [s for s in board["spaces"] if s["id"] != "m13"]
    errors = engine.validate_board(board)
    assert any("takes 51 steps, not 52" in e for e in errors)


def test_board_refused_when_the_route_does_not_end_on_start():
    board = copy.deepcopy(BOARD)
    board["route"] = board["route"][:-1]
    assert "The main route must end on Start." in engine.validate_board(board)


def test_board_refused_with_an_unknown_space_type_or_gang():
    board = copy.deepcopy(BOARD)
    board["spaces"][1]["type"] = "lake"
    board["spaces"][2] = {"id": board["spaces"][2]["id"], "type": "gang", "gangs": ["pirates"], "quarter": 1}
    errors = engine.validate_board(board)
    assert any("unknown type 'lake'" in e for e in errors)
    assert any("needs gang symbols" in e for e in errors)


def test_board_refused_when_a_space_is_on_no_route():
    board = copy.deepcopy(BOARD)
    board["spaces"].append({"id": "island", "type": "empty", "quarter": 2})
    assert "Space island is on no route." in engine.validate_board(board)


def test_board_option_is_validated_before_a_game_starts():
    board = copy.deepcopy(BOARD)
    board["route"] = board["route"][:-1]
    assert "The main route must end on Start." in engine.validate_options(3, {"board": board})

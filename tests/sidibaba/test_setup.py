"""Setting up: the Leader's placements, characters, lamps, the line, Open Sesame, the setup deadline."""
import pytest

from sidibaba import engine
from tests.sidibaba.helpers import act, set_up


def test_roles_seat_zero_is_the_leader():
    assert engine.roles(4, {}) == ["leader", "adventurer", "adventurer", "adventurer"]


@pytest.mark.parametrize("players", [2, 8])
def test_three_to_seven_players(players):
    assert engine.validate_options(players, {})
    assert engine.validate_options(3, {}) == [] and engine.validate_options(7, {}) == []


def test_segment_seconds_option_from_60_to_300():
    assert engine.validate_options(4, {"segment_seconds": 59})
    assert engine.validate_options(4, {"segment_seconds": 301})
    assert engine.validate_options(4, {"segment_seconds": 120}) == []
    option = next(o for o in engine.OPTIONS if o["name"] == "segment_seconds")
    assert option["clock"] is True and option["default"] == 180


def test_a_full_maze_may_come_in_the_options():
    maze = dict(engine.default_mazes()[1], key="custom")
    state = engine.new_game(4, {"maze_data": maze}, 1, 0.0)
    assert state["maze"]["key"] == "custom"
    assert engine.validate_options(4, {"maze_data": {"rows": 3}})


def test_twelve_lamps_dealt_round_robin_from_the_lead():
    state = engine.new_game(6, {}, 1, 0.0)
    assert state["lamps"] == [0, 3, 3, 2, 2, 2]
    assert sum(state["lamps"]) == 12


def test_the_leader_chooses_the_maze_when_the_table_left_it_to_him():
    state = engine.new_game(4, {"maze": "leader"}, 1, 0.0)
    assert engine.legal_actions(state, 0)[0]["type"] == "choose_maze"
    state = act(state, 0, {"type": "choose_maze", "maze": "halls"})
    assert state["maze"]["key"] == "halls"
    assert engine.legal_actions(state, 0)[0]["type"] == "place_treasure"


def test_the_leader_places_treasure_then_five_chests_then_the_entrance():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    state = act(state, 0, {"type": "place_treasure", "cell": 10})
    with pytest.raises(engine.IllegalAction):
        act(state, 0, {"type": "place_chest", "cell": 10})  # not on the Treasure
    for cell in range(5):
        state = act(state, 0, {"type": "place_chest", "cell": cell})
    assert [a["type"] for a in engine.legal_actions(state, 0)] == ["choose_entrance"]
    state = act(state, 0, {"type": "choose_entrance", "opening": 1})
    assert engine.legal_actions(state, 0) == []


def test_characters_are_chosen_from_six_and_never_twice():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    state = act(state, 1, {"type": "choose_character", "character": "sinbad"})
    with pytest.raises(engine.IllegalAction):
        act(state, 2, {"type": "choose_character", "character": "sinbad"})


def test_lamps_may_be_moved_between_adventurers_before_open_sesame():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    state = act(state, 2, {"type": "give_lamp", "to": 1})
    assert state["lamps"][1:] == [5, 3, 4]
    started = set_up()
    assert not any(a["type"] == "give_lamp" for a in engine.legal_actions(started, 1))


def test_open_sesame_only_by_the_lead_once_everything_is_placed():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    assert not any(a["type"] == "open_sesame" for a in engine.legal_actions(state, 1))
    started = set_up()
    assert started["phase"] == "play" and started["segment"] == 1
    assert started["lit"] == started["line"][0] and started["lamps"][1] == 3


def test_open_sesame_starts_the_first_lamp_and_the_adventurers_stand_outside_facing_in():
    state = set_up(now=0.0)
    assert state["ends_at"] == 180.0
    view = engine.view(state, 1)
    assert view["outside"] is True and view["sight"][0]["ahead"] == "open"


def test_the_line_order_is_voted_during_setup():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    state = act(state, 2, {"type": "propose_line", "line": [2, 3, 1]})
    assert state["line_vote"] is not None and 1 in engine.to_act(state)
    state = act(state, 3, {"type": "vote_line", "accept": True})
    assert state["line"] == [1, 2, 3]  # waits for every vote or the lead's call
    state = act(state, 1, {"type": "vote_line", "accept": False})
    assert state["line"] == [2, 3, 1]  # 2 of 3 is a strict majority, over the lead's no


def test_setup_deadline_sets_up_a_silent_table():
    state = engine.new_game(4, {"maze": "leader"}, 1, 0.0)
    at, action = engine.deadline(state)
    assert action == {"type": "setup_timeout"}
    state, events = engine.apply(state, None, action, at)
    assert state["phase"] == "play"
    assert state["maze"] is not None and len(state["chests"]) == 5 and state["treasure_at"] is not None
    assert all(state["characters"][1:])


def test_setup_timeout_before_its_time_is_refused():
    state = engine.new_game(4, {}, 1, 0.0)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, None, {"type": "setup_timeout"}, 5.0)


def test_the_leader_starts_with_one_event():
    state = engine.new_game(4, {}, 1, 0.0)
    assert len(state["event_hand"]) == 1 and len(state["event_deck"]) == 19


def test_open_sesame_decides_a_line_proposal_still_open():
    state = engine.new_game(4, {"maze": "grotto"}, 1, 0.0)
    state = act(state, 1, {"type": "propose_line", "line": [2, 1, 3]})
    state = act(state, 0, {"type": "place_treasure", "cell": 63})
    for cell in range(5):
        state = act(state, 0, {"type": "place_chest", "cell": cell})
    state = act(state, 0, {"type": "choose_entrance", "opening": 0})
    for seat in (1, 2, 3):
        state = act(state, seat, {"type": "choose_character", "character": engine.game_data()["characters"][seat]})
    state = act(state, 1, {"type": "open_sesame"})
    assert state["line_vote"] is None and state["line"] == [2, 1, 3]  # 1 of 3 yes: the lead's yes decides


def test_a_match_is_set_up_under_the_rules_version_asked_and_version_1_is_left_unwritten():
    assert engine.RULES_VERSION == 1
    plain = engine.new_game(4, {}, 4, 0.0)
    assert engine.new_game(4, {"rules_version": 1}, 4, 0.0) == plain and "rules_version" not in plain
    assert engine.validate_options(4, {"rules_version": 2}) == ["Unknown rules version 2: this game plays versions 1 to 1."]
    with pytest.raises(engine.IllegalAction, match="Unknown rules version"):
        engine.new_game(4, {"rules_version": True}, 4, 0.0)


def test_a_state_of_a_later_rules_version_says_so_in_every_view():
    import random

    from gamekit import contract, domains

    state = contract.stamp_rules_version(engine.new_game(4, {}, 4, 0.0), 2)
    for seat in (0, 1, 2, 3, None, "all"):
        assert engine.view(state, seat)["rules_version"] == 2
    seat = engine.to_act(state)[0]
    action = domains.sample(engine.legal_actions(state, seat)[0], random.Random(1))
    assert engine.apply(state, seat, action, 1.0)[0]["rules_version"] == 2  # and it stays the match's

"""Moving: A-F, walls, landslides, exits, the vote, the lead's call, the line vote, the decision key."""
import pytest

from sidibaba import engine
from tests.sidibaba.helpers import act, edit, geo, move, set_up


def inside(state, cell, facing):
    return edit(state, pos=[cell, facing])


def test_the_first_move_steps_into_the_cave():
    state = set_up()
    with pytest.raises(engine.IllegalAction, match="Step into the cave first"):
        act(state, 1, {"type": "vote_move", "move": "A"})
    state = move(state, "E")
    assert state["pos"] == [3, 2]


def test_a_step_into_a_wall_is_refused_with_a_clear_message_and_changes_nothing():
    state = inside(set_up(), 2, 0)  # the grotto's 0,2 has a wall to the north
    with pytest.raises(engine.IllegalAction, match="A wall blocks the way"):
        act(state, 1, {"type": "vote_move", "move": "E"})
    assert state["votes"] == [None] * 4


def test_a_step_into_a_landslide_is_refused():
    state = edit(inside(set_up(), 2, 1), landslides=[3])
    with pytest.raises(engine.IllegalAction, match="landslide"):
        act(state, 1, {"type": "vote_move", "move": "E"})


def test_stepping_out_is_refused_until_the_treasure_is_shared_then_it_is_the_escape():
    state = inside(set_up(), 3, 0)  # the grotto's opening 0,3 N
    with pytest.raises(engine.IllegalAction, match="Treasure first"):
        act(state, 1, {"type": "vote_move", "move": "E"})
    state = edit(state, treasure_state="shared")
    state = move(state, "E")
    assert state["phase"] == "over" and state["winner"] == "adventurers"
    assert engine.result(state)["ranks"][0] == 4


def test_any_exit_will_do_not_only_the_entrance():
    state = edit(inside(set_up(), 60, 2), treasure_state="shared")  # the other opening, 7,4 S
    state = move(state, "E")
    assert state["winner"] == "adventurers"


def test_d_and_f_step_then_turn():
    state = inside(set_up(), 2, 1)
    assert move(state, "D")["pos"] == [3, 0]
    assert move(state, "F")["pos"] == [3, 2]


def test_a_move_runs_when_every_adventurer_has_voted_and_the_majority_wins():
    state = inside(set_up(), 2, 1)
    state = act(state, 1, {"type": "vote_move", "move": "B"})
    state = act(state, 2, {"type": "vote_move", "move": "E"})
    assert state["pos"] == [2, 1]
    state = act(state, 3, {"type": "vote_move", "move": "E"})
    assert state["pos"] == [3, 1]


def test_without_a_strict_majority_the_lead_decides():
    state = inside(set_up(), 2, 1)
    state = act(state, 1, {"type": "vote_move", "move": "B"})
    state = act(state, 2, {"type": "vote_move", "move": "E"})
    state = act(state, 3, {"type": "vote_move", "move": "C"})
    assert state["pos"] == [2, 3]


def test_half_of_the_votes_is_no_majority_and_the_lead_decides():
    state = inside(set_up(players=5), 2, 1)
    assert state["line"][0] == 1
    state = act(state, 3, {"type": "vote_move", "move": "C"})
    state = act(state, 4, {"type": "vote_move", "move": "C"})
    state = act(state, 2, {"type": "vote_move", "move": "E"})
    state = act(state, 1, {"type": "vote_move", "move": "B"})
    assert state["pos"] == [2, 3]  # B, the lead's turn round: two of four for C is not a majority


def test_the_lead_may_call_the_vote_early():
    state = inside(set_up(), 2, 1)
    state = act(state, 2, {"type": "vote_move", "move": "E"})
    with pytest.raises(engine.IllegalAction):
        act(state, 1, {"type": "call_move"})  # the lead has not voted
    state = act(state, 1, {"type": "vote_move", "move": "B"})
    with pytest.raises(engine.IllegalAction):
        act(state, 2, {"type": "call_move"})  # only the lead calls
    state = act(state, 1, {"type": "call_move"})
    assert state["pos"] == [2, 3]  # 1 of 3 for each: no majority, the lead's B


def test_votes_are_visible_to_all_adventurers_and_a_vote_does_not_change_the_decision_key():
    state = inside(set_up(), 2, 1)
    key = engine.decision_key(state)
    state = act(state, 2, {"type": "vote_move", "move": "E"})
    assert engine.view(state, 3)["votes"][2] == "E"
    assert engine.decision_key(state) == key
    assert engine.to_act(state) == [1, 3]
    state = move(state, "E")
    assert engine.decision_key(state) != key


def test_a_new_line_order_needs_a_strict_majority_else_the_leads_vote():
    state = set_up(players=5)  # four Adventurers
    state = act(state, 2, {"type": "propose_line", "line": [2, 1, 3, 4]})
    state = act(state, 3, {"type": "vote_line", "accept": True})
    state = act(state, 4, {"type": "vote_line", "accept": False})
    state = act(state, 1, {"type": "vote_line", "accept": False})
    assert state["line"] == [1, 2, 3, 4]  # 2 against 2: the lead said no
    state = act(state, 2, {"type": "propose_line", "line": [2, 1, 3, 4]})
    state = act(state, 1, {"type": "vote_line", "accept": True})
    state = act(state, 1, {"type": "call_line_vote"})
    assert state["line"] == [2, 1, 3, 4]


def test_pause_freezes_time_and_only_the_leader_pauses_and_resumes():
    state = inside(set_up(seconds=100, now=0.0), 2, 1)
    with pytest.raises(engine.IllegalAction):
        act(state, 1, {"type": "pause"}, 10.0)
    state = act(state, 0, {"type": "pause"}, 10.0)
    with pytest.raises(engine.IllegalAction, match="stopped time"):
        act(state, 1, {"type": "vote_move", "move": "E"}, 20.0)
    assert engine.to_act(state) == [0]
    state = act(state, 0, {"type": "resume"}, 70.0)
    assert state["ends_at"] == 160.0  # 90 s were left at the pause


def test_a_forgotten_pause_ends_by_itself():
    state = act(set_up(now=0.0), 0, {"type": "pause"}, 10.0)
    at, action = engine.deadline(state)
    assert action == {"type": "resume"} and at == 10.0 + engine.game_data()["pause_max_seconds"]
    state, _ = engine.apply(state, None, action, at)
    assert state["paused"] is None


def test_the_event_window_opens_after_a_step_and_closes_with_the_next_move():
    state = inside(set_up(), 2, 1)
    state = move(state, "E")
    assert state["window"] is not None and 0 in engine.to_act(state)
    state = move(state, "B")
    assert state["window"] is None
    state = move(state, "E")
    state = act(state, 0, {"type": "pass"})
    assert state["window"] is None and 0 not in engine.to_act(state)


def test_turning_does_not_open_the_event_window():
    state = move(inside(set_up(), 2, 1), "A")
    assert state["window"] is None


def test_geometry_helper_is_consistent():
    assert geo(set_up()).rows == 8


def test_no_move_can_be_voted_while_a_chest_is_being_shared():
    state = edit(set_up(), pos=[2, 1], pending=[{"kind": "sharing", "source": "chest", "slots": [1, 2, 3],
                                                 "rounds": 1, "turn": 0, "started": True, "order_line": [1, 2, 3]}])
    with pytest.raises(engine.IllegalAction, match="Finish"):
        act(state, 2, {"type": "vote_move", "move": "E"})


def test_the_lit_lamp_stays_lit_when_the_line_changes():
    state = set_up()
    state = act(state, 2, {"type": "propose_line", "line": [2, 1, 3]})
    state = act(state, 1, {"type": "vote_line", "accept": True})
    state = act(state, 1, {"type": "call_line_vote"})
    assert state["line"][0] == 2 and state["lit"] == 1 and state["lamps"] == [0, 3, 4, 4]


def test_a_new_line_proposal_replacing_an_open_one_is_a_new_decision():
    state = set_up()
    state = act(state, 2, {"type": "propose_line", "line": [2, 1, 3]})
    key = engine.decision_key(state)
    state = act(state, 3, {"type": "vote_line", "accept": True})
    assert engine.decision_key(state) == key
    state = act(state, 3, {"type": "propose_line", "line": [3, 1, 2]})
    assert engine.decision_key(state) != key and state["line_vote"]["votes"] == [None, None, None, True]

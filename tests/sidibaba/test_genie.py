"""Genies: one per lamp, the three-token draw, honest Which Way answers, the paid two-move answer."""
import pytest

from sidibaba import engine
from sidibaba.engine.maze import route
from tests.sidibaba.helpers import act, edit, geo, give_tokens, set_up


def with_genie(kind, pos=(2, 1), **changes):
    state = give_tokens(set_up(), 2, [kind])
    return edit(state, pos=list(pos), **changes), state["hands"][2][-1]


def test_let_there_be_light_brings_back_up_to_two_lamps_from_the_leader():
    state, token = with_genie("light", leader_lamps=3)
    state = act(state, 2, {"type": "use_genie", "token": token})
    assert state["leader_lamps"] == 1 and state["lamps"][2] == 6
    assert token in state["genies_spent"]


def test_only_one_genie_per_segment_across_all_adventurers():
    state, token = with_genie("light")
    state = give_tokens(state, 3, ["light"])
    state = act(state, 2, {"type": "use_genie", "token": token})
    state = act(state, 2, {"type": "keep", "token": state["keeps"][2][0]})
    with pytest.raises(engine.IllegalAction, match="already been used"):
        act(state, 3, {"type": "use_genie", "token": state["hands"][3][-1]})


def test_after_a_genie_the_user_draws_three_without_curses_and_keeps_one():
    state, token = with_genie("light")
    state = act(state, 2, {"type": "use_genie", "token": token})
    drawn = state["keeps"][2]
    assert len(drawn) == 3 and all(state["kinds"][t] != "curse" for t in drawn)
    assert 2 in engine.to_act(state)
    bag = len(state["bag"])
    state = act(state, 2, {"type": "keep", "token": drawn[1]})
    assert drawn[1] in state["hands"][2] and len(state["bag"]) == bag + 2


def test_the_arrow_is_placed_here_and_shown_relative_when_the_square_is_in_front():
    state, token = with_genie("arrow_red", pos=(2, 1))
    state = act(state, 2, {"type": "use_genie", "token": token, "direction": "left"})
    assert state["arrows"] == [[2, "red", 0]]
    state = edit(state, pos=[3, 3])  # looking west at square 2
    assert engine.view(state, 1)["front"]["arrows"] == [{"colour": "red", "direction": "right"}]


def answer_moves(state):
    return state["last_answer"]["moves"]


@pytest.mark.parametrize("kind", ["way_treasure", "way_exit", "way_loot"])
def test_which_way_gives_the_first_move_of_a_shortest_route(kind):
    state, token = with_genie(kind, pos=(20, 2))
    state = act(state, 2, {"type": "use_genie", "token": token})
    assert state["pending"][0]["kind"] == "genie_offer"
    state = act(state, 2, {"type": "confirm"})
    moves = answer_moves(state)
    g = geo(state)
    if kind == "way_exit":
        best = route(g, 20, 2, None, exits=True)
    elif kind == "way_treasure":
        best = route(g, 20, 2, lambda c: c == state["treasure_at"])
    else:
        best = route(g, 20, 2, lambda c: c in set(state["chests"]) | {state["treasure_at"]})
    assert len(moves) == 1 and moves[0] == best[0]


def test_jewels_worth_three_buy_the_first_two_moves_and_leave_the_game():
    state, token = with_genie("way_treasure", pos=(20, 2))
    state = act(state, 2, {"type": "use_genie", "token": token})
    state = act(state, 1, {"type": "offer", "tokens": state["hands"][1][:2]})
    state = act(state, 3, {"type": "offer", "tokens": state["hands"][3][:1]})
    paid = state["hands"][1][:2] + state["hands"][3][:1]
    state = act(state, 2, {"type": "confirm"})
    assert len(answer_moves(state)) == 2
    assert all(t in state["jewels_paid"] for t in paid)
    assert len(state["hands"][1]) == 1 and len(state["hands"][3]) == 2


def test_jewels_worth_less_than_three_buy_nothing_and_stay():
    state, token = with_genie("way_exit", pos=(20, 2))
    state = act(state, 2, {"type": "use_genie", "token": token})
    state = act(state, 1, {"type": "offer", "tokens": state["hands"][1][:2]})
    state = act(state, 2, {"type": "confirm"})
    assert len(answer_moves(state)) == 1 and len(state["hands"][1]) == 3


def test_which_way_avoids_landslides():
    state, token = with_genie("way_exit", pos=(20, 2))
    g = geo(state)
    first = route(g, 20, 2, None, exits=True)
    nxt = g.target(20, 2)
    blocked_state = edit(state, landslides=[nxt] if isinstance(nxt, int) else [])
    state = act(blocked_state, 2, {"type": "use_genie", "token": token})
    state = act(state, 2, {"type": "confirm"})
    expected = route(g, 20, 2, None, blocked=set(blocked_state["landslides"]), exits=True)
    assert answer_moves(state) == expected[:1]
    assert first is not None


def test_the_used_genie_is_shown_to_everyone():
    state, token = with_genie("way_loot")
    _state, events = engine.apply(state, 2, {"type": "use_genie", "token": token}, 1.0)
    used = next(e for e in events if e["code"] == "genie_used")
    assert used["visible_to"] == "all" and used["genie"] == "way_loot"


def test_genies_wait_while_a_chest_is_shared():
    state, token = with_genie("light")
    state = edit(state, pending=[{"kind": "sharing", "source": "chest", "slots": [1, 2, 3], "rounds": 1,
                                  "turn": 0, "started": True, "order_line": [1, 2, 3]}])
    assert not any(a["type"] == "use_genie" for a in engine.legal_actions(state, 2))


def test_the_arrow_genie_is_not_usable_outside_the_cave():
    state = give_tokens(set_up(), 2, ["arrow_blue"])
    assert not any(a["type"] == "use_genie" for a in engine.legal_actions(state, 2))


def test_a_drawn_token_must_be_kept_before_the_next_genie():
    state, token = with_genie("light")
    state = give_tokens(state, 2, ["way_exit"])
    state = act(state, 2, {"type": "use_genie", "token": token})
    state = edit(state, genie_segment=None)  # as if a new lamp were lit
    assert not any(a["type"] == "use_genie" for a in engine.legal_actions(state, 2))


def test_the_three_drawn_tokens_are_shown_to_the_user_alone():
    state, token = with_genie("light")
    _state, events = engine.apply(state, 2, {"type": "use_genie", "token": token}, 1.0)
    private = next(e for e in events if e["code"] == "genie_draw_tokens")
    public = next(e for e in events if e["code"] == "genie_draw")
    assert private["visible_to"] == [2] and len(private["tokens"]) == 3
    assert public["visible_to"] == "all" and "tokens" not in public


def test_two_emeralds_count_one_point_each_and_do_not_buy_the_second_move():
    """A pair jewel handed to a genie is worth 1 (its pair value counts only in a stash): two emeralds
    make 2, below the 3 that buy Which Way's second move, and they stay with their owner."""
    state, token = with_genie("way_exit", pos=(20, 2))
    state = give_tokens(state, 1, ["emerald", "emerald"])
    emeralds = state["hands"][1][-2:]
    state = act(state, 2, {"type": "use_genie", "token": token})
    state = act(state, 1, {"type": "offer", "tokens": emeralds})
    state = act(state, 2, {"type": "confirm"})
    assert len(answer_moves(state)) == 1
    assert set(emeralds) <= set(state["hands"][1]) and not set(emeralds) & set(state["jewels_paid"])

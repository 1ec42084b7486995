"""Chests and the Treasure: the draws, taking in line order, the Treasure's two rounds, curses."""
from sidibaba import engine
from tests.sidibaba.helpers import act, edit, geo, move, set_up


def at_chest(players=4, treasure=False, **changes):
    """The Adventurers one step from a closed chest (or the Treasure), facing it; the Leader holds no event."""
    chests = [18, 27, 36, 45, 50] if treasure else [11, 18, 27, 36, 45]
    state = set_up(players=players, chests=chests, treasure=11 if treasure else 63)
    return edit(state, pos=facing(state, 11), event_hand=[], **changes)


def facing(state, cell):
    """A position next to ``cell``, looking at it."""
    g = geo(state)
    for d in range(4):
        other = g.step[cell][d]
        if isinstance(other, int):
            return [other, (d + 2) % 4]


def no_curse_bag(state):
    return [t for t in state["bag"] if state["kinds"][t] != "curse"]


def test_a_chest_draws_one_token_per_adventurer_taken_in_line_order():
    state = at_chest()
    state = edit(state, bag=no_curse_bag(state))
    state = move(state, "E")
    head = state["pending"][0]
    assert head["kind"] == "sharing" and len(head["slots"]) == 3
    assert engine.to_act(state) == [1]
    before = len(state["hands"][1])
    state = act(state, 1, {"type": "take", "slot": 2})
    assert len(state["hands"][1]) == before + 1 and engine.to_act(state) == [2]
    state = act(state, 2, {"type": "take", "slot": 0})
    state = act(state, 3, {"type": "take", "slot": 1})
    assert state["pending"] == [] and 11 in state["chests_open"] and 11 not in state["chests"]


def test_the_treasure_draws_two_each_in_two_rounds_and_then_the_way_out_opens():
    state = at_chest(treasure=True)
    state = edit(state, bag=no_curse_bag(state))
    state = move(state, "E")
    assert len(state["pending"][0]["slots"]) == 6
    order = []
    while state["pending"]:
        seat = engine.to_act(state)[0]
        order.append(seat)
        slot = engine.legal_actions(state, seat)[0]["slot"]["one_of"][0]
        state = act(state, seat, {"type": "take", "slot": slot})
    assert order == [1, 2, 3, 1, 2, 3]
    assert state["treasure_state"] == "shared"


def test_jewels_lie_face_up_and_genies_face_down_on_the_table():
    state = at_chest()
    state = edit(state, bag=[t for t in state["bag"] if state["kinds"][t] in ("light", "carafe")][:3])
    state = move(state, "E")
    table = engine.view(state, 2)["pending"]["table"]
    assert set(table) <= {"genie", "carafe"}


def test_each_curse_sends_the_lead_to_the_back_and_costs_an_unlit_lamp_by_vote():
    state = at_chest()
    curses = [t for t in state["bag"] if state["kinds"][t] == "curse"][:2]
    state = edit(state, bag=curses + [t for t in state["bag"] if state["kinds"][t] == "gold2"][:1])
    state = move(state, "E")
    assert state["line"] == [3, 1, 2]  # two rotations
    assert state["pending"][0]["kind"] == "discard_vote"
    lamps = sum(state["lamps"])
    for seat in (1, 2, 3):
        state = act(state, seat, {"type": "discard_lamp", "owner": 2})
    assert sum(state["lamps"]) == lamps - 1 and state["lamps_out"] == 1
    state = act(state, 3, {"type": "discard_lamp", "owner": 3})
    state = act(state, 3, {"type": "call_discard"})  # the lead calls it
    assert state["lamps_out"] == 2
    assert state["pending"][0]["kind"] == "sharing" and len(state["pending"][0]["slots"]) == 1
    assert engine.to_act(state) == [3]  # the new lead takes first
    state = act(state, 3, {"type": "take", "slot": 0})
    assert state["pending"] == []  # the last in line get nothing
    assert state["curses_out"] == 2


def test_a_curse_with_no_unlit_lamp_only_turns_the_line():
    state = at_chest(lamps=[0, 0, 0, 0])
    curse = [t for t in state["bag"] if state["kinds"][t] == "curse"][:1]
    state = edit(state, bag=curse)
    state = move(state, "E")
    assert state["phase"] == "play" and state["line"] == [2, 3, 1] and state["pending"] == []


def test_a_lamp_discard_with_one_holder_is_automatic():
    state = at_chest(lamps=[0, 0, 2, 0])
    curse = [t for t in state["bag"] if state["kinds"][t] == "curse"][:1]
    state = edit(state, bag=curse)
    state = move(state, "E")
    assert state["lamps"][2] == 1 and state["lamps_out"] == 1


def test_an_opened_chest_stays_open_and_gives_nothing_more():
    state = at_chest()
    state = edit(state, chests=[18, 27, 36, 45], chests_open=[11])
    state = move(state, "E")
    assert state["pending"] == []
    assert engine.view(edit(state, pos=facing(state, 11)), 1)["front"]["chest"] == "open"


def test_must_discard_a_lamp_in_his_possession_even_when_his_last_lamp_was_lit_during_the_vote():
    """Rule: "MUST discard a lamp in his possession". The vote is open, the lamp expires and the lead
    lights his last lamp: the votes for him count for nobody and the lamp leaves the other holder."""
    state = at_chest(lamps=[0, 1, 1, 0], lit=3, leader_lamps=0, lamps_out=0)
    curse = [t for t in state["bag"] if state["kinds"][t] == "curse"][:1]
    state = edit(state, bag=curse)
    state = move(state, "E")
    assert state["line"] == [2, 3, 1] and state["pending"][0]["kind"] == "discard_vote"
    state = act(state, 1, {"type": "discard_lamp", "owner": 2})
    state = act(state, 3, {"type": "discard_lamp", "owner": 2})
    state, _ = engine.apply(state, None, engine.deadline(state)[1], state["ends_at"])
    assert state["lit"] == 2 and state["lamps"] == [0, 1, 0, 0]
    assert engine.legal_actions(state, 2)[0]["owner"] == {"one_of": [1]}
    state = act(state, 2, {"type": "discard_lamp", "owner": 1}, now=state["ends_at"] - 1)
    assert state["lamps"] == [0, 0, 0, 0] and state["lamps_out"] == 1 and state["leader_lamps"] == 1
    assert min(state["lamps"]) >= 0


def test_a_discard_vote_left_without_any_unlit_lamp_waits_only_for_the_leads_call():
    state = at_chest(lamps=[0, 1, 1, 0], lit=3)
    curse = [t for t in state["bag"] if state["kinds"][t] == "curse"][:1]
    state = edit(state, bag=curse)
    state = move(state, "E")
    state = act(state, 1, {"type": "discard_lamp", "owner": 2})
    state = edit(state, lamps=[0, 0, 0, 0])  # both unlit lamps lit by expiries during the vote
    assert engine.to_act(state) == [2] and engine.legal_actions(state, 2)[0] == {"type": "call_discard"}
    state = act(state, 2, {"type": "call_discard"})
    assert state["lamps"] == [0, 0, 0, 0] and state["lamps_out"] == 0 and state["pending"] == []


def test_tokens_left_on_the_table_when_the_game_ends_go_back_into_the_bag():
    """Conservation: the last lamp goes out during the Treasure's sharing; its tokens are not lost."""
    state = at_chest(treasure=True, lamps=[0, 0, 0, 0], leader_lamps=11, lit=1)
    state = edit(state, bag=no_curse_bag(state))
    state = move(state, "E")
    on_table = [t for t in state["pending"][0]["slots"] if t is not None]
    assert len(on_table) == 6
    state, _ = engine.apply(state, None, engine.deadline(state)[1], state["ends_at"])
    assert state["phase"] == "over" and state["end_reason"] == "dark" and state["pending"] == []
    assert set(on_table) <= set(state["bag"])

"""The Leader's Events: walks and meetings, locks, Illusion, Teleportation, Landslide, the encounters."""
import pytest

from sidibaba import engine
from sidibaba.engine.maze import connected
from tests.sidibaba.helpers import act, edit, geo, give_tokens, move, set_up


def card(state, kind, steps=None):
    return next(i for i, e in enumerate(state["event_kinds"]) if e["kind"] == kind and e.get("steps", steps) == steps)


def holding(state, *cards):
    return edit(state, event_hand=list(cards), event_deck=[c for c in state["event_deck"] if c not in cards])


def facing(state, cell):
    g = geo(state)
    for d in range(4):
        other = g.step[cell][d]
        if isinstance(other, int):
            return [other, (d + 2) % 4]


def after_step(state):
    """The Adventurers have just stepped onto an empty square: the Leader's window is open."""
    state = edit(state, pos=[2, 1])
    state = move(state, "E")
    assert state["window"] is not None
    return state


def test_movement_walks_the_leader_token_in_from_outside():
    base = set_up()
    state = after_step(holding(base, card(base, "movement", 2)))
    play = next(a for a in engine.legal_actions(state, 0) if a["type"] == "play_event")
    path = play["path"]["one_of"][0]
    assert len(path) == 2 and path[0] in {cell for cell, _d in geo(state).openings}
    state = act(state, 0, {**play, "path": path})
    assert state["leader_at"] == path[-1] or state["pending"]
    assert state["window"] is None and state["event_hand"] == []


def test_meeting_the_leader_steals_two_from_the_lead_one_from_each_other_and_costs_a_lamp():
    base = set_up()
    state = after_step(holding(base, card(base, "movement", 1)))  # the Adventurers stand on 3
    state = edit(state, leader_at=2)
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "move", "path": [3]})
    assert state["leader_at"] is None and state["pending"][0]["kind"] == "theft"
    stashes = [len(h) for h in state["hands"]]
    for _ in range(4):
        kinds = engine.legal_actions(state, 0)[0]["kind"]["one_of"]
        state = act(state, 0, {"type": "steal", "kind": kinds[0]})
    assert [len(h) for h in state["hands"]][1:] == [stashes[1] - 2, stashes[2] - 1, stashes[3] - 1]
    assert state["pending"][0]["kind"] == "discard_vote"
    for seat in (1, 2, 3):
        state = act(state, seat, {"type": "discard_lamp", "owner": 3})
    assert state["leader_lamps"] == 1 and state["lamps"][3] == 3


def test_stepping_onto_the_leader_stops_the_move_before_its_turn():
    state = edit(set_up(), pos=[2, 1], leader_at=3)
    state = move(state, "D")
    assert state["pos"] == [3, 1] and state["pending"][0]["kind"] == "theft"


def test_meeting_without_a_lamp_to_discard_is_the_leaders_win():
    state = edit(set_up(), pos=[2, 1], leader_at=3, lamps=[0, 0, 0, 0])
    state = move(state, "E")
    while state["phase"] != "over":
        state = act(state, 0, {"type": "steal", "kind": "jewel"})
    assert state["winner"] == "leader" and state["end_reason"] == "no_lamp"


def test_a_silent_leader_steals_by_default_at_the_window_deadline():
    state = edit(set_up(now=0.0), pos=[2, 1], leader_at=3)
    state = move(state, "E", now=1.0)
    at, action = engine.deadline(state)
    assert action["type"] == "window_timeout" and at == 1.0 + engine.game_data()["window_seconds"]
    state, _ = engine.apply(state, None, action, at)
    assert len(state["stolen"]) == 1


def chest_ahead(base, *cards):
    state = holding(base, *cards)
    state = edit(state, pos=facing(state, 9))
    state = move(state, "E")
    assert state["pending"][0]["kind"] == "chest_window"
    return state


def test_illusion_removes_the_chest_just_found():
    base = set_up()
    state = chest_ahead(base, card(base, "illusion", 2))
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "illusion"})
    assert 9 not in state["chests"] and 9 not in state["chests_open"] and state["pending"] == []


def test_illusion_is_not_offered_away_from_a_chest():
    base = set_up()
    state = after_step(holding(base, card(base, "illusion", 2)))
    assert {a["use"] for a in engine.legal_actions(state, 0) if a["type"] == "play_event"} == {"move"}


def test_small_padlock_first_six_opens_and_the_opener_hands_out_one_token_each():
    base = set_up()
    state = chest_ahead(base, card(base, "small_padlock", 2))
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "small_padlock"})
    rolls = 0
    while state["pending"][0]["kind"] == "dice":
        seat = engine.to_act(state)[0]
        state = act(state, seat, {"type": "roll"})
        rolls += 1
    item = state["pending"][0]
    assert item["kind"] == "padlock_give" and rolls >= 1
    assert all(state["kinds"][t] != "curse" for t in item["slots"])
    opener = item["opener"]
    for slot, to in zip(range(3), [3, 2, 1], strict=True):
        state = act(state, opener, {"type": "give_token", "slot": slot, "to": to})
    assert state["pending"] == [] and 9 in state["chests_open"]


def test_combination_lock_needs_a_four_a_five_and_a_six_then_the_chest_is_shared():
    base = set_up()
    state = chest_ahead(base, card(base, "combination_lock", 2))
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "combination_lock"})
    seen = set()
    while state["pending"] and state["pending"][0]["kind"] == "dice":
        seat = engine.to_act(state)[0]
        state, events = engine.apply(state, seat, {"type": "roll"}, 1.0)
        seen |= {e["value"] for e in events if e["code"] == "die_rolled"}
    assert {4, 5, 6} <= seen
    assert not state["pending"] or state["pending"][0]["kind"] in ("sharing", "discard_vote")


def test_a_silent_leader_at_a_chest_passes_at_the_window_deadline():
    base = set_up(now=0.0)
    state = chest_ahead(base, card(base, "bandit"))
    at, action = engine.deadline(state)
    state, _ = engine.apply(state, None, action, at)
    assert state["pending"][0]["kind"] in ("sharing", "discard_vote") and 9 in state["chests_open"]


def test_teleportation_moves_three_squares_keeping_the_facing():
    base = set_up()
    state = after_step(holding(base, card(base, "teleportation", 2)))
    play = next(a for a in engine.legal_actions(state, 0) if a.get("use") == "teleportation")
    path = play["path"]["one_of"][0]
    facing_before = state["pos"][1]
    state = act(state, 0, {**play, "path": path})
    assert state["pos"] == [path[-1], facing_before] and len(path) == 3 and len(set(path)) == 3
    assert state["trail"][-1] == "T"


def test_a_landslide_never_cuts_the_last_route_to_the_treasure_or_an_exit():
    base = set_up()
    state = after_step(holding(base, card(base, "landslide", 2)))
    play = next(a for a in engine.legal_actions(state, 0) if a.get("use") == "landslide")
    g = geo(state)
    exits = {cell for cell, _d in g.openings}
    for cell in range(g.size):
        blocked = {cell}
        keeps_routes = (connected(g, state["pos"][0], {state["treasure_at"]}, blocked)
                        and connected(g, state["pos"][0], exits - blocked, blocked))
        allowed = cell in play["cell"]["one_of"]
        if allowed:
            assert keeps_routes
        banned = cell in state["chests"] or cell in (state["pos"][0], state["treasure_at"])
        if keeps_routes and not banned:
            assert allowed
    cell = play["cell"]["one_of"][0]
    state = act(state, 0, {**play, "cell": cell})
    assert state["landslides"] == [cell]


def test_a_landslide_on_a_cut_square_is_refused():
    base = set_up()
    state = after_step(holding(base, card(base, "landslide", 2)))
    with pytest.raises(engine.IllegalAction):
        act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "landslide",
                       "cell": state["pos"][0]})


def test_bandit_steals_one_token_from_each_of_the_first_two():
    base = set_up()
    state = after_step(holding(base, card(base, "bandit")))
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "bandit"})
    state = act(state, 0, {"type": "steal", "kind": "jewel"})
    state = act(state, 0, {"type": "steal", "kind": "jewel"})
    assert [len(h) for h in state["hands"]] == [0, 2, 2, 3]


def test_scheherazade_one_to_four_gives_her_a_jewel_five_or_six_takes_her_pile():
    base = give_tokens(set_up(), 1, ["light"])
    state = after_step(holding(base, card(base, "scheherazade")))
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "scheherazade"})
    total = sum(len(h) for h in state["hands"])
    while state["pending"]:
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        give = next((a for a in legal if a["type"] == "give"), None)
        if give:
            allowed = give["token"]["one_of"]
            assert all(state["kinds"][t] != "light" for t in allowed)  # a jewel when there is one
            state = act(state, seat, {"type": "give", "token": allowed[0]})
        else:
            state = act(state, seat, {"type": "roll"})
    assert sum(len(h) for h in state["hands"]) <= total


def test_merchant_takes_one_from_each_reveals_them_and_each_takes_one_back_in_line_order():
    base = set_up()
    state = after_step(holding(base, card(base, "merchant")))
    state = act(state, 0, {"type": "play_event", "event": state["event_hand"][0], "use": "merchant"})
    for _ in range(3):
        state = act(state, 0, {"type": "steal", "kind": "jewel"})
    assert state["pending"][0]["source"] == "merchant"
    assert engine.view(state, 2)["pending"]["table"] == ["gold1"] * 3
    for seat in (1, 2, 3):
        state = act(state, seat, {"type": "take", "slot": engine.legal_actions(state, seat)[0]["slot"]["one_of"][0]})
    assert [len(h) for h in state["hands"]] == [0, 3, 3, 3]


def test_the_leaders_event_cards_are_for_him_alone():
    state = set_up(seconds=60, now=0.0)
    at, action = engine.deadline(state)
    state, events = engine.apply(state, None, action, at)
    private = [e for e in events if e["code"] == "event_card"]
    assert private and all(e["visible_to"] == [0] for e in private)
    assert "event_cards" not in engine.view(state, 1)


def test_illusion_and_small_padlock_are_not_offered_at_the_treasure_but_the_combination_lock_is():
    base = set_up(treasure=9, chests=[18, 27, 36, 45, 50])
    state = holding(base, card(base, "illusion", 2), card(base, "small_padlock", 2), card(base, "combination_lock", 2))
    state = edit(state, pos=facing(state, 9))
    state = move(state, "E")
    uses = {a["use"] for a in engine.legal_actions(state, 0) if a["type"] == "play_event"}
    assert "combination_lock" in uses and "illusion" not in uses and "small_padlock" not in uses


def test_teleportation_landing_on_a_closed_chest_opens_it():
    base = set_up()
    state = after_step(holding(base, card(base, "teleportation", 2)))
    play = next(a for a in engine.legal_actions(state, 0) if a.get("use") == "teleportation")
    path = play["path"]["one_of"][0]
    state = edit(state, chests=[path[-1]])
    state = act(state, 0, {**play, "path": path})
    assert path[-1] in state["chests_open"]
    assert state["pending"] and state["pending"][0]["kind"] in ("sharing", "discard_vote")


def test_teleportation_is_not_offered_at_a_chest():
    base = set_up()
    state = chest_ahead(base, card(base, "teleportation", 2))
    assert "teleportation" not in {a["use"] for a in engine.legal_actions(state, 0) if a["type"] == "play_event"}


def test_a_pause_freezes_the_leaders_theft_deadline_too():
    state = edit(set_up(now=0.0), pos=[2, 1], leader_at=3)
    state = move(state, "E", now=10.0)
    deadline = state["pending"][0]["deadline"]
    state = act(state, 0, {"type": "pause"}, 15.0)
    state = act(state, 0, {"type": "resume"}, 100.0)
    assert state["pending"][0]["deadline"] == deadline + 85.0
    assert engine.deadline(state)[0] == deadline + 85.0


def test_landslides_never_cut_the_last_route_over_random_playouts():
    from gamekit import driver
    from sidibaba.engine.maze import connected as reachable

    placed = 0
    for seed in range(40):
        playout = driver.play(engine, 4, {"segment_seconds": 60}, seed, [driver.random_bot] * 4, step=3.0)
        state = engine.new_game(4, {"segment_seconds": 60}, seed, 0.0)
        for seat, action, at in playout.log:
            state, events = engine.apply(state, seat, action, at)
            if any(e["code"] == "landslide_placed" for e in events):
                placed += 1
                g = geo(state)
                blocked = set(state["landslides"])
                here = state["pos"][0]
                exits = {cell for cell, _d in g.openings} - blocked
                assert reachable(g, here, exits, blocked)
                if state["treasure_state"] != "shared":
                    assert reachable(g, here, {state["treasure_at"]}, blocked)
    assert placed >= 5


def test_the_leader_can_again_enter_the_maze_only_once_the_adventurers_have_moved_onto_a_new_square():
    """Rule: "As soon as the Adventurers have moved onto a new square ... the Leader of the Thieves can
    again enter the maze": after a meeting the same step's window offers no walk back in (no second theft)."""
    base = set_up()
    state = holding(base, card(base, "movement", 2), card(base, "movement", 3))
    state = edit(state, pos=[3, 2], leader_at=11)
    state = move(state, "E")
    assert state["pos"][0] == 11 and state["leader_at"] is None and state["pending"][0]["kind"] == "theft"
    while state["pending"]:
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)[0]
        if legal["type"] == "steal":
            state = act(state, 0, {"type": "steal", "kind": legal["kind"]["one_of"][0]})
        else:
            state = act(state, seat, {"type": "discard_lamp", "owner": legal["owner"]["one_of"][0]})
    assert state["window"] is not None and state["event_hand"]
    plays = [a for a in engine.legal_actions(state, 0) if a["type"] == "play_event"]
    assert not any(a["use"] == "move" for a in plays)
    state = act(state, 0, {"type": "pass"})
    state = move(state, "B")  # turning round is no new square
    assert state["window"] is None and not any(a.get("use") == "move" for a in engine.legal_actions(state, 0))
    state = move(state, "E")  # back onto 3: a new square, the Leader may walk in again
    moves = [a for a in engine.legal_actions(state, 0) if a.get("use") == "move"]
    assert moves and any(path[-1] == 3 for a in moves for path in a["path"]["one_of"])

"""The bots: legal play from their own view only, the Leader's setup, the Adventurers' memory, balance."""
import random

from gamekit import driver
from sidibaba import engine
from sidibaba.bots import BOT_LABELS, BOT_SHORT_LABELS, BOTS, choose_move, frame
from sidibaba.engine.maze import distances, geometry


def test_every_bot_has_a_label():
    assert set(BOTS) == set(BOT_LABELS) == set(BOT_SHORT_LABELS) == {"random", "explorer", "master", "expert"}


def test_a_new_seat_gets_the_explorer_not_random():
    assert next(iter(BOTS)) == "explorer"  # the default for a new seat: plays either role, instantly


def test_explorer_bots_finish_matches_with_legal_actions_on_every_table_size():
    for players in range(3, 8):
        playout = driver.play(engine, players, {"segment_seconds": 60}, players, [BOTS["explorer"]] * players)
        assert engine.result(playout.state) is not None


def test_the_leader_bot_hides_the_treasure_far_from_the_entrance():
    state = engine.new_game(4, {"maze": "vaults"}, 3, 0.0)
    rng = random.Random(3)
    while engine.legal_actions(state, 0):
        action = driver.bot_action(engine, state, 0, BOTS["explorer"], rng)
        state, _ = engine.apply(state, 0, action, 1.0)
    geo = geometry(state["maze"])
    entrance = geo.outside[-1 - state["entrance"]][0]
    reach = distances(geo, entrance)
    assert reach[state["treasure_at"]] >= sorted(reach.values())[len(reach) * 3 // 4]


def test_the_adventurers_memory_is_a_relative_frame_rebuilt_from_the_moves():
    cell, facing, visits, edges = frame({"moves_so_far": ["E", "E", "B", "E"]})
    assert cell == (-1, 0) and facing == 2 and visits[(-1, 0)] == 2 and len(edges) == 2
    cell, _facing, visits, _edges = frame({"moves_so_far": ["E", "E", "T", "E"]})
    assert cell == (-1, 0) and len(visits) == 2  # a teleport starts a new frame


def test_the_explorer_walks_onto_a_closed_chest_in_front():
    view = {"sight": [{"left": "open", "ahead": "open", "right": "wall"}], "front": {"chest": "closed"},
            "treasure": "closed", "moves_so_far": ["E"], "genie_answer": None, "moves_made": 1}
    assert choose_move(view, ["A", "B", "D", "E"]) == "E"


def test_the_explorer_follows_a_genies_answer():
    view = {"sight": [{"left": "open", "ahead": "open", "right": "open"}], "front": {}, "treasure": "closed",
            "moves_so_far": ["E"], "moves_made": 1, "genie_answer": {"moves": ["C", "E"], "after_moves": 1}}
    assert choose_move(view, ["A", "B", "C", "D", "E", "F"]) == "C"


def test_bot_adventurers_beat_the_bot_leader_in_30_to_70_percent_of_matches():
    escaped = sum(
        driver.play(engine, 4, {"segment_seconds": 60}, seed, [BOTS["explorer"]] * 4).state["winner"] == "adventurers"
        for seed in range(40)
    )
    assert 12 <= escaped <= 28

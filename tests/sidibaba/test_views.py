"""What each seat sees: first-person data for the Adventurers, everything but stashes for the Leader;
hidden information checked with the oracle over many random playouts and by construction."""
import json
import random

import pytest

from gamekit import driver, events as event_rules
from sidibaba import engine
from sidibaba.bots import BOTS
from sidibaba.engine.core import clone
from tests.sidibaba.helpers import edit, give_tokens, move, set_up


def test_an_adventurer_sees_walls_three_squares_deep_as_relative_data():
    state = edit(set_up(), pos=[2, 1])
    sight = engine.view(state, 1)["sight"]
    assert 1 <= len(sight) <= 4
    assert set(sight[0]) == {"left", "ahead", "right"}
    assert all(value in ("wall", "open", "daylight", "blocked") for square in sight for value in square.values())


def test_an_exit_in_front_shows_daylight():
    state = edit(set_up(), pos=[3, 0])
    view = engine.view(state, 2)
    assert view["sight"][0]["ahead"] == "daylight" and view["front"] == {"daylight": True}


def test_the_square_in_front_shows_a_closed_chest_the_leader_and_a_landslide():
    state = edit(set_up(), pos=[2, 1], chests=[3], leader_at=3)
    front = engine.view(state, 1)["front"]
    assert front["chest"] == "closed" and front["leader"] is True
    state = edit(state, chests=[], landslides=[3], leader_at=None)
    assert engine.view(state, 1)["front"] == {"landslide": True}


def test_an_adventurer_sees_own_tokens_and_only_counts_of_the_others():
    state = give_tokens(set_up(), 2, ["light"])
    view = engine.view(state, 1)
    assert [t["kind"] for t in view["tokens"]] == ["gold1"] * 3
    assert view["backs"][2] == {"jewels": 3, "genies": 1}
    assert "hands" not in view


def test_the_leader_sees_the_maze_and_position_but_not_the_stashes():
    state = set_up()
    view = engine.view(state, 0)
    assert view["maze"]["key"] == "grotto" and view["pos"] == state["pos"]
    assert "tokens" not in view and "hands" not in view
    assert engine.hidden_leaks(state, 0, view) == []


def test_a_spectator_sees_what_an_adventurer_sees_without_a_stash():
    state = set_up()
    spectator = engine.view(state, None)
    adventurer = engine.view(state, 1)
    assert spectator["sight"] == adventurer["sight"] and "tokens" not in spectator and "maze" not in spectator


def test_after_the_end_everything_is_shown():
    state = move(edit(set_up(), pos=[3, 0], treasure_state="shared"), "E")
    view = engine.view(state, 1)
    assert view["maze"] and view["hands"] and view["seed"] == 1
    assert engine.hidden_leaks(state, 1, view) == []


def test_the_oracle_flags_the_leaders_view_sent_to_an_adventurer():
    state = give_tokens(set_up(), 2, ["light"])
    leaks = engine.hidden_leaks(state, 1, engine.view(state, 0))
    assert any("maze" in leak for leak in leaks)
    assert engine.hidden_leaks(state, 1, engine.view(state, 2)["tokens"])


def test_an_adventurers_view_does_not_depend_on_hidden_things():
    """By construction: swapping the bag and the other stashes' tokens of a group changes nothing seen."""
    state = give_tokens(set_up(), 3, ["carafe", "way_exit"])
    other = clone(state)
    kinds = list(other["kinds"])
    carafe = other["hands"][3][-2]
    daggers = next(t for t in other["bag"] if kinds[t] == "daggers")
    kinds[carafe], kinds[daggers] = kinds[daggers], kinds[carafe]
    other["kinds"] = kinds
    other["bag"] = list(reversed(other["bag"]))
    assert engine.view(state, 1) == engine.view(other, 1)
    assert engine.view(state, 3) != engine.view(other, 3)


def test_no_view_and_no_event_leaks_over_random_playouts():
    checked = 0
    for seed in range(24):
        players = 3 + seed % 5
        bots = [BOTS["explorer"] if seed % 2 else driver.random_bot] * players
        state = engine.new_game(players, {"segment_seconds": 60, "maze": "leader"}, seed, 0.0)
        rng = random.Random(seed)
        now = 0.0
        while engine.result(state) is None:
            due = engine.deadline(state)
            movers = engine.to_act(state)
            if due and (due[0] <= now or not movers):
                now = max(now, due[0])
                new, events = engine.apply(state, None, due[1], now)
            else:
                seat = rng.choice(movers)
                action = driver.bot_action(engine, state, seat, bots[seat], rng)
                new, events = engine.apply(state, seat, action, now)
                now += 4.0
            finished = engine.result(new) is not None
            for viewer in list(range(players)) + [None]:
                sent = event_rules.for_seat(events, viewer, finished)
                assert engine.hidden_leaks(new, viewer, sent) == [], (seed, viewer, sent)
                view = engine.view(new, viewer)
                assert engine.hidden_leaks(new, viewer, view) == [], (seed, viewer)
                checked += 1
            state = new
    assert checked > 5000


def test_adventurer_events_never_carry_coordinates():
    state = edit(set_up(), pos=[2, 1])
    _new, events = engine.apply(state, 1, {"type": "vote_move", "move": "E"}, 1.0)
    state = move(state, "E")
    for seat in (1, 2, 3):
        _new, events = engine.apply(edit(state, pos=[2, 1], votes=[None, "E", "E", None]), 3,
                                    {"type": "vote_move", "move": "E"}, 1.0)
        public = event_rules.for_seat(events, seat, False)
        assert {"code": "moved", "move": "E", "stepped": True} in public
        assert "pos" not in json.dumps(public)


def test_the_editor_preview_sees_the_walls_of_an_empty_maze_from_any_square():
    grotto = engine.default_mazes()[0]
    assert grotto["key"] == "grotto"
    # (0,3) is "ESW" under the north opening; (1,3) "NES"; (2,3) "NE" has a wall to the south
    assert engine.sight_in(grotto, 3, 2) == [
        {"left": "open", "ahead": "open", "right": "open"},
        {"left": "open", "ahead": "open", "right": "wall"},
        {"left": "open", "ahead": "wall", "right": "wall"},
    ]
    assert engine.sight_in(grotto, 3, 0) == [{"left": "open", "ahead": "daylight", "right": "open"}]


@pytest.mark.parametrize("cell, facing", [(64, 0), (-1, 0), (0, 4), ("0", 0)])
def test_the_editor_preview_refuses_a_square_outside_the_maze(cell, facing):
    with pytest.raises(ValueError):
        engine.sight_in(engine.default_mazes()[0], cell, facing)


def test_the_adventurers_learn_of_a_landslide_only_when_it_is_in_front_of_them():
    """Rule: a landslide is seen only on the square in front; beside the group or further down a
    corridor it looks like an open passage (grotto, square 26 facing E: 34 beside, 27 ahead, 28 and 29 beyond)."""
    plain = engine.view(edit(set_up(), pos=[26, 1]), 1)["sight"]
    beside_and_beyond = engine.view(edit(set_up(), pos=[26, 1], landslides=[34, 28, 29]), 1)["sight"]
    assert beside_and_beyond == plain
    assert plain[0]["right"] == "open" and plain[0]["ahead"] == "open"
    in_front = engine.view(edit(set_up(), pos=[26, 1], landslides=[27, 34], chests=[]), 1)
    assert in_front["sight"][0]["ahead"] == "blocked" and in_front["front"] == {"landslide": True}
    assert in_front["sight"][0]["right"] == "open" and len(in_front["sight"]) == 1


def test_no_notes_the_adventurers_and_spectators_see_the_moves_of_the_current_lamp_only():
    """Decision "No notes": the trail of earlier lamps is folded into a count; the Leader keeps it all."""
    state = edit(set_up(now=0.0), pos=[2, 1])
    state = move(state, "E")
    state = move(state, "B")
    assert engine.view(state, 1)["moves_so_far"] == ["E", "B"]
    state, _ = engine.apply(state, None, engine.deadline(state)[1], state["ends_at"])  # the lamp goes out
    state = move(state, "E", now=state["ends_at"] - 1)
    for seat in (1, 2, None):
        seen = engine.view(state, seat)
        assert seen["moves_so_far"] == ["E"] and seen["moves_before_lamp"] == 2 and seen["moves_made"] == 3
        assert "trail" not in seen
    assert engine.view(state, 0)["trail"] == ["E", "B", "E"]
    assert engine.hidden_leaks(state, 1, {"trail": ["E"]})


def test_the_chest_window_names_the_square_to_the_leader_only():
    """The Leader is told which chest (or the Treasure) his answer is about; the Adventurers and spectators get
    only the window's deadline (their position is hidden from them)."""
    from tests.sidibaba.test_events import card, chest_ahead

    base = set_up()
    state = chest_ahead(base, card(base, "illusion", 2))
    deadline = state["pending"][0]["deadline"]
    leader = engine.view(state, 0)["pending"]
    assert leader == {"kind": "chest_window", "deadline": deadline, "cell": 9, "treasure": False}
    for seat in (1, 2, None):
        seen = engine.view(state, seat)
        assert seen["pending"] == {"kind": "chest_window", "deadline": deadline}
        assert engine.hidden_leaks(state, seat, seen) == []

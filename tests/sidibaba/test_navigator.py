"""The navigator: an Adventurer's reckoning of where the group stands in the default mazes, and its moves."""
import copy
import itertools
import random

import pytest

from gamekit import driver
from sidibaba import bots, engine, navigator
from sidibaba.engine.core import LEADER
from sidibaba.engine.data_files import default_mazes
from sidibaba.engine.maze import geometry, route
from sidibaba.engine.sampling import places

from .helpers import move, set_up


@pytest.mark.parametrize("maze", default_mazes(), ids=lambda m: m["key"])
def test_the_tables_count_the_moves_of_the_engines_shortest_routes(maze):
    table = navigator.table(maze)
    g = geometry(maze)
    rng = random.Random(maze["key"])
    for _ in range(40):
        cell, facing, goal = rng.randrange(g.size), rng.randrange(4), rng.randrange(g.size)
        way = route(g, cell, facing, lambda c, goal=goal: c == goal)
        assert table.to_cell[goal][4 * cell + facing] == len(way)
        assert table.to_exit[4 * cell + facing] == len(route(g, cell, facing, None, exits=True))


@pytest.mark.parametrize("maze", default_mazes(), ids=lambda m: m["key"])
def test_the_treasure_is_guessed_far_from_the_openings(maze):
    table = navigator.table(maze)
    best = max(range(len(table.hiding)), key=table.hiding.__getitem__)
    assert table.from_openings[best] == max(table.from_openings)
    by_distance = sorted(zip(table.from_openings, table.hiding, strict=True))
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(by_distance))  # the farther, the likelier


def _adventurer_views(players, seed, bot):
    """Every view a lead Adventurer voted from in one engine match, with the state behind it."""
    rng = random.Random(seed)
    now = 0.0
    state = engine.new_game(players, {"segment_seconds": 60}, seed, now)
    seats = [bots.explorer] + [bot] * (players - 1)
    for step in range(5000):
        if engine.result(state) is not None:
            return
        movers = engine.to_act(state)
        if not movers:
            now = engine.deadline(state)[0]
            state = driver.apply_due_deadlines(engine, state, now, driver.Playout(state))
            continue
        seat = rng.choice(movers)
        view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
        if seat != LEADER and view.get("sight") is not None and any(a["type"] == "vote_move" for a in legal):
            yield state, view, legal
        state, _ = engine.apply(state, seat, driver.bot_action(engine, state, seat, seats[seat],
                                                                random.Random(step)), now)
        now += 1.0


def test_the_place_the_group_stands_on_is_always_among_those_that_fit():
    checked = 0
    for state, view, _legal in _adventurer_views(4, 11, bots.navigator_bot):
        found = {(maze["key"], cell, facing) for maze, cell, facing, _crossed in places(view)}
        assert (state["maze"]["key"], state["pos"][0], state["pos"][1]) in found
        checked += 1
    assert checked > 50


def _two_steps_in(maze="vaults", entrance=1):
    """The group stepped in and one square on (the first step the walls allow)."""
    state = move(set_up(players=4, maze=maze, entrance=entrance, seed=8), "E")
    for turn in ("", "A", "B"):
        turned = move(state, turn) if turn else state
        moves = [a for a in engine.legal_actions(turned, 1) if a["type"] == "vote_move"][0]["move"]["one_of"]
        step = next((m for m in "EDF" if m in moves), None)
        if step:
            return move(turned, step)
    raise AssertionError("no way on from the entrance")


def test_on_the_first_lamp_the_walk_is_traced_back_out_of_an_opening():
    state = _two_steps_in()
    options = places(engine.view(state, 1))
    assert options and all(crossed[-1] < 0 for _maze, _cell, _facing, crossed in options)
    assert ("vaults", state["pos"][0], state["pos"][1]) in {(m["key"], c, f) for m, c, f, _ in options}


def test_once_the_treasure_is_shared_the_group_takes_a_shortest_way_out_wherever_it_knows_where_it_stands():
    state = dict(_two_steps_in(), chests=[])  # no chest to stop at on the way
    for _ in range(10):  # deeper in, on the way to where the Treasure is guessed
        moves = [a for a in engine.legal_actions(state, 1) if a["type"] == "vote_move"][0]["move"]["one_of"]
        state = move(state, navigator.choose(engine.view(state, 1), moves))
    state = dict(state, treasure_state="shared", leader_at=None)
    table = navigator.table(state["maze"])
    known = 0
    for _ in range(60):
        if state["phase"] == "over":
            break
        view = engine.view(state, 1)
        moves = [a for a in engine.legal_actions(state, 1) if a["type"] == "vote_move"][0]["move"]["one_of"]
        chosen = navigator.choose(view, moves)
        if len(places(view)) == 1:
            known += 1
            here = 4 * state["pos"][0] + state["pos"][1]
            after = navigator._after(table.geometry, state["pos"][0], state["pos"][1], chosen)
            assert (0 if after == "out" else table.to_exit[after]) == table.to_exit[here] - 1
        state = move(state, chosen)
    assert state["winner"] == "adventurers" and known


def test_a_square_and_facing_held_this_lamp_costs_more_to_go_back_to():
    state = move(set_up(players=4, seed=8), "E")
    plain = dict(engine.view(state, 1), moves_before_lamp=3, moves_so_far=[])
    turned = dict(plain, moves_so_far=["A"])  # a turn does not change where the group may stand
    assert places(plain) == places(turned)
    moves = ["A", "B", "C"]
    before, after = navigator.move_costs(plain, moves), navigator.move_costs(turned, moves)
    assert after["C"] == pytest.approx(before["C"] + navigator.REPEAT)  # back to the facing held before the turn
    assert after["A"] == pytest.approx(before["A"]) and after["B"] == pytest.approx(before["B"])


def test_the_leaders_token_in_front_is_met_only_while_the_group_holds_an_unlit_lamp():
    state = move(set_up(players=4, seed=8), "E")
    view = dict(engine.view(state, 1), front={"leader": True})
    moves = ["A", "B", "C", "E"]
    assert navigator.move_costs(view, moves)["E"] < navigator.FAR
    dark = dict(view, lamps=[0] * 4)
    assert navigator.move_costs(dark, moves)["E"] >= navigator.FAR
    assert navigator.choose(dark, moves) != "E"


def test_a_sight_no_default_maze_shows_falls_back_to_the_explorers_walk():
    state = move(set_up(players=4, seed=8), "E")
    view = dict(engine.view(state, 1), sight=[{"left": "daylight", "ahead": "daylight", "right": "daylight"}],
                front={"daylight": True})
    assert places(view) == [] and navigator.choose(view, ["A", "B", "C"]) is None
    assert bots.navigated_move(view, ["A", "B", "C"]) == bots.choose_move(view, ["A", "B", "C"])


def test_the_navigators_vote_is_the_same_for_the_same_view_whatever_the_random_draws():
    seen = 0
    for _state, view, legal in _adventurer_views(4, 5, bots.navigator_bot):
        vote = bots.navigator_bot(view, legal, random.Random(1))
        assert bots.navigator_bot(copy.deepcopy(view), legal, random.Random(2)) == vote
        seen += 1
    assert seen > 30


@pytest.mark.slow  # over 5 s (make check leaves it to make test)
def test_navigator_adventurers_escape_the_explorer_leader_more_often_than_explorer_adventurers():
    def escapes(bot):
        return sum(driver.play(engine, 4, {"segment_seconds": 60}, seed, [bots.explorer] + [bot] * 3)
                   .state["winner"] == "adventurers" for seed in range(100000, 100020))
    navigated, explored = escapes(bots.navigator_bot), escapes(bots.explorer)
    assert navigated >= 12 and navigated >= explored + 4, (navigated, explored)

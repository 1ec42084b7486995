"""Maze geometry: validation, the default mazes, moves A-F, shortest routes against a brute force."""
import copy
import functools
import itertools
import operator
import random
from collections import deque

import pytest

from sidibaba.engine import default_mazes, validate_maze
from sidibaba.engine.maze import DC, DIRS, DR, MOVES, after_move, connected, dead_ends, geometry, loops, route


def test_default_mazes_are_valid_8x8_with_dead_ends_and_two_loops():
    mazes = default_mazes()
    assert len(mazes) == 4
    for maze in mazes:
        assert validate_maze(maze) == []
        assert (maze["rows"], maze["cols"]) == (8, 8)
        geo = geometry(maze)
        assert loops(geo) >= 2
        assert dead_ends(geo) >= 1
        assert 2 <= len(maze["openings"]) <= 4


def _maze():
    return copy.deepcopy(default_mazes()[0])


def test_maze_validation_refuses_a_size_outside_5_to_12():
    maze = _maze()
    maze["rows"] = 4
    assert validate_maze(maze)
    maze["rows"] = 13
    assert validate_maze(maze)


def test_maze_validation_refuses_one_or_five_openings():
    maze = _maze()
    maze["openings"] = maze["openings"][:1]
    assert "openings" in validate_maze(maze)[0]
    maze["openings"] = [[0, 0, "N"], [0, 1, "N"], [0, 2, "N"], [0, 4, "N"], [0, 5, "N"]]
    assert validate_maze(maze)


def test_maze_validation_refuses_an_opening_inside_the_maze():
    maze = _maze()
    maze["openings"][0] = [3, 3, "N"]
    assert "outer wall" in validate_maze(maze)[0]


def test_maze_validation_refuses_an_unreachable_square():
    maze = _maze()
    cells = [row.split(" ") for row in maze["cells"]]
    # wall in square 4,4 completely
    for d, (r, c, back) in {"N": (3, 4, "S"), "S": (5, 4, "N"), "E": (4, 5, "W"), "W": (4, 3, "E")}.items():
        cells[4][4] = cells[4][4].replace(d, "") or "."
        cells[r][c] = cells[r][c].replace(back, "") or "."
    maze["cells"] = [" ".join(row) for row in cells]
    assert any("cannot be reached" in e for e in validate_maze(maze))


def test_maze_validation_refuses_a_one_sided_wall():
    maze = _maze()
    cells = [row.split(" ") for row in maze["cells"]]
    first = cells[0][1]
    side = first[0]
    cells[0][1] = first.replace(side, "") or "."
    maze["cells"] = [" ".join(row) for row in cells]
    assert any("one side" in e for e in validate_maze(maze))


def test_maze_validation_refuses_garbage():
    assert validate_maze({})
    assert validate_maze({"rows": "8", "cols": 8, "cells": [], "openings": []})
    maze = _maze()
    maze["cells"][0] = "X " * 7 + "X"
    assert validate_maze(maze)


def test_moves_a_to_f_turn_and_step():
    geo = geometry(default_mazes()[0])
    # square 0,2 opens E and W (the grotto's first row): facing E
    cell = 2
    assert after_move(geo, cell, 1, "A") == (cell, 0)
    assert after_move(geo, cell, 1, "B") == (cell, 3)
    assert after_move(geo, cell, 1, "C") == (cell, 2)
    assert after_move(geo, cell, 1, "E") == (3, 1)
    assert after_move(geo, cell, 1, "D") == (3, 0)
    assert after_move(geo, cell, 1, "F") == (3, 2)
    assert after_move(geo, cell, 0, "E") is None  # wall to the north of 0,2
    assert after_move(geo, cell, 1, "E", blocked={3}) is None


def _brute_distance(geo, cell, facing, goal, blocked, exits):
    """Plain BFS over (cell, facing) counting every move; exits counted as goals reached by the step out."""
    seen = {(cell, facing): 0}
    queue = deque([(cell, facing)])
    if not exits and cell >= 0 and goal(cell):
        return 0
    while queue:
        pos = queue.popleft()
        for move in MOVES:
            nxt = after_move(geo, pos[0], pos[1], move, blocked)
            if nxt is None:
                continue
            if isinstance(nxt[0], str):
                if exits and pos[0] >= 0:
                    return seen[pos] + 1
                continue
            if nxt not in seen:
                seen[nxt] = seen[pos] + 1
                if not exits and goal(nxt[0]):
                    return seen[nxt]
                queue.append(nxt)
    return None


def _walk(geo, cell, facing, moves, blocked):
    for move in moves:
        nxt = after_move(geo, cell, facing, move, blocked)
        assert nxt is not None
        if isinstance(nxt[0], str):
            return "exit"
        cell, facing = nxt
    return cell, facing


def random_maze(rng):
    """A random valid maze: a depth-first tree plus a few extra passages, 2-4 openings."""
    rows, cols = rng.randint(5, 12), rng.randint(5, 12)
    opened = set()
    seen, stack = {(0, 0)}, [(0, 0)]
    while stack:
        r, c = stack[-1]
        free = [(k, r + DR[k], c + DC[k]) for k in range(4)
                if 0 <= r + DR[k] < rows and 0 <= c + DC[k] < cols and (r + DR[k], c + DC[k]) not in seen]
        if not free:
            stack.pop()
            continue
        k, nr, nc = rng.choice(free)
        opened |= {(r, c, k), (nr, nc, (k + 2) % 4)}
        seen.add((nr, nc))
        stack.append((nr, nc))
    for _ in range(rng.randint(0, 8)):
        r, c, k = rng.randrange(rows), rng.randrange(cols), rng.randrange(4)
        if 0 <= r + DR[k] < rows and 0 <= c + DC[k] < cols:
            opened |= {(r, c, k), (r + DR[k], c + DC[k], (k + 2) % 4)}
    cells = [" ".join("".join(d for k, d in enumerate(DIRS) if (r, c, k) in opened) or "." for c in range(cols))
             for r in range(rows)]
    borders = [[0, c, "N"] for c in range(cols)] + [[rows - 1, c, "S"] for c in range(cols)]
    borders += [[r, 0, "W"] for r in range(rows)] + [[r, cols - 1, "E"] for r in range(rows)]
    maze = {"key": "random", "name": "Random", "rows": rows, "cols": cols, "cells": cells,
            "openings": rng.sample(borders, rng.randint(2, 4))}
    assert validate_maze(maze) == []
    return maze


def test_shortest_routes_match_a_brute_force_search_on_random_mazes():
    rng = random.Random(5)
    for maze in default_mazes() + [random_maze(rng) for _ in range(12)]:
        geo = geometry(maze)
        for _ in range(30):
            cell, facing = rng.randrange(geo.size), rng.randrange(4)
            goal_cell = rng.randrange(geo.size)
            blocked = {rng.randrange(geo.size)} - {cell, goal_cell}
            for exits in (False, True):
                goal = functools.partial(operator.eq, goal_cell)
                found = route(geo, cell, facing, goal, blocked, exits=exits)
                best = _brute_distance(geo, cell, facing, goal, blocked, exits)
                if best is None:
                    assert found is None
                    continue
                assert len(found) == best
                end = _walk(geo, cell, facing, found, blocked)
                assert end == "exit" if exits else end[0] == goal_cell


def test_connected_respects_landslides():
    geo = geometry(default_mazes()[0])
    assert connected(geo, 0, {63})
    cut = set(itertools.chain.from_iterable([geo.neighbours(63)]))
    assert not connected(geo, 0, {63}, blocked=cut)


@pytest.mark.parametrize("size", [5, 12])
def test_maze_sizes_5_and_12_are_accepted(size):
    cells = [" ".join(("E" if c < size - 1 else "") + ("W" if c > 0 else "") + ("S" if r < size - 1 else "")
                      + ("N" if r > 0 else "") or "." for c in range(size)) for r in range(size)]
    maze = {"key": "open", "name": "Open", "rows": size, "cols": size, "cells": cells,
            "openings": [[0, 0, "N"], [size - 1, size - 1, "S"]]}
    assert validate_maze(maze) == []

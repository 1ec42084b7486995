"""Maze geometry: cells, walls, openings, the moves A-F and shortest routes.

A maze is plain JSON::

    {"key": "m1", "name": "...", "rows": 8, "cols": 8,
     "cells": ["NE E W ...", ...],          # per row, per cell: its open inner sides
     "openings": [[0, 3, "N"], ...]}        # gaps in the outer wall

A cell is the index ``r * cols + c``. A position is ``(cell, facing)`` with
facing 0..3 = N, E, S, W; the square just outside opening k is the cell
``-1 - k`` (the Adventurers start there, facing in).
"""
from collections import deque

DIRS = "NESW"
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)
WALL = None
MOVES = ("A", "B", "C", "D", "E", "F")
# move -> (steps forward first, quarter turns to the right afterwards)
MOVE_PARTS = {"A": (False, 3), "B": (False, 2), "C": (False, 1), "D": (True, 3), "E": (True, 0), "F": (True, 1)}
MIN_SIZE, MAX_SIZE = 5, 12
MIN_OPENINGS, MAX_OPENINGS = 2, 4

_CACHE = {}


class Geometry:
    """Neighbour tables of one maze: ``step[cell][d]`` is a cell, ``("exit", k)`` or None (wall)."""

    def __init__(self, maze):
        self.maze = maze  # kept so the id used as cache key stays alive
        self.rows, self.cols = maze["rows"], maze["cols"]
        self.size = self.rows * self.cols
        self.openings = [(r * self.cols + c, DIRS.index(d)) for r, c, d in maze["openings"]]
        step = [[None] * 4 for _ in range(self.size)]
        for r, line in enumerate(maze["cells"]):
            for c, sides in enumerate(line.split(" ")):
                cell = r * self.cols + c
                for d in sides.strip("."):
                    k = DIRS.index(d)
                    step[cell][k] = (r + DR[k]) * self.cols + c + DC[k]
        for k, (cell, d) in enumerate(self.openings):
            step[cell][d] = ("exit", k)
        self.step = step
        self.adjacent = [tuple(t for t in sides if isinstance(t, int)) for sides in step]
        self.outside = {}  # -1-k -> (the cell in front, facing in)
        for k, (cell, d) in enumerate(self.openings):
            self.outside[-1 - k] = (cell, (d + 2) % 4)

    def target(self, cell, facing):
        """Where a step from (cell, facing) leads: a cell, ("exit", k) or None."""
        if cell < 0:
            inside, into = self.outside[cell]
            return inside if facing == into else None
        return self.step[cell][facing]

    def neighbours(self, cell):
        return self.adjacent[cell]

    def rc(self, cell):
        return divmod(cell, self.cols)


def geometry(maze) -> Geometry:
    geo = _CACHE.get(id(maze))
    if geo is None or geo.maze is not maze:
        if len(_CACHE) > 256:
            _CACHE.clear()
        geo = _CACHE[id(maze)] = Geometry(maze)
    return geo


def after_move(geo, cell, facing, move, blocked=()):
    """The position after ``move``: (cell, facing), ("exit", k), or None when a wall or landslide stops it."""
    forward, turn = MOVE_PARTS[move]
    if forward:
        nxt = geo.target(cell, facing)
        if nxt is None or nxt in blocked:
            return None
        if isinstance(nxt, tuple):
            return nxt
        cell = nxt
    return cell, (facing + turn) % 4


def route(geo, cell, facing, is_goal, blocked=(), exits=False):
    """The moves of one shortest route (counting moves) to a goal cell, or to an exit when ``exits``.

    Ties are broken in the order A-F, so the answer is the same every time.
    """
    if cell >= 0 and not exits and is_goal(cell):
        return []
    start = (cell, facing)
    back = {start: None}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        for move in MOVES:
            nxt = after_move(geo, pos[0], pos[1], move, blocked)
            if nxt is None:
                continue
            if isinstance(nxt[0], str):
                if exits and pos[0] >= 0:
                    return _unwind(back, pos) + [move]
                continue
            if nxt in back:
                continue
            back[nxt] = (pos, move)
            if not exits and is_goal(nxt[0]):
                return _unwind(back, nxt)
            queue.append(nxt)
    return None


def _unwind(back, pos):
    moves = []
    while back[pos] is not None:
        pos, move = back[pos]
        moves.append(move)
    return moves[::-1]


def connected(geo, start, goals, blocked=()):
    """Whether a cell of ``goals`` is reachable from ``start`` through open edges, avoiding ``blocked``."""
    if start in goals:
        return True
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in geo.neighbours(cell):
            if nxt in seen or nxt in blocked:
                continue
            if nxt in goals:
                return True
            seen.add(nxt)
            queue.append(nxt)
    return False


def path_cells(geo, start, goals, blocked=()):
    """The cells of one shortest walk from ``start`` to a cell of ``goals`` (start excluded), or None."""
    back = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell in goals:
            cells = set()
            while back[cell] is not None:
                cells.add(cell)
                cell = back[cell]
            return cells
        for nxt in geo.neighbours(cell):
            if nxt not in back and nxt not in blocked:
                back[nxt] = cell
                queue.append(nxt)
    return None


def distances(geo, start):
    """Steps from ``start`` to every reachable cell (ignoring facing)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in geo.neighbours(cell):
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def walks(geo, start, length, avoid=(), distinct=False):
    """Every walk of exactly ``length`` steps from ``start`` through open edges (lists of cells).

    ``start`` None means outside: the first step enters through an opening.
    """
    if start is None:
        firsts = sorted({cell for cell, _d in geo.openings})
        paths = [[c] for c in firsts if c not in avoid]
        length -= 1
    else:
        paths = [[]]
    for _ in range(length):
        grown = []
        for path in paths:
            here = path[-1] if path else start
            for nxt in geo.neighbours(here):
                if nxt in avoid or (distinct and (nxt == start or nxt in path)):
                    continue
                grown.append(path + [nxt])
        paths = grown
    return paths


def validate(maze) -> list[str]:
    """Why this maze cannot be played ([] when fine)."""
    try:
        rows, cols, lines, openings = maze["rows"], maze["cols"], maze["cells"], maze["openings"]
    except (KeyError, TypeError):
        return ["A maze needs rows, cols, cells and openings."]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (rows, cols)):
        return ["Rows and columns must be whole numbers."]
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        return [f"A maze is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE} squares."]
    if not isinstance(lines, list) or len(lines) != rows:
        return [f"The maze needs {rows} rows of cells."]
    errors = []
    open_sides = _open_sides(lines, rows, cols, errors)
    if errors:
        return errors
    for (r, c, k), (nr, nc) in open_sides.items():
        if (nr, nc, (k + 2) % 4) not in open_sides and 0 <= nr < rows and 0 <= nc < cols:
            errors.append(f"The wall between {r},{c} and {nr},{nc} is open on one side only.")
    if not isinstance(openings, list) or not MIN_OPENINGS <= len(openings) <= MAX_OPENINGS:
        return errors + [f"A maze has {MIN_OPENINGS} to {MAX_OPENINGS} openings."]
    errors += _opening_errors(openings, rows, cols)
    if errors:
        return errors
    geo = Geometry(maze)
    reach = distances(geo, geo.openings[0][0])
    if len(reach) != rows * cols:
        errors.append(f"{rows * cols - len(reach)} squares cannot be reached from the entrances.")
    return errors


def _open_sides(lines, rows, cols, errors):
    """(row, col, direction) -> the square that side opens onto, from the rows of cells; what is wrong goes to ``errors``."""
    open_sides = {}
    for r, line in enumerate(lines):
        parts = line.split(" ") if isinstance(line, str) else []
        if len(parts) != cols:
            errors.append(f"Row {r} needs {cols} cells.")
            continue
        for c, sides in enumerate(parts):
            letters = sides.strip(".")
            if any(ch not in DIRS for ch in letters) or len(set(letters)) != len(letters):
                errors.append(f"Cell {r},{c}: sides are written with N, E, S, W.")
                continue
            for d in letters:
                k = DIRS.index(d)
                nr, nc = r + DR[k], c + DC[k]
                if not (0 <= nr < rows and 0 <= nc < cols):
                    errors.append(f"Cell {r},{c} opens {d} through the outer wall: list it under openings.")
                open_sides[(r, c, k)] = (nr, nc)
    return open_sides


def _opening_errors(openings, rows, cols):
    """What is wrong with the list of openings ([row, column, side] each, in the outer wall, once)."""
    errors = []
    seen = set()
    for item in openings:
        if not (isinstance(item, list) and len(item) == 3 and item[2] in list(DIRS)):
            errors.append("An opening is [row, column, side].")
            continue
        r, c, d = item
        k = DIRS.index(d)
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < rows and 0 <= c < cols):
            errors.append(f"Opening {r},{c} lies outside the maze.")
        elif 0 <= r + DR[k] < rows and 0 <= c + DC[k] < cols:
            errors.append(f"Opening {r},{c},{d} is not in the outer wall.")
        elif (r, c, d) in seen:
            errors.append(f"Opening {r},{c},{d} is listed twice.")
        seen.add((r, c, d))
    return errors


def loops(geo) -> int:
    """How many independent loops the maze has (edges - cells + 1 for a connected maze)."""
    edges = sum(len(geo.neighbours(cell)) for cell in range(geo.size)) // 2
    return edges - geo.size + 1


def dead_ends(geo) -> int:
    return sum(1 for cell in range(geo.size) if len([t for t in geo.step[cell] if t is not None]) == 1)

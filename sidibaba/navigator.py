"""An Adventurer's reckoning: where the group may stand in the default mazes, and which move brings it on.

The Explorer remembers this lamp's walk in a frame of its own and walks to the squares it has visited
least. A player who knows the game does better with the same view:
- the default mazes are public (the four sides of the two boards), so the sight (walls left, right and
  ahead, four squares deep) and this lamp's moves tell which maze the group is in and where:
  ``sampling.places`` lists every maze, square and facing whose sight is the view's and from which this
  lamp's moves walk back through open passages (on the first lamp, back out of an opening);
- a Leader hides the Treasure far from the openings (the rules' own advice to the Leader, and what the
  Explorer and the search Leader do), never on a square the group has stood on;
- once the Treasure is shared, every maze that fits has a nearest way out.

A move is weighed by the moves left to go after it, averaged over the places that fit (the likelier the
farther from the openings: ``_place_weights``), and before the Treasure is shared over where the Treasure
may be: each square this lamp's walk did not cross (nor the square in front, when the Treasure is not
announced there), weighed ``exp(-HIDING * (farthest - its distance from the nearest opening))``. Pure,
from the view alone: the same view gives the same move, and no move remembers more than this lamp's walk
(no notes).

A landslide or the Leader's token is seen only while it is in front, so a group that turned away from one
would turn back to it: a move that leads to a square and facing this lamp's walk already held costs
``REPEAT`` moves more for each time it was held (the lamp's own frame, rebuilt from its moves, as the
Explorer's memory).
"""
import math
from collections import deque

from sidibaba.engine.data_files import default_mazes
from sidibaba.engine.maze import DC, DR, MOVE_PARTS, MOVES, after_move, distances, geometry
from sidibaba.engine.sampling import places

HIDING = 2.0  # how sharply the Treasure's guess favours the squares far from the openings (per square)
FAR = 10 ** 3  # moves to a goal that cannot be reached
MEETING = 0.1  # a meeting weighed at this share of a lamp's moves (meeting_cost)
PLACE_PRIOR = 0.3  # how much likelier a place is for each square it lies farther from the openings (a factor e^0.3)
REPEAT = 4.0  # moves added to a move for each time this lamp's walk held the square and facing it leads to


class MazeTable:
    """One maze's distances in moves (turns counted): from every square and facing to stand on each square,
    and to step out through an opening; and each square's walking distance from the nearest opening."""

    def __init__(self, maze):
        g = self.geometry = geometry(maze)
        size = g.size
        back = [[] for _ in range(4 * size)]
        exits = []
        for cell in range(size):
            for facing in range(4):
                here = 4 * cell + facing
                for move in MOVES:
                    nxt = after_move(g, cell, facing, move)
                    if nxt is None:
                        continue
                    if isinstance(nxt[0], str):
                        exits.append(here)
                    else:
                        back[4 * nxt[0] + nxt[1]].append(here)
        self.to_exit = _backwards(back, set(exits), 1)
        self.to_cell = [_backwards(back, {4 * t + f for f in range(4)}, 0) for t in range(size)]
        near = {}
        for cell, _d in g.openings:
            for c, d in distances(g, cell).items():
                near[c] = min(d, near.get(c, FAR))
        self.from_openings = [near.get(c, 0) for c in range(size)]
        self.farthest = max(self.from_openings)
        self._hiding = {}

    @property
    def hiding(self):
        """Each square's weight as the Treasure's hiding place."""
        found = self._hiding.get(HIDING)
        if found is None:
            found = self._hiding[HIDING] = [math.exp(-HIDING * (self.farthest - d)) for d in self.from_openings]
        return found


def _backwards(back, goals, start):
    dist = [FAR] * len(back)
    queue = deque()
    for s in goals:
        dist[s] = start
        queue.append(s)
    while queue:
        s = queue.popleft()
        for p in back[s]:
            if dist[p] == FAR:
                dist[p] = dist[s] + 1
                queue.append(p)
    return dist


_TABLES = {}


def table(maze):
    """The maze's ``MazeTable``, built once a process."""
    found = _TABLES.get(maze["key"])
    if found is None or found[0] is not maze:
        found = _TABLES[maze["key"]] = (maze, MazeTable(maze))
    return found[1]


def _held(trail):
    """How often the group held each square and facing during this lamp's walk (since a teleport), in a
    frame of the lamp's own: (0, 0) facing 0 where it began; and where it stands now."""
    cell, facing = (0, 0), 0
    held = {(cell, facing): 1}
    for move in trail:
        cell, facing = _relative(cell, facing, move)
        held[(cell, facing)] = held.get((cell, facing), 0) + 1
    return held, (cell, facing)


def _relative(cell, facing, move):
    forward, turn = MOVE_PARTS[move]
    if forward:
        cell = (cell[0] + DR[facing], cell[1] + DC[facing])
    return cell, (facing + turn) % 4


def _after(g, cell, facing, move):
    """The state index after ``move`` (``"out"`` for a step out), None if a wall is in the way (or the move is
    a turn outside, which the rules refuse)."""
    nxt = after_move(g, cell, facing, move)
    if nxt is None or (isinstance(nxt[0], int) and nxt[0] < 0):
        return None
    if isinstance(nxt[0], str):
        return "out"
    return 4 * nxt[0] + nxt[1]


def move_costs(view, moves):
    """Each move's expected moves left to the goal (the Treasure, or out once it is shared), or None when no
    maze of the default set fits what the group sees (a maze edited in the admin)."""
    options = places(view)
    if not options:
        return None
    shared = view.get("treasure") == "shared"
    front = view.get("front") or {}
    trail = view.get("moves_so_far") or []
    if "T" in trail:
        trail = trail[len(trail) - trail[::-1].index("T"):]
    held, now = _held(trail)
    costs = {m: 0.0 for m in moves}
    weights = _place_weights(options)
    for (maze, cell, facing, crossed), weight in zip(options, weights, strict=True):
        tab = table(maze)
        g = tab.geometry
        if not shared:
            excluded = {c for c in crossed if c >= 0}
            ahead = g.target(cell, facing)
            if isinstance(ahead, int) and not front.get("treasure"):
                excluded.add(ahead)
            guess = [(t, w) for t, w in enumerate(tab.hiding) if t not in excluded]
            if isinstance(ahead, int) and front.get("treasure"):
                guess = [(ahead, 1.0)]
            total = sum(w for _t, w in guess) or 1.0
        for move in moves:
            nxt = _after(g, cell, facing, move)
            if nxt is None:
                cost = FAR
            elif nxt == "out":
                cost = 0 if shared else FAR
            elif shared:
                cost = tab.to_exit[nxt]
            else:
                cost = sum(w * tab.to_cell[t][nxt] for t, w in guess) / total
            costs[move] += weight * (cost + 1)
    for move in moves:
        # a square and facing already held this lamp: the way on was blocked (a landslide is seen only in
        # front), or the places that fit keep the group going round in a loop
        costs[move] += REPEAT * held.get(_relative(*now, move), 0)
    if front.get("leader"):
        for move in ("D", "E", "F"):
            if move in costs:
                costs[move] += meeting_cost(view)
    return costs


def _place_weights(options):
    """How likely each place is: the farther from the openings the likelier (``PLACE_PRIOR``), since the group
    walks to where the Treasure is hidden and then stands on it. It matters when a new lamp is lit: the
    reckoning starts again from the sight alone (no notes), and a few dozen places fit."""
    if not PLACE_PRIOR:
        return [1.0 / len(options)] * len(options)
    raw = [math.exp(PLACE_PRIOR * (table(maze).from_openings[cell] if cell >= 0 else 0))
           for maze, cell, _facing, _crossed in options]
    total = sum(raw)
    return [w / total for w in raw]


def meeting_cost(view):
    """A meeting with the Leader's token costs the group an unlit lamp (the match, when none is left) and some
    tokens. Weighed at a tenth of a lamp's moves (one move per vote of every Adventurer): the Leader's token is
    seen only while it stands in front, so a group that turns away from it turns back to it, and a detour
    that does not know where the token stands costs more than the lamp (measured: docs/bots.md)."""
    if not sum(view["lamps"]):
        return FAR
    return MEETING * view["segment_seconds"] / max(1.0, view["players"] - 0.5)


def choose(view, moves):
    """The move the navigator votes for, or None (then the caller's own walk)."""
    costs = move_costs(view, moves)
    if not costs:
        return None
    return min(moves, key=lambda m: (costs[m], MOVES.index(m)))


def warm():
    """Build the default mazes' tables (a few hundred milliseconds, once a process)."""
    for maze in default_mazes():
        table(maze)

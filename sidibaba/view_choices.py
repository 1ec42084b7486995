"""What Sidi Baba's bots read off the legal actions and the maze, shared by the bots (bots.py) and the
Leader's rehearsal of its setup (rehearsal.py), which bots.py itself uses."""
from gamekit import domains
from sidibaba.engine.maze import distances, geometry


def find(legal, kind, **fixed):
    """The first legal action of type ``kind`` whose fields match ``fixed``, else None."""
    for action in legal:
        if action["type"] == kind and all(action.get(k) == v for k, v in fixed.items()):
            return action
    return None


def choices(action, key):
    """The values a legal action's field offers (a domain's ``one_of``, else its one value)."""
    value = action[key]
    return value["one_of"] if domains.is_domain(value) and "one_of" in value else [value]


def distances_from(maze, starts, blocked=()):
    """Each square's walking distance from the nearest of ``starts``, leaving out ``blocked`` squares."""
    geo = geometry(maze)
    best = {}
    for start in starts:
        for cell, d in distances(geo, start).items():
            if cell not in blocked and d < best.get(cell, 10 ** 6):
                best[cell] = d
    return best

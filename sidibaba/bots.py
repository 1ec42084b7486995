"""Bots for Sidi Baba (pure: they see only their seat's view and legal actions).

"explorer" plays either side: as the Leader it hides the Treasure far away and spends its Events to
steal and cost time; as an Adventurer it remembers where the group has been during this lamp (a relative frame
rebuilt from the moves the view shows: no notes), walks to the least visited square, takes the best tokens and uses genies early.
"""
from collections import deque

from gamekit import domains
from gamekit.driver import random_bot

TURN_MOVE = {"ahead": "E", "left": "A", "right": "C", "back": "B"}
DR, DC = (-1, 0, 1, 0), (0, 1, 0, -1)
VALUES = {"gold1": 1, "gold2": 2, "carafe": 3, "daggers": 4, "emerald": 2, "stones": 2.5, "necklace": 3,
          "genie": 1.5, "curse": 0}
PAIRS = {"emerald": 6, "stones": 8, "necklace": 10}


def _find(legal, kind, **fixed):
    for action in legal:
        if action["type"] == kind and all(action.get(k) == v for k, v in fixed.items()):
            return action
    return None


def _choices(action, key):
    value = action[key]
    return value["one_of"] if domains.is_domain(value) and "one_of" in value else [value]


# --- the Adventurers' memory -------------------------------------------------------------------

def frame(view):
    """Replay the moves of this lamp since the last teleport in a relative frame: (cell, facing, visits, edges).

    No notes: the view holds only the current lamp's moves, so the frame starts where this lamp was lit.
    """
    trail = view.get("moves_so_far") or []
    if "T" in trail:
        trail = trail[len(trail) - trail[::-1].index("T"):]
    cell, facing = (0, 0), 0
    visits, edges = {cell: 1}, set()
    for move in trail:
        if move in "DEF":
            nxt = (cell[0] + DR[facing], cell[1] + DC[facing])
            edges.add(frozenset((cell, nxt)))
            cell = nxt
            visits[cell] = visits.get(cell, 0) + 1
        facing = (facing + {"A": 3, "B": 2, "C": 1, "D": 3, "E": 0, "F": 1}[move]) % 4
    return cell, facing, visits, edges


def _ahead_of(cell, facing, turn):
    d = (facing + {"ahead": 0, "right": 1, "back": 2, "left": 3}[turn]) % 4
    return (cell[0] + DR[d], cell[1] + DC[d]), d


def _turn_towards(facing, d):
    return {0: "E", 1: "C", 2: "B", 3: "A"}[(d - facing) % 4]


def route_home(view):
    """The first move back to the square where the group entered (through squares walked before)."""
    cell, facing, _visits, edges = frame(view)
    if "T" in (view.get("moves_so_far") or []) or view.get("moves_before_lamp"):
        return None  # the frame does not start at the entrance: no way to know the way back
    start = (DR[0], DC[0])  # the first square inside, one step north of the outside origin
    back = {cell: None}
    queue = deque([cell])
    while queue:
        here = queue.popleft()
        if here == start:
            break
        for d in range(4):
            nxt = (here[0] + DR[d], here[1] + DC[d])
            if nxt not in back and frozenset((here, nxt)) in edges:
                back[nxt] = (here, d)
                queue.append(nxt)
    if start not in back or start == cell:
        return "B" if start == cell else None
    step = start
    while back[step][0] != cell:
        step = back[step][0]
    return _turn_towards(facing, back[step][1])


def choose_move(view, moves):
    sight = view.get("sight") or [{}]
    here = sight[0]
    front = view.get("front") or {}
    answer = view.get("genie_answer")
    if answer and answer["moves"]:
        index = view["moves_made"] - answer["after_moves"]
        if 0 <= index < len(answer["moves"]) and answer["moves"][index] in moves:
            return answer["moves"][index]
    if view.get("treasure") == "shared":
        for side, move in (("ahead", "E"), ("left", "A"), ("right", "C")):
            if here.get(side) == "daylight" and move in moves:
                return move
        home = route_home(view)
        if home in moves:
            return home
    elif front.get("treasure") == "closed" or front.get("chest") == "closed":
        if "E" in moves:
            return "E"
    cell, facing, visits, _edges = frame(view)
    best, best_score = None, None
    for side in ("ahead", "left", "right", "back"):
        if here.get(side) != "open" and not (side == "back"):
            continue
        target, d = _ahead_of(cell, facing, side)
        move = TURN_MOVE[side]
        if move not in moves:
            continue
        score = visits.get(target, 0) * 10 + {"ahead": 0, "left": 1, "right": 1, "back": 25}[side]
        if side == "back":
            score += 5
        if best_score is None or score < best_score:
            best, best_score = move, score
    return best or moves[0]


def token_value(kind, own_kinds=()):
    if kind in PAIRS:
        return PAIRS[kind] - 1 if kind in own_kinds and own_kinds.count(kind) % 2 == 1 else VALUES[kind]
    return VALUES.get(kind, 1.5)


def adventurer(view, legal, rng):
    seat = view["seat"]
    own = [t["kind"] for t in view.get("tokens", [])]
    for kind in ("choose_character", "open_sesame", "roll", "confirm", "call_move", "call_discard",
                 "call_line_vote"):
        action = _find(legal, kind)
        if action is not None and kind != "call_move":
            return action
    keep = _find(legal, "keep")
    if keep:
        by_id = {t["id"]: t["kind"] for t in view.get("keep_choices") or []}
        return {"type": "keep", "token": max(_choices(keep, "token"), key=lambda t: token_value(by_id.get(t), own))}
    take = _find(legal, "take")
    if take:
        table = (view.get("pending") or {}).get("table") or []
        return {"type": "take", "slot": max(_choices(take, "slot"), key=lambda i: token_value(table[i], own))}
    give_token = _find(legal, "give_token")
    if give_token:
        slot = _choices(give_token, "slot")[0]
        targets = _choices(give_token, "to")
        return {"type": "give_token", "slot": slot, "to": seat if seat in targets else targets[0]}
    give = _find(legal, "give")
    if give:
        kinds = {t["id"]: t["kind"] for t in view.get("tokens", [])}
        return {"type": "give", "token": min(_choices(give, "token"), key=lambda t: token_value(kinds.get(t), own))}
    discard = _find(legal, "discard_lamp")
    if discard:
        lead = view["line"][0]
        owners = _choices(discard, "owner")
        return {"type": "discard_lamp", "owner": max(owners, key=lambda s: (view["lamps"][s], s != lead))}
    if _find(legal, "vote_line"):
        votes = (view.get("line_vote") or {}).get("votes") or []
        if seat < len(votes) and votes[seat] is None:
            return {"type": "vote_line", "accept": True}
    genie = _use_genie(view, legal)
    if genie:
        return genie
    vote = _find(legal, "vote_move")
    if vote:
        move = choose_move(view, _choices(vote, "move"))
        if view["votes"][seat] is None or view["votes"][seat] != move:
            return {"type": "vote_move", "move": move}
        if _find(legal, "call_move"):
            return {"type": "call_move"}
    return random_bot(view, legal, rng)


def _use_genie(view, legal):
    kinds = {t["id"]: t["kind"] for t in view.get("tokens", [])}
    for action in legal:
        if action["type"] != "use_genie":
            continue
        kind = kinds.get(action["token"])
        if kind == "light" and view["leader_lamps"] < 1:
            continue
        if kind == "way_exit" and view.get("treasure") != "shared":
            continue
        if kind == "way_treasure" and view.get("treasure") != "closed":
            continue
        if "direction" in action:
            return {**action, "direction": "back"}
        return action
    return None


# --- the Leader -------------------------------------------------------------------------------

def _distances(maze, starts, blocked=()):
    from sidibaba.engine.maze import distances, geometry
    geo = geometry(maze)
    best = {}
    for start in starts:
        for cell, d in distances(geo, start).items():
            if cell not in blocked and d < best.get(cell, 10 ** 6):
                best[cell] = d
    return best


def leader(view, legal, rng):
    maze = view.get("maze")
    for kind in ("resume", "choose_maze"):
        action = _find(legal, kind)
        if action:
            return action
    if _find(legal, "place_treasure"):
        openings = [r * maze["cols"] + c for r, c, _d in maze["openings"]]
        dist = _distances(maze, openings)
        return {"type": "place_treasure", "cell": max(_choices(_find(legal, "place_treasure"), "cell"),
                                                       key=lambda c: (dist.get(c, 0), rng.random()))}
    if _find(legal, "place_chest"):
        placed = [view["treasure_at"]] + view["chests"]["closed"]
        dist = _distances(maze, placed)
        return {"type": "place_chest", "cell": max(_choices(_find(legal, "place_chest"), "cell"),
                                                    key=lambda c: (min(dist.get(c, 0), 3), rng.random()))}
    entrance = _find(legal, "choose_entrance")
    if entrance:
        dist = _distances(maze, [view["treasure_at"]])
        cols = maze["cols"]
        return {"type": "choose_entrance", "opening": max(
            _choices(entrance, "opening"),
            key=lambda k: dist.get(maze["openings"][k][0] * cols + maze["openings"][k][1], 0))}
    steal = _find(legal, "steal")
    if steal:
        options = _choices(steal, "kind")
        return {"type": "steal", "kind": "jewel" if "jewel" in options else options[0]}
    plays = [a for a in legal if a["type"] == "play_event"]
    if plays:
        return _play(view, plays, rng) or {"type": "pass"}
    if _find(legal, "pass"):
        return {"type": "pass"}
    return random_bot(view, [a for a in legal if a["type"] != "pause"] or legal, rng)


def _play(view, plays, rng):
    here = view["pos"][0]
    by_use = {}
    for action in plays:
        by_use.setdefault(action["use"], []).append(action)
    for use in ("illusion", "combination_lock", "small_padlock", "merchant", "bandit"):
        if use in by_use:
            return by_use[use][0]
    for action in by_use.get("move", []):
        for path in _choices(action, "path"):
            if here in path:
                return {**action, "path": path}
    goal = _goal_distances(view)
    if "landslide" in by_use:
        action = by_use["landslide"][0]
        on_route = _route_cells(view, goal)
        cells = [c for c in _choices(action, "cell") if c in on_route] or _choices(action, "cell")
        return {**action, "cell": rng.choice(cells)}
    if "teleportation" in by_use:
        action = by_use["teleportation"][0]
        return {**action, "path": max(_choices(action, "path"), key=lambda p: goal.get(p[-1], 0))}
    if "scheherazade" in by_use:
        return by_use["scheherazade"][0]
    if "move" in by_use:
        dist = _distances(view["maze"], [here])
        action = min(by_use["move"], key=lambda a: len(_choices(a, "path")[0]))
        path = min(_choices(action, "path"), key=lambda p: dist.get(p[-1], 99))
        return {**action, "path": path}
    return None


def _goal_distances(view):
    """Steps from every square to where the Adventurers want to go (the Treasure, once shared an exit)."""
    maze = view["maze"]
    if view["treasure"] == "shared":
        return _distances(maze, [r * maze["cols"] + c for r, c, _d in maze["openings"]], view["landslides"])
    return _distances(maze, [view["treasure_at"]], view["landslides"])


def _route_cells(view, goal):
    """The squares of one shortest walk from the Adventurers to their goal."""
    from sidibaba.engine.maze import geometry
    geo = geometry(view["maze"])
    here = view["pos"][0]
    cells = set()
    while here in goal and goal[here] > 0:
        closer = [c for c in geo.neighbours(here) if goal.get(c, 10 ** 6) < goal[here]]
        if not closer:
            break
        here = closer[0]
        cells.add(here)
    return cells


def explorer(view, legal, rng):
    return leader(view, legal, rng) if view["role"] == "leader" else adventurer(view, legal, rng)


BOTS = {"random": random_bot, "explorer": explorer}
BOT_LABELS = {"random": "Random", "explorer": "Explorer"}

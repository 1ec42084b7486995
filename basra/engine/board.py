"""The route of Ali Baba: Start, the clockwise main route, junctions whose
branches rejoin it after as many steps as they skip, and board validation."""
from itertools import pairwise

SPACE_TYPES = {"start", "empty", "gang", "special", "chance"}
SPECIAL_KINDS = {"choose", "die", "all"}
CHANCE_KINDS = {"x50", "200", "black_die", "white_die", "two_out", "two_in", "bazaar", "hand", "numbered", "x10"}
ROUTE_STEPS = 52


def successors(board):
    """space id -> the spaces Ali Baba may step to next; the main route first."""
    route = board["route"]
    nxt = {board["start"]: [route[0]]}
    for here, there in pairwise(route):
        nxt[here] = [there]
    for branch in board.get("branches", []):
        path = branch["spaces"]
        nxt.setdefault(branch["from"], []).append(path[0])
        for here, there in pairwise(path):
            nxt[here] = [there]
        nxt[path[-1]] = [branch["to"]]
    return nxt


def steps_from_start(board):
    """space id -> the steps Ali Baba has gone from Start when standing there."""
    steps = {board["start"]: 0}
    for i, sid in enumerate(board["route"][:-1]):
        steps[sid] = i + 1
    for branch in board.get("branches", []):
        base = steps.get(branch["from"], 0)
        for i, sid in enumerate(branch["spaces"]):
            steps[sid] = base + i + 1
    return steps


def all_routes(board, limit=10_000):
    """Every path from Start back to Start (a list of space ids each, Start last)."""
    nxt = successors(board)
    start = board["start"]
    routes, stack = [], [(start, [])]
    while stack and len(routes) < limit:
        here, path = stack.pop()
        for there in nxt.get(here, []):
            if there == start:
                routes.append(path + [there])
            elif len(path) <= 4 * ROUTE_STEPS and there not in path:
                stack.append((there, path + [there]))
    return routes


def validate_board(board, gangs=("swindlers", "thieves", "defrauders", "robbers")):
    """English sentences saying what is wrong with a board; [] when it is playable."""
    errors = []
    spaces = {}
    for entry in board.get("spaces", []):
        sid = entry.get("id")
        if sid in spaces:
            errors.append(f"Space {sid} is listed twice.")
        spaces[sid] = entry
        errors += _space_errors(entry, gangs)
    start = board.get("start")
    if start not in spaces or spaces[start].get("type") != "start":
        errors.append("The board needs a Start space.")
    route = board.get("route") or []
    if not route or route[-1] != start:
        errors.append("The main route must end on Start.")
    for sid in route:
        if sid not in spaces:
            errors.append(f"The route names an unknown space {sid}.")
    main_at = {sid: i for i, sid in enumerate(route)}
    for number, branch in enumerate(board.get("branches", []), start=1):
        errors += _branch_errors(number, branch, main_at, spaces)
    if errors:
        return errors
    used = set(route) | {sid for b in board.get("branches", []) for sid in b["spaces"]}
    for sid in spaces:
        if sid not in used and sid != start:
            errors.append(f"Space {sid} is on no route.")
    for path in all_routes(board):
        if len(path) != ROUTE_STEPS:
            errors.append(f"A route from Start back to Start takes {len(path)} steps, not {ROUTE_STEPS} (via {', '.join(path[:3])}...).")
            break
    if not all_routes(board):
        errors.append("No route leads from Start back to Start.")
    return errors


def _space_errors(entry, gangs):
    """What is wrong with one space of the board's list."""
    errors = []
    sid, kind = entry.get("id"), entry.get("type")
    if kind not in SPACE_TYPES:
        errors.append(f"Space {sid} has an unknown type {kind!r}.")
    if entry.get("quarter") not in (1, 2, 3, 4):
        errors.append(f"Space {sid} is in no quarter 1-4.")
    if kind == "gang" and (not entry.get("gangs") or any(g not in gangs for g in entry["gangs"])):
        errors.append(f"Space {sid} needs gang symbols from {', '.join(gangs)}.")
    if kind == "special" and entry.get("kind") not in SPECIAL_KINDS:
        errors.append(f"Special space {sid} must be one of {', '.join(sorted(SPECIAL_KINDS))}.")
    if kind == "chance" and entry.get("kind") not in CHANCE_KINDS:
        errors.append(f"Chance space {sid} has an unknown kind {entry.get('kind')!r}.")
    return errors


def _branch_errors(number, branch, main_at, spaces):
    """What is wrong with junction ``number``'s branch (``main_at``: space id -> its index on the main route)."""
    origin, rejoin, path = branch.get("from"), branch.get("to"), branch.get("spaces") or []
    if origin not in main_at or rejoin not in main_at:
        return [f"Junction {number} must leave and rejoin the main route."]
    errors = []
    skipped = main_at[rejoin] - main_at[origin] - 1
    if skipped != len(path):
        errors.append(
            f"Junction {number}: its branch has {len(path)} spaces but skips {skipped} (a branch must be as long as what it skips)."
        )
    for sid in path:
        if sid not in spaces:
            errors.append(f"Junction {number} names an unknown space {sid}.")
        elif sid in main_at:
            errors.append(f"Junction {number}: space {sid} is on the main route too.")
    return errors

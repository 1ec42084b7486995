"""The Leader's Events: the window after each move onto a square (blocking on a closed chest or the
Treasure, where locks and Illusion apply), the Leader token's walks and meetings, and the thefts."""
from ..core import LEADER, NEXT, at_meeting, event, geo, kind_of, meeting, rng
from ..maze import connected, path_cells, walks
from ..tokens import GENIE, JEWEL, group

TWO_STEP_KINDS = ("illusion", "small_padlock", "combination_lock", "teleportation", "landslide")


def _distinct_events(state):
    """One card per kind and size: two equal cards offer the same choices."""
    seen, cards = set(), []
    for card in state["event_hand"]:
        info = state["event_kinds"][card]
        key = (info["kind"], info.get("steps"))
        if key not in seen:
            seen.add(key)
            cards.append((card, info))
    return cards


def leader_walks(state, steps):
    return walks(geo(state), state["leader_at"], steps, avoid=set(state["landslides"]))


def landslide_cells(state):
    """Free squares a landslide may block: a route must remain to the Treasure (until shared) and to an exit.

    Only a square on the current shortest route can cut it, so only those are searched again.
    """
    g = geo(state)
    here = state["pos"][0]
    if here < 0:
        return []
    landslides = set(state["landslides"])
    exits = {cell for cell, _d in g.openings}
    goals = [exits]
    if state["treasure_state"] != "shared":
        goals.append({state["treasure_at"]})
    routes = [(goal, path_cells(g, here, goal, landslides) or set()) for goal in goals]
    banned = set(state["chests"]) | landslides | {here, state["treasure_at"], state["leader_at"]}
    cells = []
    for cell in range(g.size):
        if cell in banned:
            continue
        blocked = landslides | {cell}
        if all(cell not in route or connected(g, here, goal - blocked, blocked) for goal, route in routes):
            cells.append(cell)
    return cells


def teleport_paths(state):
    here = state["pos"][0]
    if here < 0:
        return []
    avoid = set(state["landslides"]) | ({state["leader_at"]} if state["leader_at"] is not None else set())
    return walks(geo(state), here, 3, avoid=avoid, distinct=True)


def event_legal(state, at_loot):
    """Every way the Leader may play a card now; ``at_loot`` is the cell of a closed chest/Treasure just reached."""
    actions = []
    for card, info in _distinct_events(state):
        kind = info["kind"]
        if (kind == "movement" or kind in TWO_STEP_KINDS) and not state.get("leader_kept_out"):
            paths = leader_walks(state, info["steps"])
            if paths:
                actions.append({"type": "play_event", "event": card, "use": "move", "path": {"one_of": paths}})
        # the illusion and the small padlock on a closed chest (not the Treasure); the combination lock on either
        on_loot = kind == "combination_lock" or (kind in ("illusion", "small_padlock") and at_loot != state["treasure_at"])
        if at_loot is not None and on_loot:
            actions.append({"type": "play_event", "event": card, "use": kind})
        elif kind == "teleportation" and at_loot is None:
            paths = teleport_paths(state)
            if paths:
                actions.append({"type": "play_event", "event": card, "use": kind, "path": {"one_of": paths}})
        elif kind == "landslide":
            cells = landslide_cells(state)
            if cells:
                actions.append({"type": "play_event", "event": card, "use": kind, "cell": {"one_of": cells}})
        elif kind in ("bandit", "scheherazade", "merchant"):
            actions.append({"type": "play_event", "event": card, "use": kind})
    actions.append({"type": "pass"})
    return actions


def window_legal(state, seat):
    if seat != LEADER or state["window"] is None:
        return []
    return event_legal(state, None)


def chest_window_legal(state, seat, item):
    return event_legal(state, item["at"]) if seat == LEADER else []


def begin_chest_window(state, item, now, events):
    if not state["event_hand"]:
        item["kind"] = "open_chest"
        item["started"] = False
        return True  # the loop starts it as a chest opening
    item["deadline"] = now + state["window_seconds"]
    events.append(event("window_opened", loot=True))
    return True


def pass_window(state, seat, action, now, events):
    events.append(event("window_passed"))
    head = state["pending"][0] if state["pending"] else None
    if head is not None and head["kind"] == "chest_window":
        _open_after_window(state, head)
    else:
        state["window"] = None
    return NEXT


def _open_after_window(state, head, use=None):
    index = state["pending"].index(head)
    if use == "illusion":
        state["pending"].pop(index)
        state["chests"].remove(head["at"])
    elif use == "small_padlock":
        state["pending"][index] = {"kind": "dice", "mode": "padlock", "at": head["at"], "turn": 0, "started": False}
    elif use == "combination_lock":
        state["pending"][index:index + 1] = [
            {"kind": "dice", "mode": "combination", "at": head["at"], "turn": 0, "rolled": [], "started": False},
            {"kind": "open_chest", "at": head["at"], "started": False},
        ]
    else:
        state["pending"][index] = {"kind": "open_chest", "at": head["at"], "started": False}


def window_timeout(state, seat, action, now, events):
    head = state["pending"][0]
    if head["kind"] == "theft":
        return steal(state, LEADER, {"kind": default_steal(state, head)}, now, events)
    return pass_window(state, LEADER, {"type": "pass"}, now, events)


def play_event(state, seat, action, now, events):
    card = action["event"]
    info = state["event_kinds"][card]
    use = action["use"]
    state["event_hand"].remove(card)
    state["events_used"].append(card)
    events.append(event("event_played", event=info["kind"], use=use))
    head = state["pending"][0] if state["pending"] else None
    in_chest_window = head is not None and head["kind"] == "chest_window"
    state["window"] = None
    follow = []
    if use == "move":
        _walk_leader(state, action["path"], events)
    elif use == "teleportation":
        state["pos"] = [action["path"][-1], state["pos"][1]]
        state["trail"].append("T")
        state["leader_kept_out"] = False  # the Adventurers are on a new square
        state["votes"] = [None] * state["players"]
        events.append(event("teleported", [LEADER], path=action["path"]))
        cell = state["pos"][0]
        if cell in state["chests"] or (cell == state["treasure_at"] and state["treasure_state"] == "closed"):
            follow.append({"kind": "open_chest", "at": cell, "started": False})
    elif use == "landslide":
        state["landslides"].append(action["cell"])
        events.append(event("landslide_placed", [LEADER], cell=action["cell"]))
        state["votes"] = [None] * state["players"]
    elif use == "bandit":
        follow.append({"kind": "theft", "victims": state["line"][:2], "dest": "leader", "started": False})
    elif use == "merchant":
        follow.append({"kind": "theft", "victims": list(state["line"]), "dest": "merchant", "pool": [],
                       "started": False})
    elif use == "scheherazade":
        follow.append({"kind": "dice", "mode": "scheherazade", "turn": 0, "pool": [], "giver": None,
                       "started": False})
    if in_chest_window:
        _open_after_window(state, head, use)
    state["pending"][0:0] = follow
    return NEXT


def _walk_leader(state, path, events):
    for cell in path:
        state["leader_at"] = cell
        events.append(event("leader_token", [LEADER], leader_at=cell))
        if at_meeting(state):
            meeting(state, events)
            return


def begin_theft(state, item, now, events):
    item["victims"] = [s for s in item["victims"] if state["hands"][s]]
    if not item["victims"]:
        return _end_theft(state, item, events)
    item["deadline"] = now + state["window_seconds"]
    return True


def theft_kinds(state, victim):
    groups = {group(kind_of(state, t)) for t in state["hands"][victim]}
    return [g for g in (JEWEL, GENIE) if g in groups]


def theft_legal(state, seat, item):
    if seat != LEADER:
        return []
    return [{"type": "steal", "kind": {"one_of": theft_kinds(state, item["victims"][0])}}]


def default_steal(state, item):
    return theft_kinds(state, item["victims"][0])[0]


def steal(state, seat, action, now, events):
    """A blind steal: the Leader names jewel or genie, the server picks which one of that kind."""
    item = state["pending"][0]
    victim = item["victims"].pop(0)
    pick = [t for t in state["hands"][victim] if group(kind_of(state, t)) == action["kind"]]
    token = rng(state).choice(pick)
    state["hands"][victim].remove(token)
    events.append(event("stolen", seat=victim, group=action["kind"]))
    events.append(event("token_lost", [victim], token={"id": token, "kind": kind_of(state, token)}))
    if item["dest"] == "merchant":
        item["pool"].append(token)
    else:
        state["stolen"].append(token)
    item["victims"] = [s for s in item["victims"] if state["hands"][s]]
    if item["victims"]:
        item["deadline"] = now + state["window_seconds"]
        return NEXT  # the next victim, on a fresh window
    state["pending"].pop(0)
    _end_theft(state, item, events)
    return NEXT


def _end_theft(state, item, events):
    if item["dest"] == "merchant" and item["pool"]:
        events.append(event("merchant_table", table=[kind_of(state, t) for t in item["pool"]]))
        sharing = {"kind": "sharing", "source": "merchant", "slots": list(item["pool"]), "rounds": 1,
                   "turn": 0, "started": False}
        if state["pending"] and state["pending"][0] is item:
            state["pending"][0] = sharing
            return True
        state["pending"].insert(0, sharing)
    return False


PENDING = {
    "chest_window": {"begin": begin_chest_window, "legal": chest_window_legal, "waiting": lambda s, i: [LEADER]},
    "theft": {"begin": begin_theft, "legal": theft_legal, "waiting": lambda s, i: [LEADER]},
}
HANDLERS = {"play_event": play_event, "pass": pass_window, "steal": steal, "window_timeout": window_timeout}

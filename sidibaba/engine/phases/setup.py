"""Setting up: the Leader's maze, Treasure, five chests and entrance; the Adventurers' characters,
line order and lamps; "Open Sesame" by the lead. A silent table is set up by default at the deadline."""
from gamekit.phases import STAY

from ..core import LEADER, NEXT, adventurers, bump, event, lead, rng, start_segment
from ..maze import distances, geometry
from .explore import close_line_vote


def leader_step(state):
    setup = state["setup"]
    if state["maze"] is None:
        return "maze"
    if state["treasure_at"] is None:
        return "treasure"
    if len(state["chests"]) < setup["chests"]:
        return "chests"
    if state["entrance"] is None:
        return "entrance"
    return None


def _free_cells(state):
    taken = set(state["chests"]) | {state["treasure_at"]}
    return [c for c in range(state["maze"]["rows"] * state["maze"]["cols"]) if c not in taken]


def legal(state, seat):
    if seat == LEADER:
        step = leader_step(state)
        if step == "maze":
            return [{"type": "choose_maze", "maze": {"one_of": [m["key"] for m in state["mazes"]]}}]
        if step == "treasure":
            return [{"type": "place_treasure", "cell": {"one_of": _free_cells(state)}}]
        if step == "chests":
            return [{"type": "place_chest", "cell": {"one_of": _free_cells(state)}}]
        if step == "entrance":
            return [{"type": "choose_entrance", "opening": {"one_of": list(range(len(state["maze"]["openings"])))}}]
        return []
    actions = []
    taken = {c for c in state["characters"] if c is not None}
    if state["characters"][seat] is None:
        free = [c for c in state["setup"]["characters"] if c not in taken]
        actions.append({"type": "choose_character", "character": {"one_of": free}})
    if state["lamps"][seat] > 0:
        others = [s for s in adventurers(state) if s != seat]
        actions.append({"type": "give_lamp", "to": {"one_of": others}})
    if seat == lead(state) and ready(state):
        actions.append({"type": "open_sesame"})
    return actions


def ready(state):
    return leader_step(state) is None and all(state["characters"][s] for s in adventurers(state))


def waiting(state):
    seats = [LEADER] if leader_step(state) else []
    seats += [s for s in adventurers(state) if state["characters"][s] is None]
    if ready(state):
        seats.append(lead(state))
    return seats


def choose_maze(state, seat, action, now, events):
    state["maze"] = next(m for m in state["mazes"] if m["key"] == action["maze"])
    events.append(event("maze_chosen", [LEADER], maze=action["maze"]))
    return NEXT


def place_treasure(state, seat, action, now, events):
    state["treasure_at"] = action["cell"]
    events.append(event("treasure_placed", [LEADER], cell=action["cell"]))
    return NEXT


def place_chest(state, seat, action, now, events):
    state["chests"].append(action["cell"])
    events.append(event("chest_placed", [LEADER], cell=action["cell"]))
    return NEXT


def choose_entrance(state, seat, action, now, events):
    state["entrance"] = action["opening"]
    state["pos"] = [-1 - action["opening"], geometry(state["maze"]).outside[-1 - action["opening"]][1]]
    events.append(event("entrance_chosen", [LEADER], opening=action["opening"]))
    return NEXT


def choose_character(state, seat, action, now, events):
    state["characters"][seat] = action["character"]
    events.append(event("character_chosen", seat=seat, character=action["character"]))
    return STAY


def give_lamp(state, seat, action, now, events):
    state["lamps"][seat] -= 1
    state["lamps"][action["to"]] += 1
    events.append(event("lamp_given", seat=seat, to=action["to"]))
    return STAY


def open_sesame(state, seat, action, now, events):
    if state["line_vote"] is not None:
        close_line_vote(state, events)
    state["phase"] = "play"
    state["setup"]["deadline"] = None
    state["mazes"] = [state["maze"]]  # the others were only offered to the Leader; keep stored states small
    events.append(event("open_sesame", seat=seat))
    bump(state)
    start_segment(state, now, events)
    return NEXT


def setup_timeout(state, seat, action, now, events):
    """Whatever is still open is decided by default: the Leader's placements from the seed."""
    r = rng(state)
    if state["maze"] is None:
        state["maze"] = state["mazes"][0]
    geo = geometry(state["maze"])
    if state["entrance"] is None and state["treasure_at"] is None:
        choose_entrance(state, LEADER, {"opening": 0}, now, events)
    if state["treasure_at"] is None:
        start = geo.outside[state["pos"][0]][0]
        dist = distances(geo, start)
        far = max(dist.values())
        state["treasure_at"] = min(c for c, d in dist.items() if d == far and c not in state["chests"])
    while len(state["chests"]) < state["setup"]["chests"]:
        state["chests"].append(r.choice(_free_cells(state)))
    if state["entrance"] is None:
        choose_entrance(state, LEADER, {"opening": 0}, now, events)
    for seat_ in adventurers(state):
        if state["characters"][seat_] is None:
            taken = {c for c in state["characters"] if c}
            state["characters"][seat_] = next(c for c in state["setup"]["characters"] if c not in taken)
            events.append(event("character_chosen", seat=seat_, character=state["characters"][seat_]))
    events.append(event("setup_timeout"))
    return open_sesame(state, lead(state), {}, now, events)


HANDLERS = {
    "choose_maze": choose_maze, "place_treasure": place_treasure, "place_chest": place_chest,
    "choose_entrance": choose_entrance, "choose_character": choose_character, "give_lamp": give_lamp,
    "open_sesame": open_sesame, "setup_timeout": setup_timeout,
}

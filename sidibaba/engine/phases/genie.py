"""Genies: one per segment across all Adventurers, used openly, handed to the Leader; the user then draws
three tokens and keeps one. Which Way answers honestly (a shortest route counting moves); jewels worth
3 or more handed over buy the first two moves."""
from gamekit.phases import STAY

from ..core import LEADER, NEXT, adventurers, blocking, event, geo, kind_of, rng, settings
from ..maze import route
from ..tokens import GENIE, JEWEL, draw, face_value, group
from .explore import TURNS

WAYS = ("way_treasure", "way_exit", "way_loot")


def legal(state, seat):
    if seat == LEADER or blocking(state) is not None or state["keeps"][seat] is not None:
        return []
    if state["genie_segment"] == state["segment"]:
        return []
    actions = []
    seen = set()
    for token in state["hands"][seat]:
        kind = kind_of(state, token)
        if group(kind) != GENIE or kind in seen:
            continue
        seen.add(kind)
        if kind.startswith("arrow"):
            if state["pos"][0] >= 0:
                actions.append({"type": "use_genie", "token": token, "direction": {"one_of": list(TURNS)}})
        else:
            actions.append({"type": "use_genie", "token": token})
    return actions


def keep_legal(state, seat):
    drawn = state["keeps"][seat] if seat != LEADER else None
    return [{"type": "keep", "token": {"one_of": drawn}}] if drawn else []


def use_genie(state, seat, action, now, events):
    token = action["token"]
    kind = kind_of(state, token)
    state["hands"][seat].remove(token)
    state["genies_spent"].append(token)
    state["genie_segment"] = state["segment"]
    events.append(event("genie_used", seat=seat, genie=kind))
    if kind == "light":
        back = min(2, state["leader_lamps"])
        state["leader_lamps"] -= back
        state["lamps"][seat] += back
        events.append(event("lamps_returned", seat=seat, count=back))
    elif kind.startswith("arrow"):
        colour = settings()["token_kinds"][kind]["colour"]
        pointing = (state["pos"][1] + TURNS.index(action["direction"])) % 4
        state["arrows"].append([state["pos"][0], colour, pointing])
        events.append(event("arrow_placed", colour=colour, direction=action["direction"]))
    else:
        state["pending"].insert(0, {"kind": "genie_offer", "user": seat, "genie": kind,
                                    "offers": [[] for _ in range(state["players"])], "started": False})
        return NEXT  # the table makes its offer
    draw_three(state, seat, events)
    # A light or an arrow changes no decision: the vote goes on (the genie's three tokens are a keep
    # beside it, and the first engine never moved the key here).
    return STAY


def draw_three(state, seat, events):
    drawn = draw(state, rng(state), 3, allow_curses=False)
    if not drawn:
        return
    state["keeps"][seat] = drawn
    events.append(event("genie_draw", seat=seat, count=len(drawn)))
    events.append(event("genie_draw_tokens", [seat], tokens=[{"id": t, "kind": kind_of(state, t)} for t in drawn]))


def keep(state, seat, action, now, events):
    drawn = state["keeps"][seat]
    state["keeps"][seat] = None
    state["hands"][seat].append(action["token"])
    state["bag"].extend(t for t in drawn if t != action["token"])
    events.append(event("genie_kept", seat=seat))
    events.append(event("token_received", [seat], token={"id": action["token"], "kind": kind_of(state, action["token"])}))
    return STAY


def offer_legal(state, seat, item):
    if seat == LEADER:
        return []
    jewels = [t for t in state["hands"][seat] if group(kind_of(state, t)) == JEWEL]
    actions = [{"type": "offer", "tokens": {"subset_of": jewels}}] if jewels else []
    if seat == item["user"]:
        actions.append({"type": "confirm"})
    return actions


def offer(state, seat, action, now, events):
    item = state["pending"][0]
    item["offers"][seat] = list(action["tokens"])
    events.append(event("genie_offer", seat=seat, count=len(action["tokens"]),
                        value=sum(face_value(kind_of(state, t)) for t in action["tokens"])))
    return STAY  # offers are made side by side until the user confirms


def confirm(state, seat, action, now, events):
    """The genie answers; the jewels offered leave the game only when they are worth 3 or more."""
    item = state["pending"].pop(0)
    offered = [t for seat_ in adventurers(state) for t in item["offers"][seat_]]
    value = sum(face_value(kind_of(state, t)) for t in offered)
    paid = value >= settings()["offer_min_value"]
    if paid:
        for seat_ in adventurers(state):
            for token in item["offers"][seat_]:
                state["hands"][seat_].remove(token)
                state["jewels_paid"].append(token)
    moves = answer(state, item["genie"])
    moves = moves[:2] if paid else moves[:1]
    state["last_answer"] = {"genie": item["genie"], "moves": moves, "after_moves": state["moves"]}
    events.append(event("genie_answer", genie=item["genie"], moves=moves, paid=paid, value=value))
    draw_three(state, item["user"], events)
    return NEXT


def answer(state, genie):
    """The first moves of a shortest route (counting moves), avoiding walls and landslides."""
    cell, facing = state["pos"]
    blocked = set(state["landslides"])
    if genie == "way_exit":
        found = route(geo(state), cell, facing, None, blocked, exits=True)
    elif genie == "way_treasure":
        found = route(geo(state), cell, facing, lambda c: c == state["treasure_at"], blocked)
    else:
        loot = set(state["chests"])
        if state["treasure_state"] == "closed":
            loot.add(state["treasure_at"])
        found = route(geo(state), cell, facing, lambda c: c in loot, blocked) if loot else None
    return found or []


PENDING = {"genie_offer": {"begin": lambda s, i, n, e: True, "legal": offer_legal,
                           "waiting": lambda s, i: [i["user"]]}}
HANDLERS = {"use_genie": use_genie, "keep": keep, "offer": offer, "confirm": confirm}

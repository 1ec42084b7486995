"""The state and what every phase shares: randomness, events, the line, lamps, segments, pending decisions.

The state is a JSON dict; ``apply`` works on a copy (``clone``) that shares
the read-only parts (the maze, the token kinds, the event list).
"""
import pickle
import random

from gamekit.errors import IllegalAction as _BaseIllegal
from gamekit.phases import goto

from .data_files import game_data
from .maze import geometry

LEADER = 0
SHARED = ("maze", "kinds", "event_kinds", "mazes")
# What an action returns when it moved the table on: the flow starts whatever waits in the queue and
# a new decision opens (engine/table.py). An action that only adds one voice to an open decision
# returns gamekit.phases.STAY instead.
NEXT = goto("next")


class IllegalAction(_BaseIllegal):
    """An action the rules of Sidi Baba do not allow now."""


FLAT_LISTS = ("characters", "line", "lamps", "bag", "pos", "chests", "chests_open", "landslides", "event_deck",
              "event_hand", "events_used", "stolen", "genies_spent", "jewels_paid", "votes", "trail", "arrows")
FLAT_DICTS = ("setup", "paused", "window", "last_answer")  # their values are never changed in place


def clone(state):
    """A copy ``apply`` may change: lists sliced, small dicts copied, pending decisions through pickle."""
    copy = dict(state)
    for key in FLAT_LISTS:
        value = copy[key]
        if value is not None:
            copy[key] = value[:]
    for key in FLAT_DICTS:
        if copy[key] is not None:
            copy[key] = dict(copy[key])
    copy["hands"] = [h[:] for h in state["hands"]]
    copy["keeps"] = [k[:] if k else k for k in state["keeps"]]
    if state["line_vote"] is not None:
        copy["line_vote"] = dict(state["line_vote"], votes=state["line_vote"]["votes"][:])
    pending = state["pending"]
    copy["pending"] = pickle.loads(pickle.dumps(pending, pickle.HIGHEST_PROTOCOL)) if pending else []
    return copy


def rng(state):
    """A fresh generator from the seed and the draw counter (which it advances)."""
    state["counter"] += 1
    return random.Random(f"{state['seed']}:{state['counter']}")


def event(code, visible_to="all", **data):
    return {"code": code, **data, "visible_to": visible_to}


def adventurers(state):
    return list(range(1, state["players"]))


def lead(state):
    return state["line"][0]


def geo(state):
    return geometry(state["maze"])


def bump(state):
    """A new decision opens: views from before it are stale.

    The table calls it once per opened decision (engine/table.py). Open Sesame, a lamp going out and
    the end of a pause call it once more themselves: the first engine moved the key by two there, and
    recorded matches carry those numbers (a ``window_timeout`` action names its decision).
    """
    state["decision"] += 1


def settings():
    return game_data()


def rotate_line(state, events, reason):
    state["line"] = state["line"][1:] + state["line"][:1]
    events.append(event("line_changed", line=list(state["line"]), reason=reason))


def set_line(state, line, events, reason):
    state["line"] = list(line)
    events.append(event("line_changed", line=list(line), reason=reason))


def drop_pending(state):
    """The game is over: what waited is dropped, and tokens lying on the table (a sharing's slots, a
    pool) go back into the bag, so every token stays in exactly one place."""
    for item in state["pending"]:
        for key in ("slots", "pool"):
            state["bag"].extend(t for t in item.get(key) or [] if t is not None)
    state["pending"] = []


def leader_wins(state, events, reason):
    state["phase"] = "over"
    state["winner"] = "leader"
    state["end_reason"] = reason
    drop_pending(state)
    state["window"] = None
    events.append(event("leader_won", reason=reason))


def escape(state, events):
    state["phase"] = "over"
    state["winner"] = "adventurers"
    state["end_reason"] = "escaped"
    drop_pending(state)
    state["window"] = None
    events.append(event("escaped"))


def draw_leader_event(state, events):
    if not state["event_deck"]:
        return
    drawn = state["event_deck"].pop()
    state["event_hand"].append(drawn)
    events.append(event("event_drawn", "all", hand=len(state["event_hand"])))
    events.append(event("event_card", [LEADER], event_id=drawn, **state["event_kinds"][drawn]))


def light_lamp(state, events):
    """The lead lights one of their own lamps; if they have none the first Adventurer with one leads."""
    line = state["line"]
    holder = next((s for s in line if state["lamps"][s] > 0), None)
    if holder is None:
        state["lit"] = None
        leader_wins(state, events, "dark")
        return
    if holder != line[0]:
        set_line(state, [holder] + [s for s in line if s != holder], events, "lamp")
    state["lamps"][holder] -= 1
    state["lit"] = holder
    events.append(event("lamp_lit", seat=holder, segment=state["segment"]))


def start_segment(state, at, events):
    state["segment"] += 1
    state["lamp_trail_from"] = len(state["trail"])  # "no notes": views show the moves from here on
    state["ends_at"] = at + state["segment_seconds"]
    events.append(event("segment_started", segment=state["segment"], ends_at=state["ends_at"]))
    light_lamp(state, events)


def lamp_expired(state, seat, action, now, events):
    at = state["ends_at"]
    events.append(event("lamp_expired", segment=state["segment"], seat=state["lit"]))
    state["lit"] = None
    state["leader_lamps"] += 1
    draw_leader_event(state, events)
    bump(state)
    start_segment(state, at, events)
    return NEXT


def unlit_holders(state):
    return [s for s in state["line"] if state["lamps"][s] > 0]


def hand(state, seat):
    return state["hands"][seat]


def kind_of(state, token):
    return state["kinds"][token]


def blocking(state):
    """The decision every move waits for (the head of ``pending``), or None."""
    return state["pending"][0] if state["pending"] else None


def push(state, items, front=True):
    state["pending"] = (items + state["pending"]) if front else (state["pending"] + items)


def position_blocked(state):
    return set(state["landslides"])


def at_meeting(state):
    return state["leader_at"] is not None and state["leader_at"] == state["pos"][0]


def meeting(state, events):
    """The Leader and the Adventurers share a square: thefts, then a lamp to chase him off."""
    events.append(event("leader_met"))
    events.append(event("leader_token", [LEADER], leader_at=None))
    state["leader_at"] = None
    # "As soon as the Adventurers have moved onto a new square ... the Leader can again enter the maze":
    # not before, so never twice on one step.
    state["leader_kept_out"] = True
    line = state["line"]
    victims = [line[0], line[0]] + line[1:]
    push(state, [
        {"kind": "theft", "victims": victims, "dest": "leader", "started": False},
        {"kind": "discard_vote", "dest": "leader", "votes": [None] * state["players"], "started": False},
    ])

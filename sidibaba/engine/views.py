"""What each seat may see. Adventurers and spectators: a first-person view as relative data, never the
maze or their position. The Leader: everything but the Adventurers' hidden tokens. "all" and the end: all."""
from gamekit import contract

from .core import LEADER, blocking, geo
from .maze import DIRS
from .phases.chest import table_faces
from .phases.explore import TURNS
from .tokens import split_groups

DEPTH = 4  # the current square and three ahead


def _side(g, cell, direction, landslides):
    target = g.target(cell, direction)
    if target is None:
        return "wall"
    if isinstance(target, tuple):
        return "daylight"
    return "blocked" if target in landslides else "open"


def sight(state):
    """Squares ahead, the nearest first: each with what is left, right and ahead of it."""
    g = geo(state)
    cell, facing = state["pos"]
    # The Adventurers learn of a landslide only when it is in front of them: one beside a square or
    # further down the corridor looks like an open passage (docs/rules/sidibaba.md).
    in_front = g.target(cell, facing)
    landslides = {in_front} & set(state["landslides"])
    squares = []
    for _ in range(DEPTH):
        square = {"left": _side(g, cell, (facing + 3) % 4, landslides),
                  "ahead": _side(g, cell, facing, landslides),
                  "right": _side(g, cell, (facing + 1) % 4, landslides)}
        squares.append(square)
        if square["ahead"] != "open":
            break
        cell = g.target(cell, facing)
    return squares


def sight_in(maze, cell, facing):
    """What is seen from ``cell`` facing ``facing`` (0..3 = N, E, S, W) in an empty, valid maze (the editor's preview)."""
    if not (isinstance(cell, int) and isinstance(facing, int) and 0 <= cell < maze["rows"] * maze["cols"]
            and 0 <= facing < 4):
        raise ValueError("No such square or facing in this maze.")
    return sight({"maze": maze, "pos": [cell, facing], "landslides": []})


def in_front(state):
    """What the Leader announces about the square in front (nothing through a wall)."""
    g = geo(state)
    cell, facing = state["pos"]
    target = g.target(cell, facing)
    if target is None:
        return {"wall": True}
    if isinstance(target, tuple):
        return {"daylight": True}
    front = {}
    if target in state["landslides"]:
        front["landslide"] = True
    if target in state["chests"]:
        front["chest"] = "closed"
    elif target in state["chests_open"]:
        front["chest"] = "open"
    if target == state["treasure_at"]:
        front["treasure"] = "closed" if state["treasure_state"] == "closed" else "open"
    if state["leader_at"] == target:
        front["leader"] = True
    arrows = [{"colour": colour, "direction": TURNS[(pointing - facing) % 4]}
              for at, colour, pointing in state["arrows"] if at == target]
    if arrows:
        front["arrows"] = arrows
    return front


def _pending_public(state, seat):
    head = blocking(state)
    if head is None:
        return None
    kind = head["kind"]
    shown = {"kind": kind}
    if kind == "sharing":
        line = head["order_line"]
        shown.update(table=table_faces(state, head["slots"], reveal_genies=False),
                     source=head["source"], taker=line[head["turn"] % len(line)])
        if head["source"] == "merchant":
            shown["table"] = [state["kinds"][t] if t is not None else None for t in head["slots"]]
    elif kind == "discard_vote":
        shown.update(dest=head["dest"], votes=list(head["votes"]))
    elif kind == "dice":
        line = head["order_line"]
        shown.update(mode=head["mode"], roller=line[head["turn"] % len(line)], giver=head.get("giver"),
                     rolled=list(head.get("rolled", [])), pool=len(head.get("pool", [])))
    elif kind == "padlock_give":
        shown.update(opener=head["opener"], left=list(head["to"]))
        if seat in (head["opener"], "all"):
            shown["tokens"] = [{"slot": i, "id": t, "kind": state["kinds"][t]}
                               for i, t in enumerate(head["slots"]) if t is not None]
    elif kind == "theft":
        shown.update(victim=head["victims"][0] if head["victims"] else None, dest=head["dest"],
                     deadline=head.get("deadline"))
    elif kind == "chest_window":
        shown.update(deadline=head.get("deadline"))
        if seat in (LEADER, "all"):
            # what the Leader is deciding about: which closed chest (or the Treasure) the line stands on; its
            # tokens are not drawn until the window closes, so there is no loot to show yet
            shown.update(cell=head["at"], treasure=head["at"] == state["treasure_at"])
    elif kind == "genie_offer":
        shown.update(user=head["user"], genie=head["genie"],
                     offers=[len(o) for o in head["offers"]])
        if isinstance(seat, int) and seat != LEADER:
            shown["my_offer"] = list(head["offers"][seat])
    return shown


# The last state viewed and its public part (one state is viewed by every seat in turn). It is swapped
# as one tuple so a thread never pairs one state with another state's public part.
_last = (None, None)


def _common(state, seat):
    global _last
    cached_state, public = _last
    if cached_state is not state:
        public = _public(state)
        _last = (state, public)
    out = dict(public)
    out["seat"] = seat
    out["role"] = "leader" if seat == LEADER else ("adventurer" if isinstance(seat, int) else "spectator")
    out["pending"] = _pending_public(state, seat)
    return out


def _public(state):
    """What every seat sees; states are never changed once made, so it is shared by the views of one state."""
    players = state["players"]
    lamp_from = state.get("lamp_trail_from", 0)  # states saved before the rule: from the start
    out = {
        "game": "sidibaba", "phase": state["phase"], "players": players,
        "characters": list(state["characters"]), "line": list(state["line"]), "lamps": list(state["lamps"]),
        "lit": state["lit"], "leader_lamps": state["leader_lamps"], "lamps_out": state["lamps_out"],
        "backs": [split_groups(state, state["hands"][s]) if s else None for s in range(players)],
        "drawing": [len(k) if k else 0 for k in state["keeps"]],
        "bag_size": len(state["bag"]), "event_hand": len(state["event_hand"]), "event_deck": len(state["event_deck"]),
        "votes": list(state["votes"]), "line_vote": _line_vote(state), "window_open": state["window"] is not None,
        "segment": state["segment"], "segment_ends_at": state["ends_at"], "segment_seconds": state["segment_seconds"],
        "paused": None if state["paused"] is None else {"until": state["paused"]["until"],
                                                        "remaining": state["paused"]["remaining"]},
        "genie_used": state["genie_segment"] == state["segment"] and state["segment"] > 0,
        "treasure": state["treasure_state"], "chests_opened": len(state["chests_open"]),
        "landslides_placed": len(state["landslides"]),
        # No notes (the rule text forbids them): the moves of the current lamp only; the earlier ones
        # are folded into a count. The Leader and "all" get the whole trail as well.
        "moves_so_far": state["trail"][lamp_from:], "moves_before_lamp": lamp_from, "moves_made": state["moves"],
        "genie_answer": dict(state["last_answer"]) if state["last_answer"] else None,
        "winner": state["winner"], "end_reason": state["end_reason"],
        "setup_deadline": state["setup"]["deadline"] if state["phase"] == "setup" else None,
        "setup_ready": state["maze"] is not None and state["entrance"] is not None,
    }
    if state["pos"] is not None and state["phase"] != "setup":
        out["outside"] = state["pos"][0] < 0
        out["sight"] = sight(state)
        out["front"] = in_front(state)
    return out


def _line_vote(state):
    proposal = state["line_vote"]
    return None if proposal is None else {"line": list(proposal["line"]), "by": proposal["by"],
                                          "votes": list(proposal["votes"])}


def _own_tokens(state, seat):
    return [{"id": t, "kind": state["kinds"][t]} for t in state["hands"][seat]]


def _everything(state, out):
    out["maze"] = state["maze"]
    out["pos"] = list(state["pos"]) if state["pos"] else None
    out["facing"] = DIRS[state["pos"][1]] if state["pos"] else None
    out["entrance"] = state["entrance"]
    out["treasure_at"] = state["treasure_at"]
    out["chests"] = {"closed": list(state["chests"]), "open": list(state["chests_open"])}
    out["landslides"] = list(state["landslides"])
    out["arrows_at"] = [list(a) for a in state["arrows"]]
    out["leader_at"] = state["leader_at"]
    out["trail"] = list(state["trail"])
    out["event_cards"] = [{"card": c, **state["event_kinds"][c]} for c in state["event_hand"]]
    if state["phase"] == "setup":
        out["maze_choices"] = state["mazes"]


def view(state, seat):
    if seat != "all" and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]):
        seat = None  # anyone who is not a seat sees what a spectator sees
    finished = state["phase"] == "over"
    if seat == "all" or finished:
        out = _common(state, "all" if seat == "all" else seat)
        _everything(state, out)
        out["hands"] = [[{"id": t, "kind": state["kinds"][t]} for t in h] for h in state["hands"]]
        out["seed"] = state["seed"]
        if isinstance(seat, int) and seat != LEADER:
            out["tokens"] = _own_tokens(state, seat)
        return contract.stamp_rules_version(out, contract.rules_version(state))
    out = _common(state, seat)
    if seat == LEADER:
        _everything(state, out)
    elif isinstance(seat, int):
        out["tokens"] = _own_tokens(state, seat)
        keeps = state["keeps"][seat]
        out["keep_choices"] = [{"id": t, "kind": state["kinds"][t]} for t in keeps] if keeps else None
    return contract.stamp_rules_version(out, contract.rules_version(state))  # sample_state puts it back

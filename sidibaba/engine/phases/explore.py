"""Exploring: voting on moves A-F, the lead calling the vote, the line order vote, pause and resume."""
from gamekit.phases import STAY, goto

from ..core import LEADER, NEXT, adventurers, at_meeting, blocking, bump, escape, event, geo, lead, meeting, push, set_line
from ..maze import MOVES, after_move

TURNS = ("ahead", "right", "back", "left")


def move_outcome(state, move, g=None, landslides=None):
    """(new position or ("exit", k), None) or (None, why) for a move from the current position."""
    g = g or geo(state)
    landslides = set(state["landslides"]) if landslides is None else landslides
    cell, facing = state["pos"]
    if cell < 0 and move in "ABC":
        return None, "Step into the cave first."
    nxt = after_move(g, cell, facing, move, landslides)
    if nxt is None:
        target = g.target(cell, facing)
        if target is not None and target in landslides:
            return None, "A landslide blocks the way."
        return None, "A wall blocks the way."
    if isinstance(nxt[0], str) and state["treasure_state"] != "shared":
        return None, "You must find the Treasure first."
    return nxt, None


_MOVES_CACHE = {}


def legal_moves(state):
    g = geo(state)
    key = (g, state["pos"][0], state["pos"][1], tuple(state["landslides"]), state["treasure_state"] == "shared")
    moves = _MOVES_CACHE.get(key)
    if moves is None:
        if len(_MOVES_CACHE) > 20000:
            _MOVES_CACHE.clear()
        landslides = set(state["landslides"])
        moves = _MOVES_CACHE[key] = tuple(m for m in MOVES if move_outcome(state, m, g, landslides)[0] is not None)
    return list(moves)


def legal(state, seat):
    if seat == LEADER:
        return [{"type": "pause"}]
    actions = []
    if blocking(state) is None:
        moves = legal_moves(state)
        if moves:
            actions.append({"type": "vote_move", "move": {"one_of": moves}})
        if seat == lead(state) and state["votes"][seat] is not None:
            actions.append({"type": "call_move"})
    return actions


def line_legal(state, seat):
    if seat == LEADER or state["phase"] == "over":
        return []
    advs = adventurers(state)
    actions = [{"type": "propose_line", "line": {"subset_of": advs, "min_size": len(advs), "max_size": len(advs)}}]
    proposal = state["line_vote"]
    if proposal is not None:
        actions.append({"type": "vote_line", "accept": {"one_of": [True, False]}})
        if seat == lead(state) and proposal["votes"][seat] is not None:
            actions.append({"type": "call_line_vote"})
    return actions


def decide(votes, voters, lead_seat):
    """A strict majority of all voters wins; otherwise the lead's vote."""
    counts = {}
    for seat in voters:
        if votes[seat] is not None:
            counts[votes[seat]] = counts.get(votes[seat], 0) + 1
    for choice, count in counts.items():
        if count * 2 > len(voters):
            return choice
    return votes[lead_seat]


def vote_move(state, seat, action, now, events):
    state["votes"][seat] = action["move"]
    events.append(event("move_vote", seat=seat, move=action["move"]))
    if all(state["votes"][s] is not None for s in adventurers(state)):
        execute_move(state, now, events)
        return NEXT
    return STAY  # one voice more in the same vote


def call_move(state, seat, action, now, events):
    execute_move(state, now, events)
    return NEXT


def execute_move(state, now, events):
    move = decide(state["votes"], adventurers(state), lead(state))
    state["votes"] = [None] * state["players"]
    state["window"] = None
    state["moves"] += 1
    outcome, _why = move_outcome(state, move)
    old = list(state["pos"])
    state["trail"].append(move)
    if isinstance(outcome[0], str):
        events.append(event("moved", move=move, stepped=True))
        events.append(event("position", [LEADER], pos=old, exit=outcome[1]))
        escape(state, events)
        return
    stepped = move in "DEF"
    cell, facing = outcome
    if stepped and state["leader_at"] == cell:
        facing = old[1]  # meeting the Leader stops the move before its turn
    state["pos"] = [cell, facing]
    events.append(event("moved", move=move, stepped=stepped))
    events.append(event("position", [LEADER], pos=list(state["pos"]), previous=old))
    if not stepped:
        return
    state["leader_kept_out"] = False  # a new square: the Leader may enter again (and may meet them here)
    if at_meeting(state):
        meeting(state, events)
    loot = cell in state["chests"] or (cell == state["treasure_at"] and state["treasure_state"] == "closed")
    if loot:
        push(state, [{"kind": "chest_window", "at": cell, "started": False}], front=False)
    elif state["event_hand"]:
        state["window"] = {"move": state["moves"]}
        events.append(event("window_opened"))


def propose_line(state, seat, action, now, events):
    votes = [None] * state["players"]
    votes[seat] = True
    state["line_vote"] = {"line": list(action["line"]), "by": seat, "votes": votes, "opened": state["decision"]}
    events.append(event("line_proposed", seat=seat, line=list(action["line"])))
    _maybe_close_line_vote(state, events)
    return NEXT  # a proposal (even one replacing another) is a new vote


def vote_line(state, seat, action, now, events):
    state["line_vote"]["votes"][seat] = action["accept"]
    events.append(event("line_vote", seat=seat, accept=action["accept"]))
    return NEXT if _maybe_close_line_vote(state, events) else STAY


def call_line_vote(state, seat, action, now, events):
    close_line_vote(state, events)
    return NEXT


def _maybe_close_line_vote(state, events):
    """Close the vote once every Adventurer has voted; True if it closed."""
    if all(state["line_vote"]["votes"][s] is not None for s in adventurers(state)):
        close_line_vote(state, events)
        return True
    return False


def close_line_vote(state, events):
    proposal = state["line_vote"]
    state["line_vote"] = None
    accepted = decide(proposal["votes"], adventurers(state), lead(state)) is True
    events.append(event("line_vote_closed", accepted=accepted))
    if accepted and proposal["line"] != state["line"]:
        set_line(state, proposal["line"], events, "vote")


def pause(state, seat, action, now, events):
    return goto("paused")


def stop_time(state, now, events):
    """Entering the pause: the lamp's time left (and a blocking window's) is kept for the resume."""
    limit = state["pause_max_seconds"]
    head = blocking(state)
    state["paused"] = {"since": now, "until": now + limit, "remaining": state["ends_at"] - now,
                       "head_remaining": (head["deadline"] - now) if head and "deadline" in head else None}
    events.append(event("paused", until=now + limit, remaining=state["ends_at"] - now))
    return NEXT


def resume(state, seat, action, now, events):
    paused = state["paused"]
    at = min(now, paused["until"])
    state["paused"] = None
    state["ends_at"] = at + paused["remaining"]
    head = blocking(state)
    if head is not None and paused["head_remaining"] is not None:
        head["deadline"] = at + paused["head_remaining"]
    events.append(event("resumed", ends_at=state["ends_at"]))
    bump(state)
    return NEXT


HANDLERS = {
    "vote_move": vote_move, "call_move": call_move, "propose_line": propose_line, "vote_line": vote_line,
    "call_line_vote": call_line_vote, "pause": pause, "resume": resume,
}

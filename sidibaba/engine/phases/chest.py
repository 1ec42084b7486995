"""Chests and the Treasure: the draw, curses (line rotation, a lamp discarded by vote) and the sharing."""
from gamekit.phases import STAY

from ..core import LEADER, NEXT, adventurers, event, kind_of, lead, leader_wins, rng, rotate_line, unlit_holders
from ..tokens import GENIE, draw, group
from .explore import decide


def begin_open_chest(state, item, now, events):
    """Draw one token per Adventurer (Treasure: two), set curses aside, queue the discards and the sharing."""
    cell = item["at"]
    treasure = cell == state["treasure_at"]
    per = 2 if treasure else 1
    drawn = draw(state, rng(state), per * len(adventurers(state)), allow_curses=not item.get("no_curses"))
    curses = [t for t in drawn if kind_of(state, t) == "curse"]
    slots = [t for t in drawn if t not in curses]
    if treasure:
        state["treasure_state"] = "open"
    else:
        state["chests"].remove(cell)
        state["chests_open"].append(cell)
    state["curses_out"] += len(curses)
    events.append(event("chest_opened", treasure=treasure, table=table_faces(state, slots), curses=len(curses)))
    follow = []
    for _ in curses:
        rotate_line(state, events, "curse")
        follow.append({"kind": "discard_vote", "dest": "out", "votes": [None] * state["players"], "started": False})
    follow.append({"kind": "sharing", "source": "treasure" if treasure else "chest", "slots": slots,
                   "rounds": per, "turn": 0, "started": False})
    index = state["pending"].index(item)
    state["pending"][index + 1:index + 1] = follow
    return False


def table_faces(state, slots, reveal_genies=False):
    """What everyone sees of tokens on the table: jewels face up, genies face down."""
    faces = []
    for token in slots:
        if token is None:
            faces.append(None)
        elif group(kind_of(state, token)) == GENIE and not reveal_genies:
            faces.append("genie")
        else:
            faces.append(kind_of(state, token))
    return faces


def taker(state, item):
    line = item["order_line"]
    return line[item["turn"] % len(line)]


def begin_sharing(state, item, now, events):
    item["order_line"] = list(state["line"])
    return _sharing_continues(state, item, events)


def _sharing_continues(state, item, events):
    rounds_done = item["turn"] >= item["rounds"] * len(state["line"])
    if rounds_done or not any(t is not None for t in item["slots"]):
        left = [t for t in item["slots"] if t is not None]
        state["bag"].extend(left)
        if item["source"] == "treasure":
            state["treasure_state"] = "shared"
            events.append(event("treasure_shared"))
        return False
    return True


def sharing_legal(state, seat, item):
    if seat != taker(state, item):
        return []
    free = [i for i, t in enumerate(item["slots"]) if t is not None]
    return [{"type": "take", "slot": {"one_of": free}}]


def take(state, seat, action, now, events):
    item = state["pending"][0]
    token = item["slots"][action["slot"]]
    item["slots"][action["slot"]] = None
    state["hands"][seat].append(token)
    events.append(event("token_taken", seat=seat, slot=action["slot"]))
    events.append(event("token_received", [seat], token={"id": token, "kind": kind_of(state, token)}))
    item["turn"] += 1
    if not _sharing_continues(state, item, events):
        state["pending"].pop(0)
    return NEXT  # the next taker's turn, or what comes after the sharing


def begin_discard(state, item, now, events):
    holders = unlit_holders(state)
    if not holders:
        if item["dest"] == "leader":
            leader_wins(state, events, "no_lamp")
        return False
    if len(holders) == 1:
        discard_lamp_of(state, holders[0], item["dest"], events)
        return False
    events.append(event("discard_vote_opened", dest=item["dest"], holders=holders))
    return True


def discard_lamp_of(state, owner, dest, events):
    state["lamps"][owner] -= 1
    if dest == "leader":
        state["leader_lamps"] += 1
    else:
        state["lamps_out"] += 1
    events.append(event("lamp_discarded", seat=owner, dest=dest))


def discard_legal(state, seat, item):
    if seat == LEADER:
        return []
    holders = unlit_holders(state)
    actions = [{"type": "discard_lamp", "owner": {"one_of": holders}}] if holders else []
    if seat == lead(state) and (item["votes"][seat] is not None or not holders):
        actions.append({"type": "call_discard"})
    return actions


def discard_waiting(state, item):
    if not unlit_holders(state):  # lamps went out during the vote: only the lead's call is left
        return [lead(state)]
    return [s for s in adventurers(state) if item["votes"][s] is None]


def discard_vote(state, seat, action, now, events):
    item = state["pending"][0]
    item["votes"][seat] = action["owner"]
    events.append(event("discard_vote", seat=seat, owner=action["owner"]))
    if not discard_waiting(state, item):
        _close_discard(state, item, events)
        return NEXT
    return STAY  # one voice more in the same vote


def call_discard(state, seat, action, now, events):
    _close_discard(state, state["pending"][0], events)
    return NEXT


def _close_discard(state, item, events):
    """The vote decides among the seats that hold an unlit lamp when it closes (docs/rules/sidibaba.md).

    A lamp may expire while the vote is open and the lead light his last one: a vote for a seat
    left without an unlit lamp counts for nobody, so no lamp is ever taken from someone who has none.
    """
    state["pending"].pop(0)
    holders = unlit_holders(state)
    if not holders:
        if item["dest"] == "leader":
            leader_wins(state, events, "no_lamp")
        return
    voters = adventurers(state)
    votes = [vote if vote in holders else None for vote in item["votes"]]
    owner = decide(votes, voters, lead(state))
    if owner is None:
        owner = _most_voted(votes, voters, holders)
    discard_lamp_of(state, owner, item["dest"], events)


def _most_voted(votes, voters, holders):
    """The holder with the most valid votes, ties (and no vote at all) going to the one first in line."""
    counts = {holder: 0 for holder in holders}
    for seat in voters:
        if votes[seat] is not None:
            counts[votes[seat]] += 1
    return max(holders, key=lambda holder: (counts[holder], -holders.index(holder)))


PENDING = {
    "sharing": {"begin": begin_sharing, "legal": sharing_legal, "waiting": lambda s, i: [taker(s, i)]},
    "discard_vote": {"begin": begin_discard, "legal": discard_legal, "waiting": discard_waiting},
}
HANDLERS = {"take": take, "discard_lamp": discard_vote, "call_discard": call_discard}

"""Dice in line order: the Small Padlock (first six opens), the Combination Lock (4, 5 and 6),
Scheherazade (1-4 give her a token, 5-6 take what she holds); dice come from the seed."""
from ..core import NEXT, adventurers, event, kind_of, rng
from ..tokens import JEWEL, draw, group


def roller(state, item):
    line = item["order_line"]
    return line[item["turn"] % len(line)]


def begin_dice(state, item, now, events):
    item["order_line"] = list(state["line"])
    events.append(event("dice_started", mode=item["mode"]))
    return True


def dice_legal(state, seat, item):
    if item.get("giver") is not None:
        if seat != item["giver"]:
            return []
        return [{"type": "give", "token": {"one_of": scheherazade_gifts(state, seat)}}]
    return [{"type": "roll"}] if seat == roller(state, item) else []


def dice_waiting(state, item):
    return [item["giver"]] if item.get("giver") is not None else [roller(state, item)]


def scheherazade_gifts(state, seat):
    own = state["hands"][seat]
    jewels = [t for t in own if group(kind_of(state, t)) == JEWEL]
    return jewels or list(own)


def roll(state, seat, action, now, events):
    item = state["pending"][0]
    value = rng(state).randint(1, 6)
    events.append(event("die_rolled", seat=seat, value=value, mode=item["mode"]))
    item["turn"] += 1
    mode = item["mode"]
    if mode == "padlock":
        if value == 6:
            state["pending"][0] = {"kind": "padlock_give", "opener": seat, "at": item["at"], "started": False}
    elif mode == "combination":
        if value in (4, 5, 6) and value not in item["rolled"]:
            item["rolled"].append(value)
        if len(item["rolled"]) == 3:
            events.append(event("lock_opened", seat=seat))
            state["pending"].pop(0)
    else:
        if value <= 4:
            if state["hands"][seat]:
                item["giver"] = seat
                return NEXT  # the roller now gives Scheherazade a token
        else:
            state["hands"][seat].extend(item["pool"])
            events.append(event("scheherazade_gave", seat=seat, count=len(item["pool"])))
            for token in item["pool"]:
                events.append(event("token_received", [seat], token={"id": token, "kind": kind_of(state, token)}))
            item["pool"] = []
        _scheherazade_next(state, item, events)
    return NEXT


def give(state, seat, action, now, events):
    item = state["pending"][0]
    state["hands"][seat].remove(action["token"])
    item["pool"].append(action["token"])
    item["giver"] = None
    events.append(event("scheherazade_received", seat=seat, count=len(item["pool"])))
    _scheherazade_next(state, item, events)
    return NEXT


def _scheherazade_next(state, item, events):
    if item["turn"] >= len(item["order_line"]):
        state["bag"].extend(item["pool"])
        events.append(event("scheherazade_left", returned=len(item["pool"])))
        state["pending"].pop(0)


def begin_padlock_give(state, item, now, events):
    """The opener draws one token per Adventurer (curses put back and replaced) and hands them out."""
    slots = draw(state, rng(state), len(adventurers(state)), allow_curses=False)
    if item["at"] in state["chests"]:
        state["chests"].remove(item["at"])
        state["chests_open"].append(item["at"])
    item["slots"] = slots
    item["to"] = list(state["line"])
    events.append(event("lock_opened", seat=item["opener"], count=len(slots)))
    events.append(event("padlock_tokens", [item["opener"]],
                        tokens=[{"id": t, "kind": kind_of(state, t)} for t in slots]))
    return bool(slots)


def padlock_legal(state, seat, item):
    if seat != item["opener"]:
        return []
    free = [i for i, t in enumerate(item["slots"]) if t is not None]
    return [{"type": "give_token", "slot": {"one_of": free}, "to": {"one_of": item["to"]}}]


def give_token(state, seat, action, now, events):
    item = state["pending"][0]
    token = item["slots"][action["slot"]]
    item["slots"][action["slot"]] = None
    item["to"].remove(action["to"])
    state["hands"][action["to"]].append(token)
    events.append(event("token_given", seat=seat, to=action["to"]))
    events.append(event("token_received", [action["to"]], token={"id": token, "kind": kind_of(state, token)}))
    if not item["to"] or all(t is None for t in item["slots"]):
        state["bag"].extend(t for t in item["slots"] if t is not None)
        state["pending"].pop(0)
    return NEXT


PENDING = {
    "dice": {"begin": begin_dice, "legal": dice_legal, "waiting": dice_waiting},
    "padlock_give": {"begin": begin_padlock_give, "legal": padlock_legal, "waiting": lambda s, i: [i["opener"]]},
}
HANDLERS = {"roll": roll, "give": give, "give_token": give_token}

"""A tiny game that stands in for the real ones in the platform's tests.

Each round the current player adds 1-3 to their total (a turn on the clock),
then every seat bids 0-2 at once (a simultaneous window, bids hidden until all
are in). Three rounds per player; the highest total wins. It has what the real
games need of the platform: a turn clock and a window where several seats act.
"""
import copy
import random


class IllegalAction(Exception):
    pass


OPTIONS = [{"name": "rounds", "label": "Rounds", "type": "int", "min": 1, "max": 5, "default": 1}]


def validate_options(players, options):
    rounds = options.get("rounds", 1)
    return [] if isinstance(rounds, int) and 1 <= rounds <= 5 else ["Rounds: 1 to 5."]


def new_game(players, options, seed):
    if validate_options(players, options):
        raise IllegalAction("bad options")
    return {
        "players": players,
        "seed": seed,
        "clock": options.get("clock", 0) or 0,
        "turns_left": players * options.get("rounds", 1),
        "totals": [0] * players,
        "phase": "turn",
        "current": 0,
        "bids": {},
        "last_bids": None,
        "step": 0,
        "opened_at": options.get("started_at", 0.0),
        "draws": 0,
    }


def _open(state, now):
    state["step"] += 1
    state["opened_at"] = now


def legal_actions(state, seat):
    if state["phase"] == "over" or seat is None:
        return []
    if state["phase"] == "turn":
        return [{"type": "add", "n": n} for n in (1, 2, 3)] if seat == state["current"] else []
    if str(seat) in state["bids"]:
        return []
    return [{"type": "bid", "n": n} for n in (0, 1, 2)]


def _close_window(state, now):
    for seat, bid in state["bids"].items():
        state["totals"][int(seat)] += bid
    state["last_bids"] = [state["bids"][str(s)] for s in range(state["players"])]
    state["bids"] = {}
    state["turns_left"] -= 1
    if state["turns_left"] == 0:
        state["phase"] = "over"
    else:
        state["phase"] = "turn"
        state["current"] = (state["current"] + 1) % state["players"]
    _open(state, now)


def apply(state, seat, action, now):
    state = copy.deepcopy(state)
    kind = action.get("type")
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat is None:
        if kind != "timeout":
            raise IllegalAction("The system only times out.")
        if state["phase"] == "turn":
            return apply(state, state["current"], {"type": "add", "n": 1}, now)
        for s in range(state["players"]):
            state["bids"].setdefault(str(s), 0)
        _close_window(state, now)
        return state, [{"type": "timeout"}]
    if action not in legal_actions(state, seat):
        raise IllegalAction("You cannot do that now.")
    if kind == "add":
        state["totals"][seat] += action["n"]
        state["phase"] = "window"
        _open(state, now)
    else:
        state["bids"][str(seat)] = action["n"]
        if len(state["bids"]) == state["players"]:
            _close_window(state, now)
    return state, [{"type": kind, "seat": seat}]


def deadline(state):
    if state["phase"] == "over" or not state["clock"]:
        return None
    return state["opened_at"] + state["clock"], {"type": "timeout"}


def view(state, seat):
    over = state["phase"] == "over"
    return {
        "phase": state["phase"],
        "current": state["current"],
        "totals": state["totals"],
        "bid_in": sorted(int(s) for s in state["bids"]),
        "my_bid": state["bids"].get(str(seat)) if seat is not None else None,
        "bids": dict(state["bids"]) if over else None,
        "last_bids": state["last_bids"],
        "seed": state["seed"] if over else None,
        "deadline": deadline(state)[0] if deadline(state) else None,
    }


def result(state):
    if state["phase"] != "over":
        return None
    totals = state["totals"]
    return {"ranks": [1 + sum(t > mine for t in totals) for mine in totals], "scores": list(totals)}


def replay(players, options, seed, log):
    state = new_game(players, options, seed)
    for seat, action, now in log:
        state, _ = apply(state, seat, action, now)
    return state


def first_bot(view, legal, rng):
    return legal[0]


def random_bot(view, legal, rng: random.Random):
    return rng.choice(legal)

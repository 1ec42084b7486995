"""A tiny game that stands in for the real ones in the platform's tests.

Each round the current player adds 1-3 to their total (a turn on the clock;
the number is a domain, not a list), then every seat bids 0-2 at once (a
simultaneous window, each bid a private event until all are in). While a
player is on turn the others may cheer them, without being waited for. Seat 0
is the dealer (a role). Three rounds per player; the highest total wins.

Rules version 1 (``RULES_VERSION``). Its version 2, played by tests/matches/countdown_next.py, shows
how a rule changes (docs/architecture.md, "Changing a rule"): from version 2 on a cheer counts two;
a match of version 1 keeps its one, here, behind ``contract.rules_version(state)``.
"""
import copy
import sys

from gamekit import contract, domains
from gamekit.errors import IllegalAction as _IllegalAction


class IllegalAction(_IllegalAction):
    pass


RULES_VERSION = 1

OPTIONS = [
    {"name": "clock", "label": "Seconds per decision (0 = untimed)", "type": "int", "min": 0, "max": 600,
     "default": 0, "clock": True},
    {"name": "rounds", "label": "Rounds", "type": "int", "min": 1, "max": 5, "default": 1},
]


def roles(players, options):
    """Seat 0 keeps the score (a role, so the lobby's role handling is exercised)."""
    return ["dealer"] + ["player"] * (players - 1)


def validate_options(players, options):
    return check_options(players, options, RULES_VERSION)


def check_options(players, options, current):
    """validate_options for an engine playing rules versions 1 to ``current``."""
    rounds = options.get("rounds", 1)
    errors = [] if isinstance(rounds, int) and 1 <= rounds <= 5 else ["Rounds: 1 to 5."]
    version_problem = contract.rules_version_problem(options, current)
    return errors + [version_problem] if version_problem else errors


def new_game(players, options, seed, now=0.0):
    return start(players, options, seed, now, RULES_VERSION)


def start(players, options, seed, now, current):
    """new_game for an engine playing rules versions 1 to ``current``."""
    if check_options(players, options, current):
        raise IllegalAction("bad options")
    state = {
        "players": players,
        "seed": seed,
        "clock": options.get("clock", 0) or 0,
        "turns_left": players * options.get("rounds", 1),
        "totals": [0] * players,
        "cheers": [0] * players,
        "phase": "turn",
        "current": 0,
        "bids": {},
        "last_bids": None,
        "step": 0,
        "opened_at": options.get("started_at", now),
    }
    return contract.stamp_rules_version(state, contract.chosen_rules_version(options, current))


def _open(state, now):
    state["step"] += 1
    state["opened_at"] = now


def legal_actions(state, seat):
    if state["phase"] == "over" or not isinstance(seat, int):
        return []
    if state["phase"] == "turn":
        if seat == state["current"]:
            return [{"type": "add", "n": {"min": 1, "max": 3}}]
        return [{"type": "cheer"}]
    if str(seat) in state["bids"]:
        return []
    return [{"type": "bid", "n": n} for n in (0, 1, 2)]


def to_act(state):
    if state["phase"] == "turn":
        return [state["current"]]
    if state["phase"] == "window":
        return [s for s in range(state["players"]) if str(s) not in state["bids"]]
    return []


def decision_key(state):
    return state["step"]


def _close_window(state, now, events):
    for seat, bid in state["bids"].items():
        state["totals"][int(seat)] += bid
    state["last_bids"] = [state["bids"][str(s)] for s in range(state["players"])]
    events.append({"code": "bids_revealed", "bids": state["last_bids"], "visible_to": "all"})
    state["bids"] = {}
    state["turns_left"] -= 1
    if state["turns_left"] == 0:
        state["phase"] = "over"
    else:
        state["phase"] = "turn"
        state["current"] = (state["current"] + 1) % state["players"]
    _open(state, now)


def apply(state, seat, action, now):
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    state = copy.deepcopy(state)
    events = []
    if seat is None:
        if not isinstance(action, dict) or action.get("type") != "timeout":
            raise IllegalAction("The system only times out.")
        if state["phase"] == "turn":
            return apply(state, state["current"], {"type": "add", "n": 1}, now)
        for s in range(state["players"]):
            state["bids"].setdefault(str(s), 0)
        _close_window(state, now, events)
        return state, [{"code": "timeout", "visible_to": "all"}] + events
    legal = legal_actions(state, seat)
    resolved = domains.resolve(action, legal)
    if resolved is None:
        raise IllegalAction(domains.explain_mismatch(action, legal) or "You cannot do that now.")
    action = resolved
    kind = action["type"]
    if kind == "cheer":
        # the rule changed in version 2: a cheer counts two (one in the matches of version 1)
        state["cheers"][state["current"]] += 2 if contract.rules_version(state) >= 2 else 1
        events.append({"code": "cheered", "seat": seat, "for": state["current"], "visible_to": "all"})
    elif kind == "add":
        state["totals"][seat] += action["n"]
        events.append({"code": "added", "seat": seat, "n": action["n"], "visible_to": "all"})
        state["phase"] = "window"
        _open(state, now)
    else:
        state["bids"][str(seat)] = action["n"]
        events.append({"code": "bid_placed", "seat": seat, "n": action["n"], "visible_to": [seat]})
        events.append({"code": "bid_in", "seat": seat, "visible_to": "all"})
        if len(state["bids"]) == state["players"]:
            _close_window(state, now, events)
    return state, events


def deadline(state):
    if state["phase"] == "over" or not state["clock"]:
        return None
    return state["opened_at"] + state["clock"], {"type": "timeout"}


def view(state, seat):
    over = state["phase"] == "over" or seat == "all"
    return {
        "phase": state["phase"],
        "current": state["current"],
        "totals": state["totals"],
        "cheers": state["cheers"],
        "bid_in": sorted(int(s) for s in state["bids"]),
        "my_bid": state["bids"].get(str(seat)) if isinstance(seat, int) else None,
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


def replay(players, options, seed, log, now=0.0):
    return contract.replay(sys.modules[__name__], players, options, seed, log, now)


def hidden_leaks(state, seat, sent):
    """Another seat's bid while the window is open, or the seed before the end."""
    if state["phase"] == "over" or seat == "all":
        return []
    leaks = []
    secret = {int(s): n for s, n in state["bids"].items() if int(s) != seat}
    nodes = [sent] if isinstance(sent, dict) else list(sent)
    for node in nodes:
        if node.get("seed") is not None:
            leaks.append("the seed")
        if isinstance(node.get("bids"), dict) and any(int(s) in secret for s in node["bids"]):
            leaks.append("the open window's bids")
        if node.get("code") == "bid_placed" and node.get("seat") in secret:
            leaks.append(f"the bid of seat {node['seat']}")
    return leaks


def first_bot(view, legal, rng):
    return legal[0]


def random_bot(view, legal, rng):
    return domains.sample(rng.choice(legal), rng)

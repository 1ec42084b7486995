"""The engine contract over the table of phases (engine/table.py): new games, legality, who is waited
for, time, ``apply`` and ``apply_legal``.

``apply`` is for direct callers (tests, bots, replays): it lets every due deadline act first, checks
the action against ``legal_actions`` (with a readable refusal) and applies it. The platform applies
due deadlines itself and matches the action against ``legal_actions`` once, then calls
``apply_legal`` with the legal action's own values: no second check.

See docs/rules/sidibaba.md for the rules as played and the action shapes.
"""
import sys

from gamekit import contract, domains

from . import core
from .core import LEADER, IllegalAction, adventurers, blocking, clone, rng
from .data_files import default_mazes, game_data
from .maze import validate as validate_maze
from .phases import chest, dice, events as leader_events, explore, genie, setup
from .supplies import bag_kinds, event_list, validate_event_set, validate_token_mix
from .table import TABLE
from .tokens import build_kinds, fortune

GAME = "sidibaba"
MIN_PLAYERS, MAX_PLAYERS = 3, 7
# The rules new matches are played under (docs/architecture.md, "Changing a rule"): bump it when a rule
# changes, keeping the older rule behind ``contract.rules_version(state)`` for the older versions.
RULES_VERSION = 1

OPTIONS = [
    {"name": "segment_seconds", "label": "Lamp duration (seconds)", "type": "int", "min": 60, "max": 300,
     "default": 180, "clock": True,
     "summary": "%(seconds)s s per lamp"},
    {"name": "maze", "label": "Maze", "type": "choice",
     "choices": [["leader", "The Leader chooses"]] + [[m["key"], m["name"]] for m in default_mazes()],
     "default": "leader"},
]

# Every action type (the page has a control for each one a seat may send; tests/e2e checks it).
HANDLERS = {**setup.HANDLERS, **explore.HANDLERS, **chest.HANDLERS, **dice.HANDLERS, **leader_events.HANDLERS,
            **genie.HANDLERS, "lamp_expired": core.lamp_expired}
SYSTEM_ACTIONS = ("lamp_expired", "setup_timeout", "window_timeout", "resume")


def roles(players, options=None):
    return ["leader"] + ["adventurer"] * (players - 1)


def _maze_choices(options):
    return options.get("maze_choices") or default_mazes()


def validate_options(players, options):
    options = options or {}
    errors = []
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        errors.append("Sidi Baba is played by 3 to 7 players.")
    seconds = options.get("segment_seconds", 180)
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 60 <= seconds <= 300:
        errors.append("A lamp lasts 60 to 300 seconds.")
    if options.get("maze_data") is not None:
        errors += validate_maze(options["maze_data"])
    else:
        keys = [m["key"] for m in _maze_choices(options)]
        if options.get("maze", "leader") not in keys + ["leader"]:
            errors.append("Unknown maze.")
    if options.get("token_mix") is not None:
        errors += validate_token_mix(options["token_mix"])
    if options.get("event_set") is not None:
        errors += validate_event_set(options["event_set"])
    version_problem = contract.rules_version_problem(options, RULES_VERSION)
    if version_problem:
        errors.append(version_problem)
    return errors


def new_game(players, options, seed, now):
    options = options or {}
    errors = validate_options(players, options)
    if errors:
        raise IllegalAction(errors[0])
    data = game_data()
    mazes = _maze_choices(options)
    maze = options.get("maze_data")
    if maze is None and options.get("maze", "leader") != "leader":
        maze = next(m for m in mazes if m["key"] == options["maze"])
    lamps = [0] * players
    line = list(range(1, players))
    for i in range(data["lamps"]):
        lamps[line[i % len(line)]] += 1
    in_bag = bag_kinds(options)
    kinds = build_kinds(players, data, in_bag)
    bag_size = len(in_bag)
    event_kinds = event_list(options)
    per = data["starting_jewels"]["count"]
    hands = [[]] + [list(range(bag_size + per * (s - 1), bag_size + per * s)) for s in range(1, players)]
    state = {
        "game": GAME, "players": players, "seed": seed, "counter": 0, "phase": "setup", "decision": 0,
        "segment_seconds": options.get("segment_seconds", 180), "window_seconds": data["window_seconds"],
        "pause_max_seconds": data["pause_max_seconds"],
        "maze": maze, "mazes": mazes, "kinds": kinds, "event_kinds": event_kinds,
        "setup": {"deadline": now + data["setup_seconds"], "chests": data["chests"], "characters": data["characters"]},
        "characters": [None] * players, "line": line, "lamps": lamps, "lit": None, "leader_lamps": 0, "lamps_out": 0,
        "hands": hands, "bag": list(range(bag_size)), "keeps": [None] * players,
        "pos": None, "entrance": None, "treasure_at": None, "treasure_state": "closed", "chests": [],
        "chests_open": [], "landslides": [], "arrows": [], "leader_at": None, "leader_kept_out": False,
        "event_deck": [], "event_hand": [], "events_used": [], "stolen": [], "genies_spent": [],
        "jewels_paid": [], "curses_out": 0,
        "segment": 0, "ends_at": None, "paused": None, "genie_segment": None,
        "votes": [None] * players, "line_vote": None, "window": None, "pending": [], "moves": 0, "trail": [], "lamp_trail_from": 0,
        "winner": None, "end_reason": None, "last_answer": None,
    }
    contract.stamp_rules_version(state, contract.chosen_rules_version(options, RULES_VERSION))
    deck = list(range(len(event_kinds)))
    rng(state).shuffle(deck)
    state["event_deck"] = deck
    core.draw_leader_event(state, [])  # the Leader starts with one Event face up
    return state


def legal_actions(state, seat):
    if not _is_seat(state, seat):
        return []
    return TABLE.legal(state, seat)


def _is_seat(state, seat):
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]


def to_act(state):
    phase = TABLE.phase(state)
    if phase is None:
        return []
    seats = phase.waiting(state)
    # The line vote goes on beside every decision, but not while time is stopped.
    if state["line_vote"] is not None and state["paused"] is None:
        seats += [s for s in adventurers(state) if state["line_vote"]["votes"][s] is None]
    return sorted(set(seats))


def decision_key(state):
    """Moved by the table each time a transition opens a new decision (core.bump), never by one voice."""
    return state["decision"]


def deadline(state):
    phase = TABLE.phase(state)
    return None if phase is None else phase.due(state)


def _apply_system(state, action, now):
    """Time acts: only the deadline's own action, at the deadline (even when noticed later)."""
    due = deadline(state)
    if due is None or action != due[1] or now < due[0]:
        raise IllegalAction("Time has nothing to do now.")
    events = []
    new = clone(state)
    TABLE.timeout(new, due[0], events)
    return new, events


def apply_legal(state, seat, action, now):
    """Apply ``action``, already one of ``legal_actions(state, seat)`` with the legal action's own values
    (``domains.resolve``), at ``now``; due deadlines must have acted already (the platform does both).

    Seat None is time: its action must be the deadline's, as in ``apply``."""
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat is None:
        return _apply_system(state, action, now)
    new = clone(state)
    events = []
    TABLE.apply(new, seat, action, now, events)
    return new, events


def apply(state, seat, action, now):
    """Apply any action from a direct caller: due deadlines act first, then the action is checked."""
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat is None:
        return _apply_system(state, action, now)
    caught_up = []
    due = deadline(state)
    while due is not None and due[0] <= now and state["phase"] != "over":
        state, evs = _apply_system(state, due[1], due[0])
        caught_up += evs
        due = deadline(state)
    legal = legal_actions(state, seat)
    resolved = domains.resolve(action, legal)  # exact JSON types; the legal action's own values from here on
    if resolved is None:
        raise IllegalAction(_explain(state, seat, action, legal))
    new, events = apply_legal(state, seat, resolved, now)
    return new, caught_up + events


def _explain(state, seat, action, legal):
    if state["phase"] == "over":
        return "The game is over."
    if not isinstance(action, dict):
        return "An action is an object with a type."
    kind = action.get("type")
    if state["paused"] is not None and state["phase"] == "play":
        return "The Leader has stopped time."
    if kind == "vote_move" and type(action.get("move")) is str and len(action["move"]) == 1 \
            and action["move"] in explore.MOVES and blocking(state) is None and state["phase"] == "play":
        why = explore.move_outcome(state, action["move"])[1]
        if why:
            return why
    if kind == "use_genie" and state["genie_segment"] == state["segment"]:
        return "A genie has already been used during this lamp."
    if not any(candidate.get("type") == kind for candidate in legal):
        if kind == "vote_move" and blocking(state) is not None:
            return "Finish what the table is doing first."
        return "That is not yours to do now." if legal else "Nothing is asked of you now."
    return domains.explain_mismatch(action, legal) or "That is not allowed."


def result(state):
    if state["phase"] != "over":
        return None
    players = state["players"]
    fortunes = [0] + [fortune([state["kinds"][t] for t in state["hands"][s]]) for s in range(1, players)]
    teams = [[LEADER], adventurers(state)]
    if state["winner"] == "leader":
        return {"ranks": [1] + [2] * (players - 1), "scores": [1] + [0] * (players - 1), "teams": teams,
                "fortunes": fortunes}
    ranks = [players] + [1 + sum(1 for o in range(1, players) if fortunes[o] > fortunes[s]) for s in range(1, players)]
    return {"ranks": ranks, "scores": fortunes, "teams": teams, "fortunes": fortunes}


def replay(players, options, seed, log, now):
    return contract.replay(sys.modules[__name__], players, options, seed, log, now)


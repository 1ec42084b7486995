"""The engine contract as types, and a check that a module fulfils it.

docs/engine-contract.md explains each function; this file is what the
registry checks when a game registers.
"""
import inspect
from typing import Any, Literal, Protocol, TypedDict

from gamekit import errors

Seat = int
Viewer = int | None | Literal["all"]  # a seat, a spectator (None), or everything (replays)
Action = dict[str, Any]
State = dict[str, Any]


class Event(TypedDict, total=False):
    code: str
    visible_to: Literal["all", "none"] | list[int]


class Result(TypedDict, total=False):
    ranks: list[int]  # per seat, 1 = best, ties share a rank
    scores: list[float]
    teams: list[list[int]]  # seats on one side, where the game has sides


class Option(TypedDict, total=False):
    name: str
    label: str  # English; the platform translates it
    type: Literal["int", "choice", "bool"]
    min: int
    max: int
    choices: list[list[str]]
    default: Any
    help: str
    clock: bool  # a time setting in seconds (0 = none): the lobby shows it as the table's clock


class Engine(Protocol):
    IllegalAction: type[Exception]
    OPTIONS: list[Option]
    RULES_VERSION: int  # the rules new matches are played under; every version from 1 up to it is still played

    def validate_options(self, players: int, options: dict) -> list[str]: ...
    def new_game(self, players: int, options: dict, seed: int, now: float) -> State: ...
    def legal_actions(self, state: State, seat: Seat) -> list[Action]: ...
    def to_act(self, state: State) -> list[Seat]: ...
    def decision_key(self, state: State) -> Any: ...
    def apply(self, state: State, seat: Seat | None, action: Action, now: float) -> tuple[State, list[Event]]: ...
    def deadline(self, state: State) -> tuple[float, Action] | None: ...
    def view(self, state: State, seat: Viewer) -> dict: ...
    def result(self, state: State) -> Result | None: ...
    def replay(self, players: int, options: dict, seed: int, log: list, now: float) -> State: ...
    def hidden_leaks(self, state: State, seat: Viewer, sent: Any) -> list[str]: ...


REQUIRED = (
    "IllegalAction", "OPTIONS", "RULES_VERSION", "validate_options", "new_game", "legal_actions", "to_act",
    "decision_key", "apply", "deadline", "view", "result", "replay", "hidden_leaks",
)
# roles(players, options) -> list[str]: a role key per seat.
# turn_key(state) and default_action(state, seat): together they let the platform play the rest of a
# timed-out turn on defaults at once (docs/engine-contract.md, "Time"); a game without them never does.
# sample_state(view, seat, rng, seen=()): a whole state consistent with what ``seat`` saw (its view and
# the events it was sent), the hidden part drawn with ``rng``; what the search bots simulate on
# (gamekit/ismcts.py). Its view for ``seat`` must equal ``view`` (tests/matches/test_contract.py).
# apply_legal(state, seat, action, now): ``apply`` for an action the caller already matched against
# ``legal_actions`` (the legal action's own values): the platform checks legality once, then calls this;
# ``apply`` keeps the full check for direct callers (tests, bots, replays).
# deadline_for(state, seat): the time (or None) at which the deadline ``seat`` may know of runs out (its own
# clock, the public phase's), where ``deadline`` may be earlier for a reason the seat may not know (Basra: a
# private offer's expiry); what "My matches" shows. Without it every seat is shown ``deadline``'s time.
OPTIONAL = ("roles", "turn_key", "default_action", "to_act_seen_by", "deadline_for", "sample_state", "apply_legal")
# Optional functions that only work together: the platform uses neither without the other.
TOGETHER = (("turn_key", "default_action"),)
# The positional arguments the platform passes each function (counts it may be called with): a function
# must accept them (it may take more, with defaults). sample_state is called with and without ``seen``.
ARGUMENTS = {
    "validate_options": (2,), "new_game": (4,), "legal_actions": (2,), "to_act": (1,), "decision_key": (1,),
    "apply": (4,), "deadline": (1,), "view": (2,), "result": (1,), "replay": (5,), "hidden_leaks": (3,),
    "roles": (2,), "turn_key": (1,), "default_action": (2,), "to_act_seen_by": (2,), "deadline_for": (2,),
    "sample_state": (3, 4),
    "apply_legal": (4,),
}


def missing(module) -> list[str]:
    """The names of the contract that ``module`` lacks."""
    return [name for name in REQUIRED if not hasattr(module, name)]


def optional(engine, name: str):
    """The engine's optional function ``name`` (one of OPTIONAL), or None when the game leaves it out.

    The one way the platform asks for an optional function, so that the list above is the whole of them."""
    if name not in OPTIONAL:
        raise ValueError(f"{name!r} is not an optional function of the engine contract (OPTIONAL)")
    return getattr(engine, name, None)


def provided(engine) -> tuple[str, ...]:
    """The optional functions ``engine`` provides, in the order of OPTIONAL."""
    return tuple(name for name in OPTIONAL if optional(engine, name) is not None)


def _refuses_arguments(fn, count: int) -> bool:
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # no signature to read (some builtins): trust it
        return False
    try:
        signature.bind(*[None] * count)
    except TypeError:
        return True
    return False


def problems(engine) -> list[str]:
    """Everything ``engine`` breaks of the contract, worded for whoever registers the game; [] when none.

    A required name missing; ``IllegalAction`` not a subclass of ``gamekit.errors.IllegalAction``;
    ``OPTIONS`` not a list; a function (required, or optional where present) that is not a function or
    cannot take the arguments the platform passes it; half of a pair of TOGETHER."""
    found = [f"lacks {name}" for name in missing(engine)]
    refusal = getattr(engine, "IllegalAction", None)
    if refusal is not None and not (isinstance(refusal, type) and issubclass(refusal, errors.IllegalAction)):
        found.append("IllegalAction is not a subclass of gamekit.errors.IllegalAction")
    if hasattr(engine, "OPTIONS") and not isinstance(engine.OPTIONS, list):
        found.append(f"OPTIONS is a {type(engine.OPTIONS).__name__}, not a list")
    if hasattr(engine, "RULES_VERSION") and not _is_version(engine.RULES_VERSION):
        found.append(f"RULES_VERSION is {engine.RULES_VERSION!r}, not a whole number from 1")
    for name, counts in ARGUMENTS.items():
        if not hasattr(engine, name):
            continue
        fn = getattr(engine, name)
        if not callable(fn):
            found.append(f"{name} is a {type(fn).__name__}, not a function")
            continue
        for count in counts:
            if _refuses_arguments(fn, count):
                found.append(f"{name} cannot take the {count} arguments the platform passes it")
    for pair in TOGETHER:
        present = [name for name in pair if hasattr(engine, name)]
        if present and len(present) < len(pair):
            absent = [name for name in pair if name not in present]
            found.append(f"{', '.join(present)} without {', '.join(absent)} (they work together)")
    return found


# Rules versions (docs/architecture.md, "Changing a rule"). A match is played under the rules version it was
# created under, for good: the platform stores it (``Match.rules_version``) and hands it back to the engine as
# the option RULES_VERSION_OPTION whenever it starts a game again (a replay, an export's check, an import).
# The engine keeps it in the state (and in the views, so that ``sample_state`` can put it back), and where a
# rule changed, keeps the older rule for the older versions. Version 1 is never written: a state or a view
# without the key is version 1, so that every state and view of version 1 stays byte for byte what it was
# before versions existed (stored matches, recorded logs, the engines' fingerprints).
RULES_VERSION_OPTION = "rules_version"
FIRST_RULES_VERSION = 1


def _is_version(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= FIRST_RULES_VERSION


def rules_version_problem(options, current: int) -> str | None:
    """Why ``options`` ask for a rules version the engine (at ``current``) does not play; None when fine.

    For each engine's ``validate_options``: the option may be absent (the current version)."""
    if not isinstance(options, dict) or RULES_VERSION_OPTION not in options:
        return None
    asked = options[RULES_VERSION_OPTION]
    if not _is_version(asked) or asked > current:
        return f"Unknown rules version {asked!r}: this game plays versions {FIRST_RULES_VERSION} to {current}."
    return None


def chosen_rules_version(options, current: int) -> int:
    """The rules version ``options`` ask for (``current`` when they do not say); for ``new_game``, after
    ``validate_options`` refused any other."""
    if isinstance(options, dict) and _is_version(options.get(RULES_VERSION_OPTION)):
        return options[RULES_VERSION_OPTION]
    return current


def with_rules_version(options: dict, version: int) -> dict:
    """``options`` asking for rules ``version``: what the platform passes ``new_game`` and ``replay``."""
    return dict(options or {}, **{RULES_VERSION_OPTION: version})


def rules_version(state_or_view) -> int:
    """The rules version a state (or a view) is played under: 1 when it does not say."""
    return state_or_view.get(RULES_VERSION_OPTION, FIRST_RULES_VERSION)


def stamp_rules_version(target: dict, version: int) -> dict:
    """Write ``version`` into a new state or a view (in place, and returned); version 1 is left unwritten."""
    if version != FIRST_RULES_VERSION:
        target[RULES_VERSION_OPTION] = version
    return target


def replay(engine, players, options, seed, log, now) -> State:
    """The plain replay every engine may delegate to: new_game, then every logged action."""
    state = engine.new_game(players, options, seed, now)
    for seat, action, at in log:
        state, _events = engine.apply(state, seat, action, at)
    return state


def apply_legal(engine, state, seat, action, now) -> tuple[State, list[Event]]:
    """Apply ``action``, already one of ``legal_actions(state, seat)`` with its own values.

    Engines without ``apply_legal`` check it again in ``apply``; the result is the same."""
    fn = optional(engine, "apply_legal")
    return fn(state, seat, action, now) if fn else engine.apply(state, seat, action, now)


def roles(engine, players, options) -> list[str] | None:
    fn = optional(engine, "roles")
    return fn(players, options) if fn else None


def to_act_seen_by(engine, state, seat) -> list[int]:
    """The seats the game waits for, as ``seat`` (None: a spectator, "all") may know them.

    What the frames and replays show. The clock and the computer players follow the
    whole ``to_act``; a game may hide part of it (Basra: who must answer a private
    offer) with an optional ``to_act_seen_by(state, seat)``."""
    fn = optional(engine, "to_act_seen_by")
    return list(fn(state, seat)) if fn else list(engine.to_act(state))


def deadline_for(engine, state, seat) -> float | None:
    """When the deadline ``seat`` (None: a spectator, "all") may know of runs out, or None (no clock).

    The engine's ``deadline`` is when time acts next, for whatever reason: a seat must not be
    shown it when the reason is hidden from it (a private Basra offer expiring before the
    window's own clock). A game whose deadlines are all public leaves ``deadline_for`` out."""
    fn = optional(engine, "deadline_for")
    if fn:
        return fn(state, seat)
    due = engine.deadline(state)
    return None if due is None else due[0]


def turn_key(engine, state):
    """The turn ``state`` is in (``turn_key``), for a game that also has ``default_action``; else None.

    None means the platform never plays a timed-out turn on defaults (docs/engine-contract.md, "Time")."""
    key, default = optional(engine, "turn_key"), optional(engine, "default_action")
    return key(state) if key and default else None


def clock_options(options: list[Option]) -> list[Option]:
    return [o for o in options if o.get("clock")]


# Turn-based tables (docs/operations.md, "Turn-based tables"): the host picks days per decision
# instead of seconds, and the platform sets every clock option of the game to that many days.
# An engine that accepts them checks a clock's value with ``is_turn_based_clock``.
DAY_SECONDS = 86400
DECISION_DAYS = (1, 2, 3, 7, 14)


def is_turn_based_clock(value) -> bool:
    """True for a clock of whole days among DECISION_DAYS (in seconds)."""
    return (isinstance(value, int) and not isinstance(value, bool)
            and value % DAY_SECONDS == 0 and value // DAY_SECONDS in DECISION_DAYS)

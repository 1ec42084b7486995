"""The engine contract as types, and a check that a module fulfils it.

docs/engine-contract.md explains each function; this file is what the
registry checks when a game registers.
"""
from typing import Any, Literal, Protocol, TypedDict

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
    "IllegalAction", "OPTIONS", "validate_options", "new_game", "legal_actions", "to_act",
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
OPTIONAL = ("roles", "turn_key", "default_action", "to_act_seen_by", "sample_state", "apply_legal")


def missing(module) -> list[str]:
    """The names of the contract that ``module`` lacks."""
    return [name for name in REQUIRED if not hasattr(module, name)]


def replay(engine, players, options, seed, log, now) -> State:
    """The plain replay every engine may delegate to: new_game, then every logged action."""
    state = engine.new_game(players, options, seed, now)
    for seat, action, at in log:
        state, _events = engine.apply(state, seat, action, at)
    return state


def apply_legal(engine, state, seat, action, now) -> tuple[State, list[Event]]:
    """Apply ``action``, already one of ``legal_actions(state, seat)`` with its own values.

    Engines without ``apply_legal`` check it again in ``apply``; the result is the same."""
    fn = getattr(engine, "apply_legal", None)
    return fn(state, seat, action, now) if fn else engine.apply(state, seat, action, now)


def roles(engine, players, options) -> list[str] | None:
    fn = getattr(engine, "roles", None)
    return fn(players, options) if fn else None


def to_act_seen_by(engine, state, seat) -> list[int]:
    """The seats the game waits for, as ``seat`` (None: a spectator, "all") may know them.

    What the frames and replays show. The clock and the computer players follow the
    whole ``to_act``; a game may hide part of it (Basra: who must answer a private
    offer) with an optional ``to_act_seen_by(state, seat)``."""
    fn = getattr(engine, "to_act_seen_by", None)
    return list(fn(state, seat)) if fn else list(engine.to_act(state))


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

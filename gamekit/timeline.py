"""How time acts on a match: the one place, for the service, the driver and the search.

An engine says when time acts (``deadline(state) -> (at, action) | None``). When a deadline falls
due its system action is applied with seat None at the deadline's own time; then, for a game with
``turn_key`` and ``default_action`` (docs/engine-contract.md, "Time"), the seats whose clock ran out
play the rest of that turn on their defaults at once, at the same moment, instead of a fresh clock
opening for nobody. ``expire`` is one deadline, ``advance`` every deadline due by a time, ``act`` a
seat's action at a time (time acting first).

Each applied action is returned as a ``Line`` (seat, action, at, events): seat None for time. How an
action is applied may be given (``apply(state, seat, action, at) -> (state, events)``): the match
service passes its own, which checks, logs and counts each one (matches/services.py).
"""
from typing import NamedTuple

from gamekit import contract

# How many deadlines ``advance`` applies before it decides they fall due without end (an engine bug).
LIMIT = 1000


class Line(NamedTuple):
    seat: int | None  # None: time
    action: dict
    at: float
    events: list


class EndlessDeadlines(RuntimeError):
    """Deadlines keep falling due (or a timed-out turn keeps asking for defaults): a bug in an engine."""


def expire(engine, state, at, action, *, apply=None, limit=LIMIT, partial=False):
    """Time acts once: the deadline's system ``action`` at ``at``, then the absent turn's defaults.

    The seats waited for when the deadline falls due have timed out. When the system action leaves
    the same turn (``turn_key``) waiting only for some of them, the first of them plays its
    ``default_action`` at ``at``, and so on until the turn passes, someone else is waited for, the
    game ends or an engine gives no default. At most ``limit`` defaults: past it EndlessDeadlines,
    or with ``partial`` the turn is left where it is. Returns (state, lines)."""
    apply = apply or engine.apply
    turn = contract.turn_key(engine, state)
    timed_out = set(engine.to_act(state)) if turn is not None else None
    state, events = apply(state, None, action, at)
    lines = [Line(None, action, at, events)]
    if not timed_out:
        return state, lines
    turn_key, default_action = contract.optional(engine, "turn_key"), contract.optional(engine, "default_action")
    for _ in range(limit):
        if engine.result(state) is not None or turn_key(state) != turn:
            return state, lines
        waiting = engine.to_act(state)
        if not waiting or not set(waiting) <= timed_out:
            return state, lines
        default = default_action(state, waiting[0])
        if default is None:
            return state, lines
        state, events = apply(state, waiting[0], default, at)
        lines.append(Line(waiting[0], default, at, events))
    if partial:
        return state, lines
    raise EndlessDeadlines(f"a timed-out turn asked for more than {limit} defaults")


def advance(engine, state, now, *, apply=None, limit=LIMIT, partial=False):
    """Let time act for every deadline due at or before ``now``, each at its own time (``expire``).

    Nothing once the game is over. At most ``limit`` deadlines: past it EndlessDeadlines, or with
    ``partial`` the rest is left for a later call (the service must not hold a match's row long).
    Returns (state, lines)."""
    lines = []
    for _ in range(limit):
        due = engine.deadline(state)
        if due is None or due[0] > now or engine.result(state) is not None:
            return state, lines
        at, action = due
        state, more = expire(engine, state, at, action, apply=apply, limit=limit, partial=partial)
        lines.extend(more)
    if partial:
        return state, lines
    raise EndlessDeadlines(f"deadlines keep falling due without end (more than {limit} by {now})")


def act(engine, state, seat, action, now, *, apply=None, limit=LIMIT):
    """``seat``'s ``action`` at ``now``, on the state time has made by then: every deadline due at or
    before ``now`` is applied first (``advance``). Returns (state, lines), the action's line last;
    the engine's IllegalAction when the rules refuse it."""
    state, lines = advance(engine, state, now, apply=apply, limit=limit)
    state, events = (apply or engine.apply)(state, seat, action, now)
    lines.append(Line(seat, action, now, events))
    return state, lines

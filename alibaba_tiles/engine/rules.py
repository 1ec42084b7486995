"""Ali Baba's treasure cave: the table of phases that joins the rules, as pure functions over plain JSON data.

See docs/rules/alibaba_tiles.md for the rules as played and the action shapes.
Nothing here imports django; the state is JSON-serialisable.  ``apply`` never
mutates its input: it copies the mutable parts by hand (the layout, tile set
and scoring data are shared read-only between states).  The state keeps only
what cannot be derived: the geometry and the tile dicts are computed from
``layout`` / ``tileset`` through the caches in ``derived.py``.

The modules: ``setup`` (options, tile sets, the deal), ``board`` (what may be
taken, removing a tile), ``phases/`` (take, lamp, effect, show, choose: each
with its legal actions, its apply and its timeout, returning a transition),
``flow`` (the end of a turn and of the game), ``table`` (the phases and the
flow as one ``gamekit.phases.PhaseTable``), ``timeout`` (the clock).
"""
import gamekit.domains

from .board import takeable
from .core import ACTION_TYPES, EFFECT_COLOURS, GAME, IllegalAction, copy_state, geo as _geo, is_int, tiles as _tiles
from .phases import PHASES
from .phases.show import refuse as _refuse_during_show
from .setup import OPTIONS, RULES_VERSION, VARIANTS, new_game, validate_options, validate_tileset
from .table import TABLE
from .timeout import apply_timeout, deadline

__all__ = [
    "ACTION_TYPES", "EFFECT_COLOURS", "GAME", "IllegalAction", "OPTIONS", "PHASES", "RULES_VERSION", "VARIANTS", "apply",
    "apply_legal", "deadline",
    "final_scores", "legal_actions", "new_game", "owes", "replay", "result", "takeable", "validate_options",
    "validate_tileset", "_geo", "_tiles",
]


def owes(s):
    """[(seat, decision)] for every seat that owes a decision now."""
    phase = s["phase"]
    if s["finished"]:
        return []
    if phase == "show":
        return [(seat, "show") for seat, t in zip(s["window"], s["shown"], strict=True) if t is None]
    return [(s["current"], phase)]


def legal_actions(state, seat):
    if seat is None:
        return []
    return TABLE.legal(state, seat)


def apply(state, seat, action, now):
    """The contract's apply for direct callers: a player's action must be one of ``legal_actions`` exactly
    (the refusal says what is wrong); then ``apply_legal``."""
    if seat is not None and isinstance(action, dict) and state["phase"] != "over":
        # exact JSON types; the legal action's own values from here on
        resolved = gamekit.domains.resolve(action, legal_actions(state, seat))
        if resolved is None:
            try:
                _check(state, seat, action, now)
                apply_legal(state, seat, action, now)  # raises the friendly message for the common mistakes
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                pass  # the rules tripped over a malformed value: it is simply not a valid action
            raise IllegalAction("That is not a valid action.")
        action = resolved
    _check(state, seat, action, now)
    return apply_legal(state, seat, action, now)


def apply_legal(state, seat, action, now):
    """Apply an action already matched against ``legal_actions(state, seat)`` (the legal action's own values):
    no second match. The clock's action (seat None) still waits for its deadline."""
    if state["finished"]:
        raise IllegalAction("The game is over.")
    if seat is None:
        return apply_timeout(state, action.get("type"), now)
    s = copy_state(state)
    s["now"] = now
    events = []
    TABLE.apply(s, seat, action, now, events)
    return s, events


def _check(state, seat, action, now):
    """The refusals of an action before its phase sees it: the wrong kind, the wrong seat, the wrong time."""
    if not isinstance(action, dict):
        raise IllegalAction("That is not a valid action.")
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise IllegalAction("Unknown action.")
    if state["finished"]:
        raise IllegalAction("The game is over.")
    if isinstance(now, bool) or not isinstance(now, (int, float)):
        raise IllegalAction("The time of the action is missing.")
    if seat is None:
        return  # the clock: apply_legal checks its action and its deadline
    if not is_int(seat) or not 0 <= seat < state["players"]:
        raise IllegalAction("There is no such seat at this table.")
    if kind == "timeout":
        raise IllegalAction("Only the clock can end a turn.")
    phase = state["phase"]
    if phase == "show":
        if kind != "show":
            raise _refuse_during_show(state, seat)
    elif seat != state["current"]:
        if kind == "show":
            raise IllegalAction("Nobody asked you to show a tile.")
        raise IllegalAction("It is not your turn.")
    elif kind != phase:
        raise IllegalAction(PHASES[phase].EXPECTED)


# ---------------------------------------------------------------------------
# result, replay

def final_scores(state):
    f = state["final"]
    return f["totals"] if f else None


def result(state):
    if not state["finished"]:
        return None
    f = state["final"]
    return {"ranks": f["ranks"][:], "scores": f["totals"][:]}


def replay(players, options, seed, log, now=None):
    s = new_game(players, options, seed, now)
    for seat, action, now in log:
        s, _ = apply(s, seat, action, now)
    return s

"""Ali Baba in Basra (Abacus): the pure rules engine, standard library only.

Implements docs/engine-contract.md. A match is a table of phases
(``table.py``, on gamekit/phases.py): each phase module (``phases/``) lists
its legal actions, applies them and knows the default time applies when its
clock runs out, and says where the match goes next; ``flow.py`` and the
phases' own steps (a capture, a chance space...) lead from one decision to
the next."""
import sys

from gamekit import contract
from gamekit.domains import explain_mismatch, resolve

from . import core, views
from .board import validate_board
from .core import IllegalAction
from .data_files import default_data
from .phases import window
from .sampling import sample_state
from .setup import OPTIONS, RULES_VERSION, VARIANTS, validate_options
from .table import PHASES, TABLE, new_game
from .views import deadline_for, hidden_leaks, to_act_seen_by, view, waiting_for

TIMEOUT = {"type": "timeout"}


def legal_actions(state, seat):
    if state["finished"]:
        return []
    if seat is None:
        return [dict(TIMEOUT)] if deadline(state) else []
    return TABLE.legal(state, seat)


def to_act(state):
    return [] if state["finished"] else waiting_for(state)


def decision_key(state):
    return state["decision"]


def turn_key(state):
    """The turn being played, for the platform's absence rule (docs/engine-contract.md, "Time").

    The mover's turn (sell/play, junctions, buying, dice, "?", two cards in, Forty Thieves'
    announce and claims) shares ``["turn", n]``. A window (throw-away, bazaar, giving, x10) is
    nobody's turn: ``None``, so a seat that let its clock run out is never played for in a
    window, and letting a window's clock (or an offer's) run out is never taken as absence.
    The poorest player's choice of who starts round two is its own ``["start", round]``."""
    if state["finished"]:
        return None
    name = state["phase"]["name"]
    if name == "window":
        return None
    if name == "choose_start":
        return ["start", state["round"]]
    return ["turn", state["turn"]]


def default_action(state, seat):
    """What the clock does for ``seat`` now (each phase's ``default``, which its ``timeout`` applies),
    or None when the game waits for nothing from that seat. In a window: that seat's share of the
    window's timeout (decline an offer made to it; give the cheapest card, roll x10, or done)."""
    if state["finished"] or seat not in to_act(state):
        return None
    return PHASES[state["phase"]["name"]].default(state, seat)


def deadline(state):
    phase = state["phase"]
    if state["finished"]:
        return None
    at = window.next_due(phase) if phase["name"] == "window" else phase.get("at")
    return None if at is None else (at, dict(TIMEOUT))


def apply(state, seat, action, now):
    """The contract's apply for direct callers: the action is matched against ``legal_actions`` (the
    refusal says what does not match), then ``apply_legal``."""
    if state["finished"]:
        raise IllegalAction("The game is over.")
    if not isinstance(action, dict):
        raise IllegalAction("That is not a valid action.")
    if seat is None:
        if action != TIMEOUT:
            raise IllegalAction("Unknown action.")
        return apply_legal(state, None, action, now)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
        raise IllegalAction("Only players can make that move.")
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction("It is not your turn.")
    resolved = resolve(action, legal)  # exact JSON types; the legal action's own values from here on
    if resolved is None:
        raise IllegalAction(explain_mismatch(action, legal) or "That is not a valid action.")
    return apply_legal(state, seat, resolved, now)


def apply_legal(state, seat, action, now):
    """Apply an action already matched against ``legal_actions(state, seat)`` (the legal action's own
    values): no second match. The clock's action (seat None) still waits for its deadline."""
    if state["finished"]:
        raise IllegalAction("The game is over.")
    events = []
    if seat is None:
        due = deadline(state)
        if due is None or now < due[0]:
            raise IllegalAction("Time has not run out yet.")
        new = core.copy_state(state)
        TABLE.timeout(new, now, events)
        return new, events
    new = core.copy_state(state)
    TABLE.apply(new, seat, action, now, events)
    return new, events


def result(state):
    return views.final_result(state)


def replay(players, options, seed, log, now):
    return contract.replay(sys.modules[__name__], players, options, seed, log, now)


__all__ = [
    "IllegalAction", "OPTIONS", "RULES_VERSION", "VARIANTS", "validate_options", "new_game", "legal_actions", "to_act",
    "decision_key", "apply", "apply_legal", "deadline", "view", "result", "replay", "hidden_leaks", "validate_board",
    "default_data", "turn_key", "default_action", "to_act_seen_by", "deadline_for", "sample_state",
]

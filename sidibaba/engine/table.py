"""Sidi Baba as a table of phases (gamekit/phases.py): which decision is open, who may act in it, what
time does to it, and the flow that starts the next one.

The phases: ``setup``; ``explore`` (the move vote, with the Leader's window after a move); one per
kind of pending decision (a chest's window, a sharing, a lamp discard vote, dice, a padlock's tokens,
a theft, a genie's offer), the head of ``state["pending"]``; and ``paused``. Beside every decision of
play (not while time is stopped) the line vote and a genie's keep are open: many actions of a
decision are one voice of several and return ``STAY``. An action that moves the table on returns
``NEXT`` (``goto("next")``): the flow step ``next`` starts the queued decisions that need no one (a
chest's draw, an empty theft) through their phases' ``enter`` until one waits, or ends the game, and
returns ``OPENED``: the dispatcher then moves the decision key (``core.bump``).
"""
from gamekit.phases import OPENED, PhaseTable, goto

from . import core
from .core import LEADER, adventurers, blocking
from .phases import chest, dice, events as leader_events, explore, genie, setup

# Open beside every decision of play: the line order vote and keeping one of a genie's three tokens.
SIDE_HANDLERS = {"propose_line": explore.propose_line, "vote_line": explore.vote_line,
                 "call_line_vote": explore.call_line_vote, "keep": genie.keep}


def _side_legal(state, seat):
    return explore.line_legal(state, seat) + genie.keep_legal(state, seat)


def _keepers(state):
    return [s for s in adventurers(state) if state["keeps"][s] is not None]


def _lamp(state):
    return state["ends_at"], {"type": "lamp_expired", "segment": state["segment"]}


def _dispatch(handlers, state, seat, action, now, events):
    return handlers[action["type"]](state, seat, action, now, events)


class Setup:
    """The Leader's placements, the Adventurers' characters and lamps, then "Open Sesame"."""

    handlers = {**setup.HANDLERS, **SIDE_HANDLERS}

    def legal(self, state, seat):
        return setup.legal(state, seat) + explore.line_legal(state, seat)

    def waiting(self, state):
        return setup.waiting(state)

    def due(self, state):
        return state["setup"]["deadline"], {"type": "setup_timeout"}

    def apply(self, state, seat, action, now, events):
        return _dispatch(self.handlers, state, seat, action, now, events)

    def timeout(self, state, now, events):
        return setup.setup_timeout(state, None, {"type": "setup_timeout"}, now, events)


class Explore:
    """Nothing blocks: the Adventurers vote on a move; after a move the Leader's Event window may be open."""

    handlers = {"vote_move": explore.vote_move, "call_move": explore.call_move, "pause": explore.pause,
                "play_event": leader_events.play_event, "pass": leader_events.pass_window,
                "use_genie": genie.use_genie, **SIDE_HANDLERS}

    def legal(self, state, seat):
        return (explore.legal(state, seat) + leader_events.window_legal(state, seat) + genie.legal(state, seat)
                + _side_legal(state, seat))

    def waiting(self, state):
        seats = [s for s in adventurers(state) if state["votes"][s] is None]
        if state["window"] is not None:
            seats.append(LEADER)
        return seats + _keepers(state)

    def due(self, state):
        return _lamp(state)

    def apply(self, state, seat, action, now, events):
        return _dispatch(self.handlers, state, seat, action, now, events)

    def timeout(self, state, now, events):
        return core.lamp_expired(state, None, None, now, events)


class Pending:
    """One kind of queued decision, the head of ``state["pending"]``; ``spec`` is its module's entry."""

    def __init__(self, spec, handlers):
        self.spec = spec
        self.handlers = {**handlers, "pause": explore.pause, **SIDE_HANDLERS}

    def enter(self, state, now, events):
        return _begin(self.spec["begin"], state, now, events)

    def legal(self, state, seat):
        head = blocking(state)
        actions = self.spec["legal"](state, seat, head)
        if seat == LEADER:
            actions.append({"type": "pause"})
        return actions + _side_legal(state, seat)

    def waiting(self, state):
        return list(self.spec["waiting"](state, blocking(state))) + _keepers(state)

    def due(self, state):
        due = _lamp(state)
        head = blocking(state)
        if head.get("deadline") is not None and head["deadline"] < due[0]:
            due = (head["deadline"], {"type": "window_timeout", "decision": state["decision"]})
        return due

    def apply(self, state, seat, action, now, events):
        return _dispatch(self.handlers, state, seat, action, now, events)

    def timeout(self, state, now, events):
        if self.due(state)[1]["type"] == "window_timeout":
            return leader_events.window_timeout(state, None, None, now, events)
        return core.lamp_expired(state, None, None, now, events)


class Paused:
    """The Leader has stopped time: only the resume (his, or the clock's at the pause's limit)."""

    handlers = {"resume": explore.resume}

    def enter(self, state, now, events):
        return explore.stop_time(state, now, events)

    def legal(self, state, seat):
        return [{"type": "resume"}] if seat == LEADER else []

    def waiting(self, state):
        return [LEADER]

    def due(self, state):
        return state["paused"]["until"], {"type": "resume"}

    def apply(self, state, seat, action, now, events):
        return _dispatch(self.handlers, state, seat, action, now, events)

    def timeout(self, state, now, events):
        return explore.resume(state, None, None, now, events)


def _begin(begin, state, now, events):
    """Start the head of the queue: it waits for someone, or is done at once (and leaves the queue)."""
    item = state["pending"][0]
    if not begin(state, item, now, events) and state["pending"] and state["pending"][0] is item:
        state["pending"].pop(0)
    return goto("next")


def _started(state, now, events):
    """``next``: start the head of the queue if it has not started, else the table waits for it."""
    if state["phase"] == "over":
        return goto("over")
    pending = state["pending"]
    if state["phase"] == "play" and pending and not pending[0]["started"]:
        pending[0]["started"] = True
        return goto(pending[0]["kind"])
    return OPENED


def _open_chest(state, now, events):
    """A chest's (or the Treasure's) draw needs no one: it queues the discards and the sharing."""
    return _begin(chest.begin_open_chest, state, now, events)


def _over(state, now, events):
    """The end: what still waited is dropped (its tokens back in the bag)."""
    core.drop_pending(state)
    return OPENED


SPECS = {**chest.PENDING, **dice.PENDING, **leader_events.PENDING, **genie.PENDING}
PENDING_HANDLERS = {  # the actions of each queued decision (beside the pause and the side actions)
    "sharing": {"take": chest.take},
    "discard_vote": {"discard_lamp": chest.discard_vote, "call_discard": chest.call_discard},
    "dice": {"roll": dice.roll, "give": dice.give},
    "padlock_give": {"give_token": dice.give_token},
    "chest_window": {"play_event": leader_events.play_event, "pass": leader_events.pass_window},
    "theft": {"steal": leader_events.steal},
    "genie_offer": {"offer": genie.offer, "confirm": genie.confirm},
}
PHASES = {"setup": Setup(), "explore": Explore(), "paused": Paused(),
          **{kind: Pending(SPECS[kind], handlers) for kind, handlers in PENDING_HANDLERS.items()}}
FLOW = {"next": _started, "open_chest": _open_chest, "over": _over}


def current(state):
    """The name of the open decision's phase; None once the game is over."""
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "setup":
        return "setup"
    if state["paused"] is not None:
        return "paused"
    return state["pending"][0]["kind"] if state["pending"] else "explore"


TABLE = PhaseTable(PHASES, FLOW, current=current, open_decision=lambda state, now: core.bump(state))

"""Time: when the clock of the open decision runs out, and what it does then
(each phase's ``timeout``: the first legal action of its prompt)."""
from .core import IllegalAction, copy_state
from .table import TABLE


def deadline(state):
    if state["finished"] or not state["clock"]:
        return None
    return (state["opened_at"] + state["clock"], {"type": "timeout"})


def apply_timeout(state, kind, now):
    """The clock's move (seat None): only a timeout, and only once the deadline has passed."""
    if kind != "timeout":
        raise IllegalAction("Only players can make that move.")
    dl = deadline(state)
    if dl is None:
        raise IllegalAction("This table has no clock.")
    if now + 1e-6 < dl[0]:
        raise IllegalAction("It is not time yet.")
    s = copy_state(state)
    s["now"] = now
    events = []
    TABLE.timeout(s, now, events)
    return s, events

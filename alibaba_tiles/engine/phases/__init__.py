"""The phases of a turn, one module each, on the shared interface of gamekit/phases.py: ``legal(state, seat)``,
``apply(state, seat, action, now, events)`` on a copy of the state, ``timeout(state, now, events)`` (what the
clock does) and ``enter(state, now, events, **args)``, each returning a ``Transition``; plus ``EXPECTED`` (the
refusal when the mover tries another kind of action).  A phase never calls another phase or the flow: it says
``goto("lamp")``, ``goto("end_turn")``..., and ``engine/table.py`` walks the way."""
from . import choose, effect, lamp, show, take

PHASES = {"take": take, "lamp": lamp, "effect": effect, "show": show, "choose": choose}

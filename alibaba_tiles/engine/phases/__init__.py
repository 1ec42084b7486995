"""The phases of a turn, one module each: ``legal(state, seat)``, ``apply(state, seat, action, now, events)``
on a copy of the state, ``timeout(state, now, events)`` (what the clock does) and ``EXPECTED`` (the
refusal when the mover tries another kind of action).  ``engine/rules.py`` dispatches through PHASES."""
from . import choose, effect, lamp, show, take

PHASES = {"take": take, "lamp": lamp, "effect": effect, "show": show, "choose": choose}

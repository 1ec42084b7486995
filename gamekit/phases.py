"""A game as a table of phases, and the one dispatcher that moves between them.

A phase knows one kind of decision: who may act and how (``legal``), what an
action does (``apply``) and what the clock does (``timeout``). It never calls
another phase or the game's flow: it *returns* a ``Transition`` saying what
comes next, and only ``PhaseTable.follow`` acts on it. The flow (a turn ends,
Ali Baba lands on a space, the game is over) is a table of named steps that
return transitions too, so the whole way from one decision to the next is
data the dispatcher walks.

A transition says one of three things:
- ``STAY``: the same decision goes on (one vote of several counted, one more
  card may be bought); the decision key does not change;
- ``goto(step, **args)``: run a flow step, or enter a phase (its ``enter``),
  which returns the next transition;
- ``OPENED``: a new decision is open. The dispatcher then calls the game's
  ``open_decision(state, now)`` (a new decision key, a fresh clock), so the
  platform learns of a new decision from the transition, never from comparing
  states.

Nothing here imports a framework; docs/engine-contract.md has a worked example.
"""
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]
Events = list[dict[str, Any]]

# More steps than any real chain of flow (a turn passing every seat, a round ending): a loop in a
# game's flow is a bug and must fail loudly instead of hanging a worker.
MAX_STEPS = 200


@dataclass(frozen=True)
class Transition:
    step: str | None = None  # a flow step or a phase to enter next; None: the table now waits
    args: Mapping[str, Any] = field(default_factory=dict)
    opened: bool = False  # a new decision is open (only when step is None)


STAY = Transition()
OPENED = Transition(opened=True)


# goto runs a few times per move: building a frozen dataclass the ordinary way costs about 2 us
# (a setattr per field and the args' default factory), about a tenth of a whole move. A step without
# arguments is therefore built once; one with arguments is filled in directly (the same value,
# equal to Transition(step=..., args=...)). Transitions are never changed after they are made.
_PLAIN: dict[str, Transition] = {}
_new = object.__new__


def goto(step: str, **args) -> Transition:
    if args:
        made = _new(Transition)
        made.__dict__.update(step=step, args=args, opened=False)
        return made
    plain = _PLAIN.get(step)
    if plain is None:
        plain = _PLAIN[step] = Transition(step=step)
    return plain


class Phase(Protocol):
    """One kind of decision. ``enter`` and ``default`` are optional."""

    def legal(self, state: State, seat: int) -> list[Action]: ...
    def apply(self, state: State, seat: int, action: Action, now: float, events: Events) -> Transition: ...
    def timeout(self, state: State, now: float, events: Events) -> Transition: ...


Step = Callable[..., Transition]  # step(state, now, events, **args) -> Transition


class PhaseTable:
    """The phases of one game, its flow steps, and how to tell which phase is current.

    ``current(state)`` names the phase the state is in (None when the game
    waits for nothing, e.g. over). ``open_decision(state, now)`` is the game's
    bookkeeping for a new decision (bump its key, start its clock); it runs
    once per ``OPENED`` transition. All mutate ``state`` in place: the engine
    copies the state once before calling ``apply``/``timeout``.
    """

    def __init__(self, phases: Mapping[str, Phase], flow: Mapping[str, Step], *,
                 current: Callable[[State], str | None], open_decision: Callable[[State, float], None]):
        clash = set(phases) & set(flow)
        if clash:
            raise ValueError(f"a name is both a phase and a flow step: {sorted(clash)}")
        self.phases = dict(phases)
        self.flow = dict(flow)
        self.current = current
        self.open_decision = open_decision

    def phase(self, state: State) -> Phase | None:
        name = self.current(state)
        return None if name is None else self.phases.get(name)

    def legal(self, state: State, seat: int) -> list[Action]:
        phase = self.phase(state)
        return phase.legal(state, seat) if phase is not None else []

    def apply(self, state: State, seat: int, action: Action, now: float, events: Events) -> Transition:
        """Apply a legal action (already matched: the legal action's own values) to ``state`` in place."""
        return self.follow(state, self._current(state).apply(state, seat, action, now, events), now, events)

    def timeout(self, state: State, now: float, events: Events) -> Transition:
        """What the clock does to the current phase, in place."""
        return self.follow(state, self._current(state).timeout(state, now, events), now, events)

    def run(self, state: State, step: str, now: float, events: Events, **args) -> Transition:
        """Start the flow at ``step`` (a new game's first turn, say)."""
        return self.follow(state, goto(step, **args), now, events)

    def follow(self, state: State, transition: Transition, now: float, events: Events) -> Transition:
        """Walk the transitions until the table waits; returns the last one (STAY or OPENED)."""
        for _ in range(MAX_STEPS):
            if not isinstance(transition, Transition):
                raise TypeError(f"a phase or flow step returned {transition!r}, not a Transition")
            if transition.step is None:
                if transition.opened:
                    self.open_decision(state, now)
                return transition
            transition = self._step(transition.step)(state, now, events, **transition.args)
        raise RuntimeError(f"the flow did not settle after {MAX_STEPS} steps (a loop in the game's flow?)")

    def _step(self, name: str) -> Step:
        if name in self.flow:
            return self.flow[name]
        phase = self.phases.get(name)
        enter = getattr(phase, "enter", None)
        if enter is None:
            raise KeyError(f"no flow step or enterable phase called {name!r}")
        return enter

    def _current(self, state: State) -> Phase:
        phase = self.phase(state)
        if phase is None:
            raise LookupError(f"no phase is current (state names {self.current(state)!r})")
        return phase

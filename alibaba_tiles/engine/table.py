"""The treasure cave as a table of phases (gamekit/phases.py): the five phases of a turn, the flow
between turns, which phase a state is in, and what a new decision does (its key moves, its clock starts)."""
from gamekit.phases import PhaseTable

from .core import open_decision
from .flow import FLOW
from .phases import PHASES


def current(s):
    return None if s["finished"] else s["phase"]


TABLE = PhaseTable(PHASES, FLOW, current=current, open_decision=open_decision)

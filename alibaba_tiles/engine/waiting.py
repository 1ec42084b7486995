"""Who the game waits for, and when a new decision opens (the engine contract)."""
from .rules import owes


def to_act(state):
    """The seats whose decision the game waits for: the mover, or every seat still to show a tile."""
    return sorted({seat for seat, _decision in owes(state)})


def decision_key(state):
    """Moves with every new prompt; not when one seat of the yellow window shows its tile."""
    return state["step"]

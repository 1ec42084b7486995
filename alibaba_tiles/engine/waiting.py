"""Who the game waits for, and when a new decision opens (the engine contract)."""
from .rules import legal_actions, owes


def to_act(state):
    """The seats whose decision the game waits for: the mover, or every seat still to show a tile."""
    return sorted({seat for seat, _decision in owes(state)})


def decision_key(state):
    """Moves with every new prompt; not when one seat of the yellow window shows its tile."""
    return state["step"]


def turn_key(state):
    """The turn being played: the same through a turn's take, lamp, effect and yellow prompts."""
    return state["turn"]


def default_action(state, seat):
    """What the clock does for ``seat`` now: the first takeable tile, keep the lamp, skip the effect,
    the first tile in hand or on show (the first legal action of every prompt, as each phase's ``timeout`` does)."""
    legal = legal_actions(state, seat)
    return legal[0] if legal else None

"""Ali Baba in Basra as a table of phases (gamekit/phases.py).

The phases are the decisions a player (or several, in a window) is asked for,
by the name the state carries in ``state["phase"]["name"]``; the flow is every
step between two decisions (a turn starts, Ali Baba lands, a capture goes on,
the round or the game ends). A phase or step says where to go next
(``goto``), that the same decision goes on (``STAY``) or that a new one is open
(``OPENED``: ``core.open_decision`` moves the decision key and starts its clock).
"""
from types import SimpleNamespace

from gamekit.phases import PhaseTable

from . import core, flow, setup
from .phases import buy, capture, chance, dice, forty, round_end, special, turn, window


def _entered_elsewhere(module):
    """A second phase served by ``module`` whose decision is opened by another path (a junction by
    the walk, a claim by the step ``next_claim``): the same rules, no ``enter`` of its own."""
    return SimpleNamespace(legal=module.legal, apply=module.apply, timeout=module.timeout, default=module.default)


PHASES = {
    "turn": turn, "junction": _entered_elsewhere(turn), "pick": buy, "roll": dice, "choose_gang": special,
    "give_back": chance, "window": window, "choose_start": round_end, "announce": forty,
    "claim": _entered_elsewhere(forty),
}

FLOW = {
    **flow.FLOW,
    "round_end": round_end.begin,
    "capture": capture.begin, "capture_next": capture.advance,
    "chance_space": chance.begin, "x50": chance.x50_rolled,
    "special_space": special.begin, "gang_die": special.gang_die_rolled,
    "cave": forty.begin, "cave_dice": forty.dice_rolled, "next_claim": forty.next_claim,
}


def current(state):
    return None if state["finished"] else state["phase"]["name"]


TABLE = PhaseTable(PHASES, FLOW, current=current, open_decision=core.open_decision)


def new_game(players, options, seed, now):
    """A match dealt (``setup.new_state``) and its first turn open."""
    state = setup.new_state(players, options, seed)
    TABLE.run(state, "start_turn", now, [])
    return state

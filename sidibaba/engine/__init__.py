"""Sidi Baba: the pure rules engine (standard library and gamekit only).

Implements docs/engine-contract.md; the rules as played are in docs/rules/sidibaba.md.
"""
from .core import IllegalAction
from .data_files import default_mazes, game_data
from .leaks import hidden_leaks
from .maze import validate as validate_maze
from .rules import (
    OPTIONS,
    RULES_VERSION,
    apply,
    apply_legal,
    deadline,
    decision_key,
    legal_actions,
    new_game,
    replay,
    result,
    roles,
    to_act,
    validate_options,
)
from .sampling import sample_state
from .supplies import default_event_set, default_token_mix, validate_event_set, validate_token_mix
from .views import sight_in, view

__all__ = [
    "IllegalAction", "OPTIONS", "RULES_VERSION", "validate_options", "roles", "new_game", "legal_actions", "to_act",
    "decision_key", "apply", "apply_legal", "deadline", "view", "result", "replay", "hidden_leaks",
    "validate_maze", "default_mazes", "game_data", "sight_in",
    "default_token_mix", "default_event_set", "validate_token_mix", "validate_event_set", "sample_state",
]

"""Ali Baba's treasure cave: the pure rules engine (standard library only).

Implements the engine contract shared by every game (docs/engine-contract.md; docs/architecture.md,
"How a game plugs in"); the rules as played are in docs/rules/alibaba_tiles.md."""
from .data_files import default_layouts, default_tiles, game_rules
from .layout import validate_layout as _validate_layout
from .oracle import hidden_leaks
from .rules import (
    OPTIONS,
    RULES_VERSION,
    VARIANTS,
    IllegalAction,
    apply,
    apply_legal,
    deadline,
    legal_actions,
    new_game,
    replay,
    result,
    validate_options,
    validate_tileset,
)
from .sampling import sample_state
from .views import view
from .waiting import decision_key, default_action, to_act, turn_key


def validate_layout(layout, tiles=None):
    """Errors for a broken layout; ``tiles`` (a tile-set dict) defaults to the shipped set."""
    count = len(default_tiles()["tiles"]) if tiles is None else len(tiles.get("tiles") or [])
    return _validate_layout(layout, tile_count=count)


__all__ = [
    "OPTIONS", "RULES_VERSION", "VARIANTS", "IllegalAction", "apply", "apply_legal", "deadline", "legal_actions", "new_game",
    "replay", "result", "validate_options", "validate_layout", "validate_tileset", "view",
    "default_layouts", "default_tiles", "game_rules", "to_act", "decision_key", "hidden_leaks", "turn_key", "default_action",
    "sample_state",
]

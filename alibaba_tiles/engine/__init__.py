"""Ali Baba's treasure cave: the pure rules engine (standard library only).

The engine contract shared by every game (see ARCHITECTURE.md)."""
from .layout import validate_layout as _validate_layout
from .rules import (
    OPTIONS,
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
from .views import view
from .waiting import decision_key, default_action, to_act, turn_key
from .oracle import hidden_leaks
from .sampling import sample_state
from .data_files import default_layouts, default_tiles, game_rules


def validate_layout(layout, tiles=None):
    """Errors for a broken layout; ``tiles`` (a tile-set dict) defaults to the shipped set."""
    if tiles is None:
        count = len(default_tiles()["tiles"])
    else:
        count = len(tiles.get("tiles") or [])
    return _validate_layout(layout, tile_count=count)


__all__ = [
    "OPTIONS", "VARIANTS", "IllegalAction", "apply", "apply_legal", "deadline", "legal_actions", "new_game",
    "replay", "result", "validate_options", "validate_layout", "validate_tileset", "view",
    "default_layouts", "default_tiles", "game_rules", "to_act", "decision_key", "hidden_leaks", "turn_key", "default_action",
    "sample_state",
]

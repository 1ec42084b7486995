"""Loading the default game data shipped as JSON in ``engine/data/``.

The returned objects are shared and cached: callers must never mutate them.
"""
from gamekit.data import DataFiles, by_key

_load = DataFiles(__file__).load


def default_tiles():
    """The default tile set: {"key", "name", "kinds", "colours", "tiles": [{"id", "kind", "colour"}]}."""
    return _load("tiles.json")


def default_layouts():
    """All shipped layouts, a list of layout dicts."""
    return _load("layouts.json")["layouts"]


def default_layout(key):
    return by_key(default_layouts(), key)


def game_rules():
    """Scoring numbers and variant constants (game.json)."""
    return _load("game.json")

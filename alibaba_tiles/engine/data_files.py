"""Loading the default game data shipped as JSON in ``engine/data/``.

The returned objects are shared and cached: callers must never mutate them.
"""
import json
import os

_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
_CACHE = {}


def _load(name):
    data = _CACHE.get(name)
    if data is None:
        with open(os.path.join(_DIR, name), encoding="utf-8") as fh:
            data = json.load(fh)
        _CACHE[name] = data
    return data


def default_tiles():
    """The default tile set: {"key", "name", "kinds", "colours", "tiles": [{"id", "kind", "colour"}]}."""
    return _load("tiles.json")


def default_layouts():
    """All shipped layouts, a list of layout dicts."""
    return _load("layouts.json")["layouts"]


def default_layout(key):
    for layout in default_layouts():
        if layout["key"] == key:
            return layout
    raise KeyError(key)


def game_rules():
    """Scoring numbers and variant constants (game.json)."""
    return _load("game.json")

"""The default game data shipped as JSON in ``engine/data/`` (shared and cached: never mutate)."""
from gamekit.data import DataFiles, by_key

_load = DataFiles(__file__).load


def game_data():
    """Characters, timings, token kinds, the bag mix and the 20 events (game.json)."""
    return _load("game.json")


def default_mazes():
    return _load("mazes.json")["mazes"]


def default_maze(key):
    return by_key(default_mazes(), key)

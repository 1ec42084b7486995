"""The default game data each engine ships as JSON in its ``engine/data/`` folder."""
import json
import os


class DataFiles:
    """Reads ``<engine>/data/<name>`` once and keeps it: the objects are shared, never mutate them."""

    def __init__(self, engine_file):
        self.folder = os.path.join(os.path.dirname(os.path.abspath(engine_file)), "data")
        self._cache = {}

    def load(self, name):
        data = self._cache.get(name)
        if data is None:
            with open(os.path.join(self.folder, name), encoding="utf-8") as fh:
                data = self._cache[name] = json.load(fh)
        return data


def by_key(items, key):
    """The item of a list of dicts whose "key" is ``key``; KeyError if none."""
    for item in items:
        if item["key"] == key:
            return item
    raise KeyError(key)

"""The default game data shipped as JSON in ``engine/data/``, and the derived
lookups every phase uses (cached; callers never mutate them)."""
import json

from gamekit.data import DataFiles

from . import board as board_rules

_FILES = DataFiles(__file__)
_DEFAULT_DERIVED = None
_DERIVED_BY_ID = {}
_DERIVED_BY_CONTENT = {}
DATA_KEYS = ("board", "cards", "prices", "game")
_CACHE_LIMIT = 64  # states loaded from the database bring new objects each time: keep the caches small


def load(name):
    return _FILES.load(name + ".json")


def default_data():
    return {key: load(key) for key in DATA_KEYS}


class GameData:
    """Game data with its lookups: spaces by id, successors, cards by id, prices."""

    def __init__(self, data):
        self.board = data["board"]
        self.cards = data["cards"]["cards"]
        self.gangs = [g["key"] for g in data["cards"]["gangs"]]
        self.destiny_table = data["cards"]["destiny_table"]
        self.prices = data["prices"]["quarters"]
        self.rules = data["game"]
        self.spaces = {s["id"]: s for s in self.board["spaces"]}
        self.successors = board_rules.successors(self.board)
        self.main_index = {sid: i + 1 for i, sid in enumerate(self.board["route"])}
        self.steps_from_start = board_rules.steps_from_start(self.board)
        self.halfway = len(self.board["route"]) // 2
        self.route_length = len(self.board["route"])
        self.card_gang = [c["gang"] for c in self.cards]
        self.card_value = [c["value"] for c in self.cards]
        self.card_group = [c["group"] for c in self.cards]
        self.card_destiny = [frozenset(c["destiny"]) for c in self.cards]
        self.group_sizes = {}
        for c in self.cards:
            self.group_sizes[c["group"]] = self.group_sizes.get(c["group"], 0) + 1

    def price(self, space_id, gang):
        return self.prices[str(self.spaces[space_id]["quarter"])][gang]

    def destiny_number(self, black, white):
        return self.destiny_table[black - 1][white - 1]


def game_data(custom):
    """The GameData for a state's ``data`` entry (None: the shipped default).

    Looked up by the object's identity first (cheap while one state object is
    in use), then by content (a state loaded again from the database)."""
    if custom is None:
        if _DEFAULT_DERIVED is None:
            _set_default()
        return _DEFAULT_DERIVED
    known = _DERIVED_BY_ID.get(id(custom))
    if known is not None and known[0] is custom:
        return known[1]
    content = json.dumps(custom, sort_keys=True)
    found = _DERIVED_BY_CONTENT.get(content)
    if found is None:
        if len(_DERIVED_BY_CONTENT) >= _CACHE_LIMIT:
            _DERIVED_BY_CONTENT.clear()
        found = _DERIVED_BY_CONTENT[content] = GameData({**default_data(), **custom})
    if len(_DERIVED_BY_ID) >= _CACHE_LIMIT:
        _DERIVED_BY_ID.clear()
    _DERIVED_BY_ID[id(custom)] = (custom, found)
    return found


def _set_default():
    global _DEFAULT_DERIVED
    _DEFAULT_DERIVED = GameData(default_data())

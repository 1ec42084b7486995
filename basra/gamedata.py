"""Seeds the database from the engine's JSON (one source: ``basra/engine/data/``)."""
from django.db import transaction

from basra.engine.data_files import load
from basra.models import Board, CardSet, PriceTable

DEFAULT_KEY = "basra"
DEFAULT_NAMES = {"board": "Basra", "prices": "Basra's quarter prices", "cards": "The bandits of Basra"}


def default_rows():
    """(model, key, name, data) of every shipped piece of game data."""
    board = dict(load("board"))
    key, name = board.pop("key", DEFAULT_KEY), board.pop("name", DEFAULT_NAMES["board"])
    return [
        (Board, key, name, board),
        (PriceTable, DEFAULT_KEY, DEFAULT_NAMES["prices"], load("prices")),
        (CardSet, DEFAULT_KEY, DEFAULT_NAMES["cards"], load("cards")),
    ]


@transaction.atomic
def load_default_data():
    """Upsert the shipped board, price table and card set; running it twice changes nothing."""
    for model, key, name, data in default_rows():
        model.objects.update_or_create(key=key, defaults={"name": name, "data": data})

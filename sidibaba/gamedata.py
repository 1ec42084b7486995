"""Seeds the database from the engine's JSON (one source: ``engine/data/mazes.json`` and ``game.json``)."""
from django.db import transaction

from sidibaba import engine
from sidibaba.models import PLAYED_KEY, EventSet, Maze, TokenMix

SUPPLY_NAMES = {TokenMix: "The standard token mix", EventSet: "The standard twenty events"}


def split_maze(maze: dict):
    """(key, name, body): the engine's maze JSON as a row's columns."""
    return maze["key"], maze["name"], {k: v for k, v in maze.items() if k not in ("key", "name")}


def default_supplies():
    """(model, data) of the shipped token mix and event set."""
    return [(TokenMix, engine.default_token_mix()), (EventSet, engine.default_event_set())]


@transaction.atomic
def load_default_data():
    """Upsert the shipped mazes, token mix and event set; running it twice changes nothing."""
    for maze in engine.default_mazes():
        key, name, body = split_maze(maze)
        Maze.objects.update_or_create(key=key, defaults={"name": name, "data": body})
    for model, data in default_supplies():
        model.objects.update_or_create(key=PLAYED_KEY, defaults={"name": SUPPLY_NAMES[model], "data": data})

"""Seeds the database from the engine's JSON (one source: ``engine/data/mazes.json``)."""
from django.db import transaction

from sidibaba import engine
from sidibaba.models import Maze


def split_maze(maze: dict):
    """(key, name, body): the engine's maze JSON as a row's columns."""
    return maze["key"], maze["name"], {k: v for k, v in maze.items() if k not in ("key", "name")}


@transaction.atomic
def load_default_data():
    """Upsert the shipped mazes; running it twice changes nothing."""
    for maze in engine.default_mazes():
        key, name, body = split_maze(maze)
        Maze.objects.update_or_create(key=key, defaults={"name": name, "data": body})

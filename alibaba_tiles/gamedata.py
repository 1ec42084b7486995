"""Seeds the database from the engine's JSON (one source: ``engine/data/``)."""
from django.db import transaction

from alibaba_tiles import engine
from alibaba_tiles.models import PyramidLayout, TileSet

DEFAULT_TILESET = "default"
DEFAULT_LAYOUT = "standard"


def _split(data):
    body = {k: v for k, v in data.items() if k not in ("key", "name")}
    return data["key"], data["name"], body


@transaction.atomic
def load_default_data():
    """Upsert the shipped tile set and pyramid layouts; running it twice changes nothing."""
    key, name, body = _split(engine.default_tiles())
    TileSet.objects.update_or_create(key=key, defaults={"name": name, "data": body})
    for layout in engine.default_layouts():
        key, name, body = _split(layout)
        PyramidLayout.objects.update_or_create(key=key, defaults={"name": name, "data": body})

"""Seed the shipped tile set and layouts (the same upsert as gamedata.load_default_data)."""
from django.db import migrations


def seed(apps, schema_editor):
    from alibaba_tiles import engine

    TileSet = apps.get_model("alibaba_tiles", "TileSet")
    PyramidLayout = apps.get_model("alibaba_tiles", "PyramidLayout")

    def split(data):
        return data["key"], data["name"], {k: v for k, v in data.items() if k not in ("key", "name")}

    key, name, body = split(engine.default_tiles())
    TileSet.objects.update_or_create(key=key, defaults={"name": name, "data": body})
    for layout in engine.default_layouts():
        key, name, body = split(layout)
        PyramidLayout.objects.update_or_create(key=key, defaults={"name": name, "data": body})


class Migration(migrations.Migration):
    dependencies = [("alibaba_tiles", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]

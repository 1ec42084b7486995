"""Seed the shipped mazes (the same upsert as gamedata.load_default_data)."""
from django.db import migrations


def seed(apps, schema_editor):
    from sidibaba import engine

    Maze = apps.get_model("sidibaba", "Maze")
    for maze in engine.default_mazes():
        body = {k: v for k, v in maze.items() if k not in ("key", "name")}
        Maze.objects.update_or_create(key=maze["key"], defaults={"name": maze["name"], "data": body})


class Migration(migrations.Migration):
    dependencies = [("sidibaba", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]

"""Seed the shipped board, price table and card set (the same upsert as gamedata.load_default_data)."""
from django.db import migrations


def seed(apps, schema_editor):
    from basra.gamedata import default_rows

    for model, key, name, data in default_rows():
        historical = apps.get_model("basra", model.__name__)
        historical.objects.update_or_create(key=key, defaults={"name": name, "data": data})


class Migration(migrations.Migration):
    dependencies = [("basra", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]

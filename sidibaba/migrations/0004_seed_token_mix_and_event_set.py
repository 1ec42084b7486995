"""Seed the shipped token mix and event set (the same upsert as gamedata.load_default_data)."""
from django.db import migrations


def seed(apps, schema_editor):
    from sidibaba import engine

    rows = [("TokenMix", "The standard token mix", engine.default_token_mix()),
            ("EventSet", "The standard twenty events", engine.default_event_set())]
    for model, name, data in rows:
        apps.get_model("sidibaba", model).objects.update_or_create(key="standard", defaults={"name": name, "data": data})


class Migration(migrations.Migration):
    dependencies = [("sidibaba", "0003_token_mix_and_event_set")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]

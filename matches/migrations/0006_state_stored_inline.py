"""The match state kept inside its row on PostgreSQL, compressed with lz4.

Measured under load (docs/performance.md): a treasure cave state is about
4.5 KB of JSON, 2.2 KB once compressed, just over the size at which
PostgreSQL moves a value out of its row. So every move compressed the state
with pglz, wrote two new chunks to the TOAST table and its index, and every
read fetched and decompressed them: a good part of PostgreSQL's CPU per move.
``STORAGE MAIN`` keeps the compressed value in the row while the row fits in a
page, and lz4 compresses several times faster than pglz.
Other databases (SQLite) have no such settings; nothing to do there.
"""
from django.db import migrations

TABLE = "matches_match"


def store_inline(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN state SET STORAGE MAIN")
        cursor.execute("SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)")
        if cursor.fetchone():  # a server built without lz4 keeps pglz
            cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN state SET COMPRESSION lz4")


def store_as_before(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN state SET STORAGE EXTENDED")
        cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN state SET COMPRESSION DEFAULT")


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0005_abandon_grace"),
    ]

    operations = [
        migrations.RunPython(store_inline, store_as_before),
    ]

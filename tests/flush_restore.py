"""After each transactional test, the rows that post_migrate made put back in two inserts.

Django's TransactionTestCase empties every table after each test (`flush`) and then sends
post_migrate, whose two receivers (contenttypes' and auth's) look up every app's models and
insert its content types and permissions again, some fifty queries. Most of this project's
database tests are transactional (their broadcasts run on commit), so that was about 5% of
`make check`'s CPU (a py-spy profile of the run: `emit_post_migrate_signal` under `flush`).

The first flush of a database sends post_migrate as Django does, and the rows it made are kept;
every later flush inserts those same rows, with their own ids, instead. The result is the same
table contents. A post_migrate receiver other than those two (one the project or a new
dependency adds) turns this off: the signal is then sent every time, as Django does.
"""

from django.core.management.commands import flush as flush_command
from django.core.management.sql import emit_post_migrate_signal

KNOWN_RECEIVERS = {"create_contenttypes", "create_permissions"}
_rows_made: dict[str, tuple[list[dict], list[dict]]] = {}


def _only_known_receivers() -> bool:
    from django.apps import apps
    from django.db.models.signals import post_migrate

    names = set()
    for app_config in apps.get_app_configs():  # post_migrate is sent once per app, the app as sender
        sync_receivers, async_receivers = post_migrate._live_receivers(app_config)
        names |= {getattr(receiver, "__name__", repr(receiver)) for receiver in (*sync_receivers, *async_receivers)}
    return names <= KNOWN_RECEIVERS


def _rows(database: str) -> tuple[list[dict], list[dict]]:
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType

    return (list(ContentType.objects.using(database).order_by("pk").values()),
            list(Permission.objects.using(database).order_by("pk").values()))


def restore_or_emit(verbosity, interactive, db, **kwargs):
    """flush's post_migrate: sent on a database's first flush, its rows inserted again on the next ones."""
    if db not in _rows_made or not _only_known_receivers():
        emit_post_migrate_signal(verbosity, interactive, db, **kwargs)
        _rows_made[db] = _rows(db)
        return
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType

    content_types, permissions = _rows_made[db]
    ContentType.objects.using(db).bulk_create([ContentType(**row) for row in content_types])
    Permission.objects.using(db).bulk_create([Permission(**row) for row in permissions])
    ContentType.objects.clear_cache()


def install() -> None:
    flush_command.emit_post_migrate_signal = restore_or_emit

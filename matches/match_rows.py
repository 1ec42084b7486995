"""The match row on the move path: locked and read, then a change written.

This is the one place where the move path's SQL depends on the database. The
choice is made per connection by ``_rows_for(connection)``:

- PostgreSQL (the production fast path, measured in docs/performance.md):
  reading the row through a queryset, then the ORM's insert of each log row
  and save of the match, were about half of a web process's CPU per move, with
  two round trips inside the row lock. There the row is read with one plain
  SELECT ... FOR UPDATE, its JSON decoded with orjson, and the change's log
  rows and the match's new fields go in one statement (an INSERT in a WITH,
  then the UPDATE).
- Any other database (SQLite in the README's default mode): the portable twin,
  plain ORM calls with the same meaning. SQLite has no row locks and ignores
  ``select_for_update``; the default mode opens every transaction with
  ``BEGIN IMMEDIATE`` (``transaction_mode`` in config/settings.py), which takes
  the database's write lock at the start of the transaction, so one writer at
  a time holds the whole database and the others wait (up to the connection's
  ``timeout``): the row lock's guarantee, one writer per match, holds, coarser.

Both twins are tested against the same expectations (tests/matches/test_match_rows.py).
"""
import functools

import orjson
from django.db import connection, models

from matches.models import ActionLog, Match

_JSON_OPTIONS = orjson.OPT_NON_STR_KEYS
_LOG_COLUMNS = ("match", "seq", "seat", "action", "server_time", "events", "created_at")
_JSON_FIELDS = {"action", "events", "state", "result", "undecided_seats"}
# Read on a move only when needed (Django's deferred field: one query on first access): the match's options
# (a treasure cave's layout and tile set, about 4.7 KB of JSON) are wanted on the move path only by the end
# screen of the move that ends the match, and decoding them was half of the row's read (measured in a web
# process under load: the JSON of a locked row decoded in 142 us, against 23 us in a tight loop, each move's
# work running on caches the other processes have just used; docs/performance.md).
DEFERRED_ON_A_MOVE = ("options",)


def lock_match(match_id) -> Match:
    """The match, its row locked until the end of the transaction; Match.DoesNotExist if there is none."""
    return _rows_for(connection).lock_match(match_id)


def write_change(match: Match, fields: list[str], log_rows: list[ActionLog]) -> None:
    """UPDATE the match's ``fields`` (from the instance) and INSERT ``log_rows``."""
    _rows_for(connection).write_change(match, fields, log_rows)


def _rows_for(conn):
    return PostgresqlRows if conn.vendor == "postgresql" else PortableRows


def _json(value) -> str:
    try:  # the option costs as much again, and only a mapping keyed by seat number needs it (matches/frame_text.py)
        return orjson.dumps(value).decode()
    except TypeError:
        return orjson.dumps(value, option=_JSON_OPTIONS).decode()


def _column(model, name) -> str:
    return connection.ops.quote_name(model._meta.get_field(name).column)


class PostgresqlRows:
    """One SELECT ... FOR UPDATE to read, one statement to write (PostgreSQL only).

    The statements' text depends only on the fields written and the number of log rows: each is made once
    per process (``functools.cache``), not on every move (quoting each column again through the connection
    was about a tenth of the move's database work: docs/performance.md, "The profile, and what each change bought")."""

    @staticmethod
    def _placeholder(name) -> str:
        return "%s::jsonb" if name in _JSON_FIELDS else "%s"

    @staticmethod
    def _value(name, value):
        return _json(value) if name in _JSON_FIELDS and value is not None else value

    @classmethod
    @functools.cache
    def _write_sql(cls, fields: tuple[str, ...], log_row_count: int) -> str:
        sql = ""
        if log_row_count:
            row_sql = "(" + ", ".join(cls._placeholder(name) for name in _LOG_COLUMNS) + ")"
            sql = (f"WITH logged AS (INSERT INTO {connection.ops.quote_name(ActionLog._meta.db_table)} "
                   f"({', '.join(_column(ActionLog, name) for name in _LOG_COLUMNS)}) VALUES "
                   + ", ".join([row_sql] * log_row_count) + ") ")
        assignments = ", ".join(f"{_column(Match, name)} = {cls._placeholder(name)}" for name in fields)
        return sql + f"UPDATE {connection.ops.quote_name(Match._meta.db_table)} SET {assignments} WHERE {_column(Match, 'id')} = %s"

    @classmethod
    def write_change(cls, match, fields, log_rows):
        params = []
        for row in log_rows:
            params += [row.match_id if name == "match" else cls._value(name, getattr(row, name)) for name in _LOG_COLUMNS]
        params += [cls._value(name, getattr(match, name)) for name in fields] + [match.pk]
        with connection.cursor() as cursor:
            cursor.execute(cls._write_sql(tuple(fields), len(log_rows)), params)

    @staticmethod
    @functools.cache
    def _lock_sql() -> tuple[str, tuple, list[str]]:
        """The SELECT ... FOR UPDATE, which of the columns it reads are JSON, and their attribute names (the match's
        concrete fields in their order, but those DEFERRED_ON_A_MOVE)."""
        fields = tuple(field for field in Match._meta.concrete_fields if field.attname not in DEFERRED_ON_A_MOVE)
        columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
        sql = (f"SELECT {columns} FROM {connection.ops.quote_name(Match._meta.db_table)} "
               f"WHERE {_column(Match, 'id')} = %s FOR UPDATE")
        return sql, tuple(isinstance(field, models.JSONField) for field in fields), [field.attname for field in fields]

    @classmethod
    def lock_match(cls, match_id):
        sql, is_json, attnames = cls._lock_sql()
        with connection.cursor() as cursor:
            cursor.execute(sql, [match_id])
            row = cursor.fetchone()
        if row is None:
            raise Match.DoesNotExist(f"no match {match_id}")
        values = [
            orjson.loads(value) if json and isinstance(value, (str, bytes)) else value
            for json, value in zip(is_json, row, strict=True)
        ]
        return Match.from_db(connection.alias, attnames, values)


class PortableRows:
    """The same through the ORM, for any database Django supports (see the module's note on SQLite)."""

    @staticmethod
    def write_change(match, fields, log_rows):
        if log_rows:
            ActionLog.objects.bulk_create(log_rows)
        Match.objects.filter(pk=match.pk).update(**{name: getattr(match, name) for name in fields})

    @staticmethod
    def lock_match(match_id):
        return Match.objects.select_for_update().defer(*DEFERRED_ON_A_MOVE).get(pk=match_id)

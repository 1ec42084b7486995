"""The match row on the move path: locked and read, then a change written in one statement.

Measured under load (docs/performance.md): reading the row through a queryset,
then the ORM's insert of each log row and save of the match, were about half
of a web process's CPU per move, with two round trips to PostgreSQL inside
the row lock. Here the row is read with one plain SELECT ... FOR UPDATE, its
JSON decoded with orjson, and the change's log rows and the match's new fields
go in one statement (an INSERT in a WITH, then the UPDATE).
"""
import orjson
from django.db import connection, models

from matches.models import ActionLog, Match

_JSON_OPTIONS = orjson.OPT_NON_STR_KEYS
_LOG_COLUMNS = ("match", "seq", "seat", "action", "server_time", "events", "created_at")
_JSON_FIELDS = {"action", "events", "state", "result"}


def _json(value) -> str:
    return orjson.dumps(value, option=_JSON_OPTIONS).decode()


def _column(model, name) -> str:
    return connection.ops.quote_name(model._meta.get_field(name).column)


def _placeholder(name) -> str:
    return "%s::jsonb" if name in _JSON_FIELDS else "%s"


def _value(name, value):
    return _json(value) if name in _JSON_FIELDS and value is not None else value


def write_change(match: Match, fields: list[str], log_rows: list[ActionLog]) -> None:
    """UPDATE the match's ``fields`` (from the instance) and INSERT ``log_rows``, in one statement."""
    params = []
    sql = ""
    if log_rows:
        row_sql = "(" + ", ".join(_placeholder(name) for name in _LOG_COLUMNS) + ")"
        sql = (f"WITH logged AS (INSERT INTO {connection.ops.quote_name(ActionLog._meta.db_table)} "
               f"({', '.join(_column(ActionLog, name) for name in _LOG_COLUMNS)}) VALUES "
               + ", ".join([row_sql] * len(log_rows)) + ") ")
        for row in log_rows:
            params += [row.match_id if name == "match" else _value(name, getattr(row, name)) for name in _LOG_COLUMNS]
    assignments = ", ".join(f"{_column(Match, name)} = {_placeholder(name)}" for name in fields)
    sql += f"UPDATE {connection.ops.quote_name(Match._meta.db_table)} SET {assignments} WHERE {_column(Match, 'id')} = %s"
    params += [_value(name, getattr(match, name)) for name in fields] + [match.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def lock_match(match_id) -> Match:
    """The match, its row locked until the end of the transaction; Match.DoesNotExist if there is none."""
    fields = Match._meta.concrete_fields
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM {connection.ops.quote_name(Match._meta.db_table)} "
            f"WHERE {_column(Match, 'id')} = %s FOR UPDATE",
            [match_id],
        )
        row = cursor.fetchone()
    if row is None:
        raise Match.DoesNotExist(f"no match {match_id}")
    values = [
        orjson.loads(value) if isinstance(field, models.JSONField) and isinstance(value, (str, bytes)) else value
        for field, value in zip(fields, row)
    ]
    return Match.from_db(connection.alias, [field.attname for field in fields], values)

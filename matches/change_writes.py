"""A change to a match written in one statement: its new action-log rows and the match row's new fields.

Measured under load (docs/performance.md): the ORM's insert of each log row
and save of the match were a third of a web process's CPU per move, and two
round trips to PostgreSQL inside the row lock. Here the rows and the update go
in one statement (an INSERT in a WITH, then the UPDATE), the JSON encoded once
with orjson.
"""
import orjson
from django.db import connection

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

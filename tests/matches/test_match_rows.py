"""The match row on the move path: read as the ORM reads it, and a change written.

Both twins of matches/match_rows.py meet the same expectations: the PostgreSQL
fast path (one statement to write) on PostgreSQL, the portable ORM twin on
whatever database the run has (SQLite in the default-mode run, PostgreSQL too).
"""
import pytest
from django.db import connection
from django.utils import timezone

from matches import match_rows
from matches.match_rows import PortableRows, PostgresqlRows
from matches.models import ActionLog, Match
from matches.services import SeatSpec, create_match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TWINS = [pytest.param(PostgresqlRows, marks=pytest.mark.postgresql, id="postgresql"), pytest.param(PortableRows, id="portable")]


@pytest.fixture(params=TWINS)
def rows(request):
    return request.param


def test_the_move_path_uses_the_fast_path_on_postgresql_and_the_portable_twin_elsewhere():
    expected = PostgresqlRows if connection.vendor == "postgresql" else PortableRows
    assert match_rows._rows_for(connection) is expected


def _match():
    return create_match("countdown", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())], {"clock": 0, "rounds": 1}, seed=3)


def test_rows_and_fields_are_written_and_read_back(rows, django_assert_max_num_queries):
    match = _match()
    now = timezone.now()
    log_rows = [
        ActionLog(
            match_id=match.pk,
            seq=0,
            seat=1,
            action={"type": "bid", "n": 2},
            server_time=10.5,
            events=[{"type": "bid", "to": [1]}],
            created_at=now,
        ),
        ActionLog(match_id=match.pk, seq=1, seat=None, action={"type": "timeout"}, server_time=11.0, events=[], created_at=now),
    ]
    match.state = dict(match.state, marks={0: "x", 1: "y"})
    match.version = 2
    match.updated_at = now
    # the fast path writes the whole change in one statement; the portable twin in two
    with django_assert_max_num_queries(1 if rows is PostgresqlRows else 2):
        rows.write_change(match, ["state", "version", "updated_at"], log_rows)
    saved = Match.objects.get(pk=match.pk)
    assert saved.version == 2 and saved.updated_at == now
    assert saved.state["marks"] == {"0": "x", "1": "y"}  # as json.dumps writes seat keys
    logged = list(saved.actions.order_by("seq").values_list("seq", "seat", "action", "server_time", "events"))
    assert logged == [(0, 1, {"type": "bid", "n": 2}, 10.5, [{"type": "bid", "to": [1]}]), (1, None, {"type": "timeout"}, 11.0, [])]


def test_a_change_without_new_rows_only_updates_the_match(rows):
    match = _match()
    match.result = {"ranks": [1, 2]}
    match.status = Match.Status.FINISHED
    rows.write_change(match, ["status", "result"], [])
    saved = Match.objects.get(pk=match.pk)
    assert saved.status == Match.Status.FINISHED and saved.result == {"ranks": [1, 2]}
    assert not saved.actions.exists()


def test_the_locked_match_is_the_match_the_orm_reads(rows):
    match = _match()
    Match.objects.filter(pk=match.pk).update(result={"ranks": [2, 1]})
    locked = rows.lock_match(match.pk)
    expected = Match.objects.get(pk=match.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(locked, field.attname) == getattr(expected, field.attname), field.name
    assert not locked._state.adding


def test_the_locked_match_reads_its_options_only_when_asked(rows, django_assert_num_queries):
    """The move path does not decode the match's options (matches/match_rows.py, DEFERRED_ON_A_MOVE); code
    that wants them (the end screen) reads them with one query, once."""
    match = _match()
    locked = rows.lock_match(match.pk)
    assert locked.get_deferred_fields() == {"options"}
    with django_assert_num_queries(1):
        assert locked.options == match.options and locked.options == match.options
    assert not locked.get_deferred_fields()


def test_locking_a_missing_match_raises_does_not_exist(rows):
    with pytest.raises(Match.DoesNotExist):
        rows.lock_match(10**9)

"""config/sqlite3: the default mode's transactions take turns within the process, the deadline clock's first."""
import os
import threading

import pytest
from django.db import OperationalError, connection, transaction

from config.sqlite3 import write_turns
from tests.config.test_sqlite3_write_turns import wait_until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the default mode's backend: this run is on PostgreSQL"),
]


def _turns():
    return write_turns.turns_for(os.path.abspath(str(connection.settings_dict["NAME"])))


def _on_a_thread(target, *args):
    """``target`` on a thread of its own with its own connection, closed after; errors kept for the test."""
    errors = []

    def run():
        try:
            target(*args)
        except Exception as error:  # noqa: BLE001 - the test reads it
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.errors = errors
    return thread


def _hold_until(held, release):
    with transaction.atomic():
        held.set()
        assert release.wait(5)


def test_the_default_mode_runs_on_the_backend_whose_writers_take_turns():
    assert connection.settings_dict["ENGINE"] == "config.sqlite3"


def test_the_deadline_clock_writes_before_the_transactions_already_waiting():
    held, release = threading.Event(), threading.Event()
    holder = _on_a_thread(_hold_until, held, release)
    assert held.wait(5)
    order = []

    def write(name, urgent):
        if urgent:
            write_turns.mark_urgent()
        with transaction.atomic():
            order.append(name)

    writers = []
    for name, urgent in [("socket 1", False), ("socket 2", False), ("deadline clock", True)]:
        before = _turns().waiting()
        writers.append(_on_a_thread(write, name, urgent))
        wait_until(lambda before=before: _turns().waiting() == before + 1)
    release.set()
    for thread in [holder, *writers]:
        thread.join(10)
        assert thread.errors == []
    assert order == ["deadline clock", "socket 1", "socket 2"]


def test_a_turn_not_come_within_the_connections_timeout_fails_as_a_locked_database():
    held, release = threading.Event(), threading.Event()
    holder = _on_a_thread(_hold_until, held, release)
    assert held.wait(5)

    def impatient():
        connection.settings_dict = {**connection.settings_dict, "OPTIONS": {**connection.settings_dict["OPTIONS"], "timeout": 0.05}}
        with transaction.atomic():
            pass

    waiter = _on_a_thread(impatient)
    waiter.join(10)
    release.set()
    holder.join(10)
    assert holder.errors == []
    assert [type(e) for e in waiter.errors] == [OperationalError]
    assert "database is locked" in str(waiter.errors[0])
    assert _turns().waiting() == 0
    with transaction.atomic():
        assert _turns().waiting() == 0


def test_a_connection_closed_inside_a_transaction_gives_its_turn_back():
    def close_inside():
        with transaction.atomic():
            connection.close()

    closer = _on_a_thread(close_inside)
    closer.join(10)
    assert closer.errors == []
    _turns().release(_turns().acquire(0.0))


def test_a_failed_transaction_gives_its_turn_back():
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        1 / 0  # noqa: B018 - the failure the rollback follows
    _turns().release(_turns().acquire(0.0))

"""The health check of config/postgresql: no round trip for a sound idle connection, a cut one found and replaced."""
import pytest
from django.db import connection

from tests.config.postgresql_peer import other_connection

# the PostgreSQL backend of config/postgresql: its health check reads the server connection itself
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql]


def _own_backend_query():
    """What PostgreSQL last ran for this test's connection."""
    with other_connection() as other:
        return other.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [connection.connection.info.backend_pid]).fetchone()[0]


def _terminate_own_backend():
    with other_connection() as other:
        # with a timeout, pg_terminate_backend returns once the backend has exited (its goodbye sent)
        assert other.execute("SELECT pg_terminate_backend(%s, 5000)", [connection.connection.info.backend_pid]).fetchone()[0]


def test_the_site_uses_the_backend_whose_check_needs_no_round_trip():
    assert connection.settings_dict["ENGINE"] == "config.postgresql"
    assert connection.vendor == "postgresql"


def test_a_sound_idle_connection_is_usable_without_sending_a_query():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'the last query before the check'")
    assert connection.is_usable()
    assert _own_backend_query() == "SELECT 'the last query before the check'"


def test_a_connection_the_server_ended_is_found_unusable_and_the_next_query_reconnects():
    connection.ensure_connection()
    old_pid = connection.connection.info.backend_pid
    _terminate_own_backend()
    assert not connection.is_usable()
    connection.health_check_done = False
    connection.close_if_health_check_failed()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != old_pid


def test_a_closed_connection_is_not_usable():
    connection.ensure_connection()
    raw = connection.connection
    raw.close()
    assert not connection.is_usable()
    connection.connection = None
    connection.ensure_connection()
    assert connection.is_usable()

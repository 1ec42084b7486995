"""config/celery.py: a worker keeps its database connection from one task to the next, and a task that finds it
broken (the database ended it) runs on a new one, on a real worker with the real Redis broker."""
import time

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app
from matches import job_registry
from matches.tasks import job_lock_key, run_job

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql, pytest.mark.redis]


JOB = "test-record-backend-pid"


def _pids_key():
    return f"{settings.SITE_NAME}:tests:backend-pids"


def record_backend_pid():
    """A maintenance job that writes down the PostgreSQL server process its task's connection talks to (the site
    keeps no task results)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    redis.Redis.from_url(settings.REDIS_URL).rpush(_pids_key(), pid)


@pytest.fixture
def pids():
    """Runs the job as a task (``run_job``) on a worker; each call returns the server process it talked to."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.delete(_pids_key())
    job_registry.register(JOB, record_backend_pid, period=3600.0)
    celery_app.control.purge()
    try:
        with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=10):
            def run():
                run_job.delay(JOB)
                _key, pid = client.blpop([_pids_key()], timeout=15)
                return int(pid)
            yield run
    finally:
        job_registry._jobs.pop(JOB)
        client.delete(_pids_key(), job_lock_key(JOB))


def test_a_worker_keeps_its_connection_from_one_task_to_the_next(pids):
    first = pids()
    assert [pids() for _ in range(3)] == [first] * 3


def test_a_task_after_the_database_ended_the_connection_runs_on_a_new_one(pids):
    ended = pids()
    with connection.cursor() as cursor:  # the test's own connection does what a restarted server does to the worker's
        cursor.execute("SELECT pg_terminate_backend(%s)", [ended])
        assert cursor.fetchone()[0] is True
        for _ in range(50):  # until the server process is gone
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [ended])
            if cursor.fetchone()[0] == 0:
                break
            time.sleep(0.1)
    # The next task finds the connection broken, closes it and opens another: it runs, on a new one.
    assert pids() != ended

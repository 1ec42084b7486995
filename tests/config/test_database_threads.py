"""The database threads of a web process: more of them than the event loop's default pool, each call on one."""
import asyncio
import threading
import traceback
import weakref

import pytest
from django.conf import settings

from config.database_threads import database_call
from tests.collector import collector_off

# database_sync_to_async closes old connections around each call: it touches the database.
pytestmark = pytest.mark.django_db(transaction=True)


async def test_calls_run_on_the_database_threads_not_on_the_event_loop():
    names = await asyncio.gather(*(database_call(lambda: threading.current_thread().name)() for _ in range(4)))
    assert all(name.startswith("database") for name in names)
    assert threading.current_thread().name not in names


@pytest.mark.parametrize("waiting", [8])
async def test_as_many_calls_wait_at_once_as_there_are_threads_beyond_the_default_pool(waiting):
    # A move holds its thread while PostgreSQL answers: more threads than cores + 4 must be able to wait at once.
    assert waiting <= settings.DATABASE_THREADS
    barrier = threading.Barrier(waiting, timeout=10)
    await asyncio.gather(*(database_call(barrier.wait)() for _ in range(waiting)))


class Refused(Exception):
    """A refusal raised on a database thread (a subclass, so that a weak reference can watch it)."""


async def test_an_exception_from_a_database_thread_dies_with_its_handler():
    """A refusal raised on a database thread (a stale move, a refused chat line) is freed once handled, by reference
    counting: asgiref's frame in its traceback held the future holding it, a cycle that only a full collection
    freed, with every frame and state the traceback held (docs/performance.md, "Memory"). Its lines stay, for the logs."""
    def refuse():
        raise Refused("refused")

    with collector_off():
        try:
            await database_call(refuse)()
        except Refused as error:
            assert "refuse" in "".join(traceback.format_tb(error.__traceback__))
            refused = weakref.ref(error)
        # A callback still due on the loop holds the future a moment (the thread sets its result through
        # call_soon_threadsafe); a cycle would hold it for good with the collector off.
        for _ in range(100):
            if refused() is None:
                break
            await asyncio.sleep(0.01)
        assert refused() is None

"""The threads on which a web process's sockets do their database work, away from the event loop.

Channels' own ``database_sync_to_async`` runs every call on one thread per
process; the event loop's default pool has only cores + 4 threads. Measured
under load (docs/performance.md): a move holds its thread for four round trips
to PostgreSQL, and each time PostgreSQL answers, the thread waits for the
interpreter lock while the event loop sends frames; with 6 threads a process
topped out below the moves asked of it while a core sat idle. Each thread keeps
its own database connection, so DATABASE_THREADS x web processes (+ Celery)
must stay under PostgreSQL's max_connections.
"""
import functools
import traceback
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings

_executor = ThreadPoolExecutor(max_workers=settings.DATABASE_THREADS, thread_name_prefix="database")


def database_call(func):
    """``func`` (plain sync code that may use the database) made awaitable on these threads.

    An exception it raises (a refused move, a stale version: common on a socket) comes back with the locals of
    the finished frames it passed through cleared (``traceback.clear_frames``; the lines stay, for the logs):
    asgiref's frame in its traceback holds the future that holds the exception, a cycle through the service's
    frames and the socket's consumer that only a full collection frees (docs/performance.md, "Memory")."""
    call = database_sync_to_async(func, thread_sensitive=False, executor=_executor)

    @functools.wraps(func)
    async def on_a_database_thread(*args, **kwargs):
        try:
            return await call(*args, **kwargs)
        except Exception as error:
            traceback.clear_frames(error.__traceback__)
            raise

    return on_a_database_thread

"""Django's PostgreSQL backend with a health check that costs no round trip when the connection is idle and sound.

Django's CONN_HEALTH_CHECKS sends ``SELECT 1`` before the first query of every
request, and Channels' database_sync_to_async counts each call as a request:
measured under load (docs/performance.md), that was one of the five round
trips of every move. An idle connection has nothing to read: the server
writes to it unasked only when it goes away (a terminated backend, a
shutdown: an error message, then the socket closes) or for a notice. So a
socket with nothing to read is taken as sound, and one with something to
read gets Django's own check, which reads it. A connection cut without a
word from the server (a network partition) is found at its next query
instead; that query fails, and Django closes the connection after it.
"""
import select

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            poller = select.poll()
            poller.register(connection.fileno(), select.POLLIN | select.POLLERR | select.POLLHUP)
            waiting = poller.poll(0)
        except (OSError, ValueError):
            return False
        if not waiting:
            return True
        return super().is_usable()

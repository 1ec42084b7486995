"""An HTTP request's database connection is closed when its response is, in the web process.

Django runs each request's sync code on a thread of its own (asgiref's
ThreadSensitiveContext), and a database connection belongs to a thread: with
CONN_MAX_AGE 60 the request's connection outlives the request, and the thread
ends with it still open. It closes only when the collector frees the thread's
connection object, which sits in a reference cycle: in the web process a full
collection runs every five minutes (config/gc_tuning.py), so five minutes of
page views held as many PostgreSQL connections as requests and reached
max_connections ("sorry, too many clients already", seen in a browser-test run).
Django's own advice for ASGI: no persistent connections for requests. The
sockets' database threads (config/database_threads.py) live as long as the
process and keep theirs: they are the move path, where a reconnection would cost.
"""
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished
from django.db import connections


def close_request_connections(sender, **kwargs):
    """On the request's own thread (Django closes the response there): close its connections."""
    connections.close_all()


def connect():
    """Only for Django's ASGI handler: a test client's requests share the test's connection."""
    request_finished.connect(close_request_connections, sender=ASGIHandler, dispatch_uid="close_request_connections")

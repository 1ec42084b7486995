"""Whose turn it is to write, among one process's threads, in the default mode (SQLite).

SQLite lets one connection write at a time. A connection that finds the file locked does not
queue: its busy handler sleeps and tries again, 1 ms, then 2, 5, 10 ... up to 100 ms between
tries, and any writer that comes while it sleeps takes the lock first. Measured with the
default-mode load gate (bench/gate.py --default-mode, a 2-core machine): when the phase's 80
sockets connected at once, each writing its seat's presence on one of the 8 database threads,
the deadline clock's BEGIN IMMEDIATE waited 330-440 ms while no writer held the lock longer
than 76 ms: it lost every retry. Deadlines came 250-650 ms late at p99.

So the threads of a process take turns here, in order of arrival, before they ask SQLite:
a waiting writer wakes as soon as the one before it commits. A thread marked ``urgent`` (the
deadline clock: matches/scheduler_thread.py) goes before every writer still waiting. Writers of
other processes (a management command) still meet SQLite's busy handler; so does a statement
written outside a transaction (autocommit), which takes SQLite's lock for itself alone.
"""
import heapq
import itertools
import threading
import time

URGENT, NORMAL = 0, 1
_thread = threading.local()


def mark_urgent() -> None:
    """The calling thread's writes go before those of every thread still waiting (the deadline clock's)."""
    _thread.rank = URGENT


def rank() -> int:
    return getattr(_thread, "rank", NORMAL)


class TurnTimeout(Exception):
    """The turn did not come within the connection's timeout (SQLite's own ``timeout``)."""


class WriteTurns:
    """A lock held from a transaction's BEGIN to its COMMIT or ROLLBACK, given in order of rank, then of arrival."""

    def __init__(self):
        self._changed = threading.Condition(threading.Lock())
        self._holder = None
        self._waiting: list = []
        self._arrivals = itertools.count()

    def acquire(self, timeout: float, rank_: int | None = None) -> object:
        """Wait for the turn (at most ``timeout`` seconds: ``TurnTimeout``); returns the token ``release`` takes."""
        token = object()
        with self._changed:
            if self._holder is None and not self._waiting:
                self._holder = token
                return token
            entry = (rank() if rank_ is None else rank_, next(self._arrivals), token)
            heapq.heappush(self._waiting, entry)
            give_up = time.monotonic() + timeout
            while self._holder is not None or self._waiting[0] is not entry:
                left = give_up - time.monotonic()
                if left <= 0:
                    self._waiting.remove(entry)
                    heapq.heapify(self._waiting)
                    self._changed.notify_all()
                    raise TurnTimeout(f"no turn to write within {timeout:g} s")
                self._changed.wait(left)
            heapq.heappop(self._waiting)
            self._holder = token
            return token

    def release(self, token: object) -> None:
        with self._changed:
            if self._holder is not token:
                raise RuntimeError("released a turn not held")
            self._holder = None
            self._changed.notify_all()

    def waiting(self) -> int:
        with self._changed:
            return len(self._waiting)


# One per database file and process: connections to different files never wait for each other.
_by_file: dict[str, WriteTurns] = {}
_by_file_lock = threading.Lock()


def turns_for(name: str) -> WriteTurns:
    with _by_file_lock:
        return _by_file.setdefault(name, WriteTurns())

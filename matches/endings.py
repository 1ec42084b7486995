"""Who is told that a match ended (finished or aborted), after the commit that ended it.

An app that follows matches registers a listener taking the match's id (the tournaments: counting the
match and seating its players again at once, on the clock's lane); the platform never imports it. A
listener must be quick and must not fail the move that ended the match: one that raises is logged.
"""
import logging
from collections.abc import Callable

from django.db import transaction

logger = logging.getLogger(__name__)

_listeners: list[Callable[[int], object]] = []


def register(listener: Callable[[int], object]) -> None:
    """Add a listener (once: registering it again is harmless)."""
    if not callable(listener):
        raise ValueError(f"a listener is a callable, got {listener!r}")
    if listener not in _listeners:
        _listeners.append(listener)


def match_ended(match_id: int) -> None:
    """Inside the transaction that ends the match: every listener is called once it commits."""
    transaction.on_commit(lambda: _tell(match_id))


def _tell(match_id: int) -> None:
    for listener in list(_listeners):
        try:
            listener(match_id)
        except Exception:  # noqa: BLE001 - a listener's failure must not fail the move (its sweep catches up)
            logger.exception("match-end listener %r failed for match %s", listener, match_id)

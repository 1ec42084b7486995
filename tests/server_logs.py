"""What a site's processes write when something went wrong that nobody handled.

The browser tests (tests/e2e/conftest.py) and the smoke test (tests/smoke/) fail
when the site they started logged any of these while they ran.
"""
from matches.services import BOT_REFUSED

SERVER_ERROR_MARKS = ("Traceback (most recent call last)", "Task exception was never retrieved", "Unhandled exception",
                      BOT_REFUSED)


def unhandled_errors(text: str) -> list[str]:
    """The marks of unhandled errors found in a piece of a site's log."""
    return [mark for mark in SERVER_ERROR_MARKS if mark in text]

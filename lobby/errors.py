"""The lobby's refusal: a message a person can read."""
from contextlib import contextmanager

from lobby import quotas


class LobbyError(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


@contextmanager
def quota_errors():
    """A quota exceeded (lobby/quotas.py) is refused as any other lobby error."""
    try:
        yield
    except quotas.QuotaExceeded as exc:
        raise LobbyError(exc.message) from None

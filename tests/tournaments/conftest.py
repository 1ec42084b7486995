import pytest

# The your-turn e-mails' sender for the reminders' tests: a real SMTP server and the in-process sender.
from tests.matches.test_turn_mail import thread_sender  # noqa: F401 - a fixture, used by name


@pytest.fixture(autouse=True)
def _no_view_built_by_another_test():
    """The tournaments' shared views are kept per process by id and version (tournaments/snapshot.py); each test's
    database starts its ids again, so none of another test's may be taken for its own."""
    from tournaments import snapshot

    snapshot._built.clear()
    yield
    snapshot._built.clear()

"""A pytest plugin: the long tests first.

pytest-xdist hands tests out in collection order, and pytest-django puts the database tests first, so the
browser tests came last: a pass ended on one worker's minute-long browser test with the others idle. The
browser tests, the smoke test and the tests marked `slow` (tens of seconds each) now start while every worker
is busy, and the pass ends on the short ones. The others keep pytest-django's order among themselves (the
sort is stable and runs after it: trylast). tests/test_long_first.py checks the order.
"""
import pytest

LONG_MARKERS = ("e2e", "smoke", "slow")


def is_long(item) -> bool:
    return any(item.get_closest_marker(name) for name in LONG_MARKERS)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not is_long(item))

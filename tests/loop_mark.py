"""A pytest plugin (pyproject.toml's addopts): a test that drives no browser runs with no event loop marked as running in its thread.

Playwright's sync API (the browser tests' session-wide ``browser`` fixture, tests/e2e/conftest.py) marks its
event loop as running in the worker's thread between its calls, and its next call expects it so
(``playwright/_impl/_greenlets.py``, ``wait_for_future``). Django takes that mark for an async context and
refuses every database call (SynchronousOnlyOperation): every database test a pytest-xdist worker ran after
its first browser test failed (256 of them, once a group of browser tests was handed out first). The mark is
lifted for the tests that use no ``browser``, their fixtures' set-up and teardown included, and put back
after them for the browser's next call. tests/test_loop_mark.py runs it.
"""
import asyncio

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if "browser" in getattr(item, "fixturenames", ()):
        yield
        return
    marked = asyncio._get_running_loop()
    if marked is not None:
        asyncio._set_running_loop(None)
    try:
        yield
    finally:
        if marked is not None:
            asyncio._set_running_loop(marked)

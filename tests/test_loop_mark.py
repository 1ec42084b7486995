"""tests/loop_mark.py: a database test run after a browser test on the same worker reaches the database.

The browser here is an event loop marked as running in the thread between two tests, as Playwright's sync API
leaves its own; the database call is one Django guards as it guards its own (``async_unsafe``). Run in a
pytest of its own, once with the plugin and once without (the hazard it removes)."""
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.mode_independent

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

IN_TURN = textwrap.dedent('''
    import asyncio

    import pytest
    from django.utils.asyncio import async_unsafe


    @pytest.fixture(scope="session")
    def browser():
        loop = asyncio.new_event_loop()
        asyncio._set_running_loop(loop)  # as Playwright's sync API leaves its loop between calls
        yield loop
        asyncio._set_running_loop(None)
        loop.close()


    @async_unsafe
    def database_call():
        return "answered"


    def test_1_a_browser_test(browser):
        assert asyncio._get_running_loop() is browser


    def test_2_a_database_test_after_it():
        assert database_call() == "answered"


    def test_3_a_browser_test_again(browser):
        assert asyncio._get_running_loop() is browser  # its next call finds the loop as it left it
''')


def _run(tmp_path, *plugins):
    (tmp_path / "test_in_turn.py").write_text(IN_TURN)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not this project's settings (tests.dev_env)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env["PYTHONPATH"] = ROOT
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:django", "-p", "no:xdist",
         *plugins, "-q", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)


def test_a_database_call_after_a_browser_test_is_answered(tmp_path):
    result = _run(tmp_path, "-p", "tests.loop_mark")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout, result.stdout


def test_without_the_plugin_it_is_refused(tmp_path):
    result = _run(tmp_path)
    assert "1 failed, 2 passed" in result.stdout, result.stdout + result.stderr
    assert "SynchronousOnlyOperation" in result.stdout, result.stdout

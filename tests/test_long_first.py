"""tests/long_first.py: the browser, smoke and slow tests are handed out first, the others in their own order."""
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.mode_independent

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MIXED = textwrap.dedent('''
    import pytest

    def test_a_short_one():
        pass

    @pytest.mark.e2e
    def test_a_browser_test():
        pass

    def test_another_short_one():
        pass

    @pytest.mark.slow
    def test_a_slow_one():
        pass

    @pytest.mark.smoke
    def test_the_smoke_test():
        pass

    def test_a_third_short_one():
        pass
''')


def test_the_long_tests_come_first_and_the_others_keep_their_order(tmp_path):
    (tmp_path / "test_mixed.py").write_text(MIXED)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    e2e: b\n    smoke: s\n    slow: l\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env["PYTHONPATH"] = ROOT
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:django", "-p", "no:xdist",
         "-p", "tests.long_first", "--collect-only", "-q", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    order = [line.split("::")[1] for line in result.stdout.splitlines() if "::" in line]
    assert order == ["test_a_browser_test", "test_a_slow_one", "test_the_smoke_test",
                     "test_a_short_one", "test_another_short_one", "test_a_third_short_one"]

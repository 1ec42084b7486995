"""The suite's tool holds what the suite relies on: `--dist loadgroup` runs an `xdist_group` on one worker.

tests/scripts/test_run_supervision.py and tests/smoke/ share one site per module, in order, by an
`xdist_group` mark. With pytest 9.2 pytest-xdist 3.8's grouping stopped silently (it renames node ids,
and pytest 9.2 no longer reads the name it writes: pytest-xdist issue #1386): the tests ran on two
workers, each starting a site of its own, and a test that counted what an earlier one had done to the
shared site failed in CI. pyproject.toml keeps pytest below 9.2; this says so if an upgrade breaks it again.
"""
import os
import re
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.mode_independent

GROUPED = textwrap.dedent('''
    import pytest

    pytestmark = pytest.mark.xdist_group("together")

    @pytest.mark.parametrize("n", range(6))
    def test_grouped(n):
        pass
''')


def test_loadgroup_runs_a_group_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not this project's settings (tests.dev_env)
    # not this run's settings, worker name or options
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-p", "no:cacheprovider",
         "-p", "no:django", "-v", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    workers = set(re.findall(r"^\[(gw\d+)\] .* PASSED", result.stdout, re.MULTILINE))
    assert len(workers) == 1, f"the group ran on {sorted(workers)}:\n{result.stdout}"

"""The browser tests' management commands (tests/e2e/manage_runner.py): one process per site's environment
answers them as `manage.py` would, a failed command raises, and a variable read while a command runs is
that call's own."""
import os
import subprocess

import pytest

from tests.e2e import conftest

# its own SQLite file, whatever the run's mode (so once, in the default mode's pass): no server, no browser
pytestmark = [pytest.mark.mode_independent, pytest.mark.default_mode]


@pytest.fixture
def site_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "REDIS_URL", "SITE_NAME", "TIMER_BACKEND"))}
    env.update(DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings")
    conftest.manage(env, "migrate", "--noinput", "--verbosity", "0")
    return env


def printed_last(env, code):
    """What the code printed last (Django's shell first says how many objects it imported)."""
    return conftest.manage(env, "shell", "-c", code).stdout.splitlines()[-1]


def test_commands_run_in_one_process_and_print_what_manage_py_prints(site_env):
    first, second = (printed_last(site_env, "import os; print(os.getpid())") for _ in range(2))
    assert first == second and first.isdigit()
    out = conftest.manage(site_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "2", "--seed", "1").stdout
    assert "0 errors" in out


def test_a_failing_command_raises_with_its_traceback_and_the_runner_answers_the_next(site_env):
    with pytest.raises(subprocess.CalledProcessError) as failed:
        conftest.manage(site_env, "shell", "-c", "raise ValueError('no such table')")
    assert "ValueError: no such table" in failed.value.stderr
    assert printed_last(site_env, "print(6 * 7)") == "42"


def test_a_variable_read_while_the_command_runs_is_the_calls_own(site_env):
    code = "import os; print(os.environ.get('DJANGO_SUPERUSER_PASSWORD'))"
    with_password = dict(site_env, DJANGO_SUPERUSER_PASSWORD="s3cret-Pass")
    assert printed_last(with_password, code) == "s3cret-Pass"
    assert printed_last(site_env, code) == "None"

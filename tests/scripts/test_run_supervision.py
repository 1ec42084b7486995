"""scripts/run.sh supervises scripts/serve_web.py: losing it leaves no web process serving alone.

Real processes, as `make run` starts them (a process group of its own, Ctrl-C as SIGINT to the group):

- serve_web.py killed (kill -9), its web processes die with it (PR_SET_PDEATHSIG) and run.sh starts it
  again: no orphan serves beside a clock that stopped, and the site answers again within seconds;
- a second run.sh on a port the first serves on refuses at once, before it migrates anything;
- Ctrl-C stops everything and frees the port.

The default mode's site (SQLite in a temporary directory) is started once for the module (migrating a
new database takes most of a minute). The PostgreSQL + Redis mode's run.sh is not started here: on this
machine it took 45 s to serve even on a migrated database of its own (then 13 s from the kill to both
web processes back, the clock's worker and beat the same processes throughout, and 8 s to stop), over
the time a test may take; the web lane is the same code in both modes.
"""
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from serve_web import port_free  # noqa: E402 - scripts/ is not a package

# one site for the module's tests, in order: pytest-xdist keeps them on one worker
pytestmark = [pytest.mark.slow, pytest.mark.mode_independent, pytest.mark.xdist_group("run_supervision")]

# What the tests' environment holds that would point the site at the tests' own backends.
NOT_THE_SITES = {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "SITE_NAME", "SITE_URL", "CHANNEL_PREFIX", "CACHE_PREFIX",
                 "TIMER_BACKEND", "PYTEST_VERSION", "PYTEST_CURRENT_TEST", "PYTEST_ADDOPTS", "SQLITE_PATH", "BEAT_SCHEDULE",
                 "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "WEB_PROCESSES", "BOT_WORKERS", "PORT", "BIND_HOST",
                 "STATIC_ROOT", "DEBUG", "SECRET_KEY"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _status(port) -> int | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def _wait(predicate, seconds) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


def _stat(pid) -> list[str] | None:
    """/proc/PID/stat's fields after the command's name (state, ppid, pgrp, ...); None once gone or a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in "ZX" else fields


def _cmdline(pid) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _group(pgid) -> dict[int, tuple[int, str]]:
    """The live processes of the process group: pid -> (parent pid, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(entry.name)) and int(fields[2]) == pgid:
            found[int(entry.name)] = (int(fields[1]), _cmdline(entry.name))
    return found


def _serve_web(pgid) -> int | None:
    return next((pid for pid, (_ppid, cmd) in _group(pgid).items() if "scripts/serve_web.py" in cmd), None)


def _web_processes(pgid) -> dict[int, int]:
    """uvicorn processes of the group: pid -> parent pid."""
    return {pid: ppid for pid, (ppid, cmd) in _group(pgid).items() if "uvicorn" in cmd}


def _orphans(pgid) -> set[int]:
    """Web processes whose parent is no serve_web.py (reparented to init or a subreaper)."""
    supervisors = {pid for pid, (_ppid, cmd) in _group(pgid).items() if "scripts/serve_web.py" in cmd}
    return {pid for pid, ppid in _web_processes(pgid).items() if ppid not in supervisors}


def _log(path: Path) -> str:
    return path.read_text(errors="replace")[-4000:]


def _start(env, log_path: Path) -> subprocess.Popen:
    with open(log_path, "w") as log:  # the site keeps its own copy of the file
        return subprocess.Popen(["bash", "scripts/run.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)


def _stop(process: subprocess.Popen):
    """Ctrl-C to the group, then kill -9 what is left of it (so that nothing outlives the tests)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=40)
    if not _wait(lambda: not _group(process.pid), 15):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _serving(process, port, log_path, seconds=150):
    def up():
        assert process.poll() is None, f"run.sh exited with {process.returncode}:\n{_log(log_path)}"
        return _status(port) == 200 and _serve_web(process.pid) is not None

    assert _wait(up, seconds), f"run.sh served nothing in {seconds} s:\n{_log(log_path)}"


def _site_env(port, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in NOT_THE_SITES}
    env.update(PORT=str(port), **extra)
    return env


@pytest.fixture(scope="module")
def default_site(tmp_path_factory):
    """run.sh in the default mode (no REDIS_URL, SQLite in a temporary directory) on a free port."""
    tmp = tmp_path_factory.mktemp("run-supervision")
    port = _free_port()
    log_path = tmp / "run.log"
    process = _start(_site_env(port, SQLITE_PATH=str(tmp / "db.sqlite3")), log_path)
    try:
        _serving(process, port, log_path)
        yield process, port, log_path, tmp
    finally:
        _stop(process)


def test_a_second_run_on_the_same_port_refuses_before_migrating(default_site):
    first, port, _log_path, tmp = default_site
    database = tmp / "second.sqlite3"
    started = time.monotonic()
    second = subprocess.run(["bash", "scripts/run.sh"], cwd=ROOT, env=_site_env(port, SQLITE_PATH=str(database)),
                            capture_output=True, text=True, timeout=30, start_new_session=True)
    assert second.returncode != 0
    assert f"port {port} on 127.0.0.1 is already in use (another `make run`?)" in second.stderr
    assert time.monotonic() - started < 15
    assert not database.exists()  # nothing migrated
    assert "Applying" not in second.stdout
    assert first.poll() is None and _status(port) == 200
    assert len(_web_processes(first.pid)) == 1  # nothing else listens beside the first site


def test_a_killed_serve_web_takes_its_web_processes_with_it_and_is_restarted(default_site):
    process, port, log_path, _tmp = default_site
    supervisor = _serve_web(process.pid)
    web = set(_web_processes(process.pid))
    assert web and all(ppid == supervisor for ppid in _web_processes(process.pid).values())
    os.kill(supervisor, signal.SIGKILL)
    # no web process of the killed supervisor serves on, unsupervised
    assert _wait(lambda: not any(_stat(pid) for pid in web), 10), (web, _group(process.pid))
    assert not _orphans(process.pid)
    # run.sh started serve_web.py again, and the site answers
    assert _wait(lambda: _status(port) == 200, 15), _log(log_path)
    assert _serve_web(process.pid) not in (None, supervisor)
    assert not _orphans(process.pid) and len(_web_processes(process.pid)) == 1
    assert process.poll() is None
    assert "exited (137); restarting it in 1 s" in _log(log_path)


def test_ctrl_c_stops_everything_and_frees_the_port(default_site):
    process, port, log_path, _tmp = default_site
    assert _status(port) == 200
    logged_before = len(log_path.read_bytes())
    os.killpg(process.pid, signal.SIGINT)
    process.wait(timeout=30)
    assert _wait(lambda: not _group(process.pid), 15), _group(process.pid)
    assert port_free("127.0.0.1", port)
    # serve_web.py stopped by Ctrl-C (exit 0) is not started again (counted from the Ctrl-C on: the
    # module's site is shared, and an earlier test's kill restarted it once)
    since_ctrl_c = log_path.read_bytes()[logged_before:].decode(errors="replace")
    assert "restarting it in" not in since_ctrl_c, since_ctrl_c

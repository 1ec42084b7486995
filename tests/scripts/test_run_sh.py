"""scripts/run.sh (`make run`) with DEBUG off: it collects the static files itself, so the pages and their files are served."""
import re
import secrets
import shutil
import tempfile
import urllib.request
from pathlib import Path

import pytest

from tests.scripts.test_run_supervision import _free_port, _serving, _site_env, _start, _stop, port_free
from tests.server_logs import unhandled_errors

HASHED_STATIC = re.compile(r"""["'](/static/[\w/.-]+\.[0-9a-f]{12}\.(?:css|js|svg))["']""")
# run.sh on its own SQLite database, whatever the run's backends: once per make test
pytestmark = [pytest.mark.slow, pytest.mark.mode_independent]


def _get(url):
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.status, response.read().decode()


def test_run_sh_with_debug_off_collects_the_static_files_and_serves_them():
    """Default mode (SQLite, no Redis) on a loopback address with DEBUG=0: before the fix every page was a 500
    ("Missing staticfiles manifest entry") until someone ran collectstatic by hand."""
    workdir = Path(tempfile.mkdtemp(prefix="alibaba-run-sh-"))
    static_root = workdir / "static"  # never the checkout's own staticfiles/
    port = _free_port()
    env = _site_env(port, BIND_HOST="127.0.0.1", DEBUG="0", SECRET_KEY=secrets.token_hex(40),
                    SITE_URL=f"http://127.0.0.1:{port}", STATIC_ROOT=str(static_root), SQLITE_PATH=str(workdir / "db.sqlite3"),
                    SECURE_SSL_REDIRECT="0",  # plain HTTP on this machine; everything else as in production
                    # no bot process pool: its fork server, still importing the games when this test's Ctrl-C comes
                    # a second after the start, prints the KeyboardInterrupt's traceback (no computer player plays here)
                    BOT_PROCESSES="0")
    log_path = workdir / "run.log"
    process = _start(env, log_path)
    try:
        _serving(process, port, log_path)
        base = f"http://127.0.0.1:{port}"
        status, lobby = _get(f"{base}/")
        assert status == 200
        status, rules = _get(f"{base}/rules/basra/")
        assert status == 200
        static = sorted(set(HASHED_STATIC.findall(lobby)) | set(HASHED_STATIC.findall(rules)))
        assert static, "no hashed /static/ URL in the pages"
        for url in static:
            status, body = _get(base + url)
            assert status == 200 and body, url
        assert (static_root / "staticfiles.json").is_file()  # collected where STATIC_ROOT said
    finally:
        # Ctrl-C, as the README says: everything run.sh started stops.
        _stop(process)
        text = log_path.read_text()
        shutil.rmtree(workdir, ignore_errors=True)
    assert "DEBUG=0" in text and "static files copied" in text, text[-3000:]
    assert not unhandled_errors(text), text[-3000:]
    assert port_free("127.0.0.1", port)  # a new server binds it: nothing of the site is left on it

"""The newcomer's smoke test: what the README says, done from outside.

A clean copy of the project (the files git would hand a new clone, the work
tree's changes included) is started with the README's own `make run` on a
free port, as a separate process group. A client that knows only HTTP and the
match socket (tests/smoke/client.py) logs in as a demo account, creates a
table of each game with computer players in the other seats, starts it, plays
it to the end from its seat's own `legal` actions, and checks the end screen,
the history page and the replay. Then Ctrl-C stops the site, which must free
its port.

`make test` runs this twice (README): in its PostgreSQL + Redis run the site
gets its own database and Redis database and `make run` starts the Celery
worker and beat beside it; in its default-mode run the site gets no
environment at all, as a newcomer's first `make run` (SQLite, the in-process
channel layer, timers on the web process).
"""
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from gamekit import domains
from tests.server_logs import unhandled_errors
from tests.smoke.client import NewcomerClient

# one site for the three games: pytest-xdist keeps the module's tests on one worker
pytestmark = [pytest.mark.smoke, pytest.mark.xdist_group("smoke")]

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DEFAULT_MODE = not os.environ.get("DATABASE_URL", "").startswith("postgres")
MODE = "default" if DEFAULT_MODE else "postgresql-redis"
SMOKE_DATABASE = os.environ.get("SMOKE_DATABASE", "alibaba_smoke")
SMOKE_REDIS_URL = os.environ.get("SMOKE_REDIS_URL", "redis://127.0.0.1:6379/4")
DEMO_USER, DEMO_PASSWORD = "alice", "demo-password-1"
# What the environment of the machine may hold that a newcomer's shell would not.
NOT_A_NEWCOMERS = {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "SITE_NAME", "SITE_URL", "CHANNEL_PREFIX", "CACHE_PREFIX",
                   "TIMER_BACKEND", "PYTEST_VERSION", "PYTEST_CURRENT_TEST", "PYTEST_ADDOPTS", "SQLITE_PATH",
                   "BEAT_SCHEDULE", "DEBUG", "SECRET_KEY", "MAKEFLAGS", "MAKELEVEL", "MFLAGS",
                   # the tests' fast password hasher (tests/dev_env.py): a newcomer's site hashes as Django does
                   "FAST_PASSWORD_HASHER", "PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _first_page_answered(base_url: str, seconds: float) -> bool:
    """Whether the log-in page answers within ``seconds``.

    The port opens before the site can answer: scripts/serve_web.py binds it, then its web
    processes load Django while the Celery workers and beat load it too (3.4 s on a quiet
    machine here; over 30 s once, at the end of a CI's PostgreSQL pass beside three busy
    workers and their browsers, where the newcomer's first GET timed out). A person's browser
    waits for that first page; so does this, rather than the client's 30 s per request.
    """
    try:
        with urllib.request.urlopen(base_url + "/accounts/login/", timeout=seconds) as response:
            return response.status == 200
    except (OSError, urllib.error.URLError):
        return False


def clean_copy(destination: Path) -> Path:
    """The files a fresh clone would have, as they are in this work tree (no database, no caches, no artefacts).

    The copy shares this tree's virtualenv, which `make test` has just brought up
    to date: `make run` then finds its install stamp newer than pyproject.toml and
    requirements.lock and goes straight to the site, as on a newcomer's second run.
    """
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if not source.is_file() or source.is_symlink():
            continue
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    (destination / ".venv").symlink_to(ROOT / ".venv")
    stamp = (ROOT / ".venv" / ".installed-stamp").stat().st_mtime
    for name in ("pyproject.toml", "requirements.lock"):
        os.utime(destination / name, (stamp - 1, stamp - 1))
    return destination


def _site_environment(port: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in NOT_A_NEWCOMERS}
    env.update(PORT=str(port), BOT_THINK_SECONDS="0.1")
    if not DEFAULT_MODE:
        env.update(DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{SMOKE_DATABASE}", REDIS_URL=SMOKE_REDIS_URL)
    return env


def _fresh_backends():
    """The PostgreSQL + Redis site starts on an empty database and an empty Redis database of its own."""
    if DEFAULT_MODE:
        return
    import psycopg
    import redis

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{SMOKE_DATABASE}" WITH (FORCE)')
    redis.Redis.from_url(SMOKE_REDIS_URL).flushdb()


@pytest.fixture(scope="module")
def site():
    """The README's `make run` in a clean copy, served on a free port; yields (base URL, log path)."""
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"smoke-{MODE}{os.environ.get('PYTEST_XDIST_WORKER', '')}.log"
    workdir = Path(tempfile.mkdtemp(prefix="alibaba-smoke-"))
    copy = clean_copy(workdir / "alibaba")
    _fresh_backends()
    port = _free_port()
    with open(log_path, "w") as log:
        process = subprocess.Popen(["make", "run"], cwd=copy, env=_site_environment(port), stdout=log,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    base_url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            assert process.poll() is None, f"make run exited with {process.returncode}:\n{log_path.read_text()[-3000:]}"
            if _port_open(port):
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"make run served nothing in 120 s:\n{log_path.read_text()[-3000:]}")
        opened = time.monotonic()
        while not _first_page_answered(base_url, 30):
            assert process.poll() is None, f"make run exited with {process.returncode}:\n{log_path.read_text()[-3000:]}"
            waited = time.monotonic() - opened
            assert waited < 180, (f"the site's port opened but its log-in page had not answered {waited:.0f} s later:\n"
                                  f"{log_path.read_text()[-3000:]}")
            time.sleep(0.5)
        yield base_url, log_path, process
    finally:
        # Ctrl-C, as the README says: everything `make run` started stops and the port is free again.
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def _bot_policy(game: str):
    """The client's own way of choosing: the game's computer player, fed the frame this seat received."""
    if game == "alibaba_tiles":
        from alibaba_tiles.bots import BOTS
        return BOTS["greedy"]
    if game == "basra":
        from basra.bots import BOTS
        return BOTS["merchant"]
    from sidibaba.bots import BOTS
    return BOTS["explorer"]


# game -> (seats, the table form's options, the computer player in the other seats, the longest a match may take)
TABLES = {
    "alibaba_tiles": (2, {"variant": "standard", "clock": "0"}, "greedy", 300),
    "basra": (3, {"variant": "standard", "turn_seconds": "0", "window_seconds": "10", "bazaar_seconds": "10"}, "merchant", 600),
    "sidibaba": (3, {"segment_seconds": "60", "maze": "grotto"}, "explorer", 1200),
}


def _create_table(client: NewcomerClient, game: str) -> int:
    seats, options, bot, _limit = TABLES[game]
    status, url, body = client.post_form("/", "/tables/new/", dict(options, game=game, seats=str(seats)))
    match = re.search(r"/tables/(\d+)/$", url)
    assert status == 200 and match, f"the table was not created: {status} {url}"
    table = int(match.group(1))
    for seat in range(1, seats):
        status, url, _body = client.post_form(f"/tables/{table}/", f"/tables/{table}/bot/", {"seat": seat, "bot": bot})
        assert status == 200 and url.endswith(f"/tables/{table}/"), (status, url)
    status, url, body = client.post_form(f"/tables/{table}/", f"/tables/{table}/start/", {})
    started = re.search(r"/matches/(\d+)/$", url)
    assert status == 200 and started, f"the match did not start: {status} {url} {body[:500]}"
    return int(started.group(1))


def _play_to_the_end(sock, game: str, time_limit: float) -> tuple[dict, int]:
    """Answer every decision the game waits for from this seat until the match is over; (last view, decisions)."""
    policy, rng = _bot_policy(game), random.Random(7)
    decisions, started = 0, time.monotonic()
    while True:
        left = time_limit - (time.monotonic() - started)
        frame = sock.wait_for(lambda f: f["status"] != "running" or (f["seat"] in f["to_act"] and f["legal"]), left)
        if frame["status"] != "running":
            return frame, decisions
        version, errors = frame["version"], len(sock.errors)
        try:
            action = domains.fill(policy(frame["view"], frame["legal"], rng), rng)
        except Exception:  # a policy that cannot read this prompt: any legal action will do for the smoke test
            action = domains.sample(rng.choice(frame["legal"]), rng)
        sock.act(action, version)
        decisions += 1
        # Either the match moves on or the server says why not (an illegal choice is answered at once).
        sock.wait_for(lambda f, version=version, errors=errors: f["version"] > version or len(sock.errors) > errors, time_limit)
        refused = sock.errors[errors:]
        assert all(error["code"] in {"illegal", "stale"} for error in refused), refused
        if any(error["code"] == "illegal" for error in refused):
            # The computer player's choice was refused (a rules corner): answer with a plainly legal action.
            sock.act(domains.sample(rng.choice(frame["legal"]), rng), version)
            sock.wait_for(lambda f, version=version, errors=errors: f["version"] > version or len(sock.errors) > errors + 1,
                          time_limit)


@pytest.mark.parametrize("game", list(TABLES))
def test_a_newcomer_plays_a_whole_match_with_computer_players(site, game):
    base_url, log_path, process = site
    log_start = log_path.stat().st_size
    client = NewcomerClient(base_url)
    client.log_in(DEMO_USER, DEMO_PASSWORD)
    match_id = _create_table(client, game)

    sock = client.match_socket(match_id)
    try:
        first = sock.wait_for(lambda f: True, 30)
        assert first["seat"] == 0 and first["match"] == match_id
        final, decisions = _play_to_the_end(sock, game, TABLES[game][3])
        # The ratings are recorded just after the last move (by the worker, or the default mode's timer
        # thread); a frame of the same version follows with them.
        final = sock.wait_for(lambda f: all(p["rating"]["state"] != "pending" for p in f["end"]["players"]), 60)
    finally:
        sock.close()

    assert decisions > 0
    assert final["seat"] == 0, "the seat was handed to a computer player: the person was taken for gone"
    assert final["status"] == "finished" and not final["legal"]
    seats = TABLES[game][0]
    end = final["end"]
    assert sorted(p["seat"] for p in end["players"]) == list(range(seats))
    assert all(isinstance(p["place"], int) and 1 <= p["place"] <= seats for p in end["players"])
    me = next(p for p in end["players"] if p["seat"] == 0)
    assert me["name"] == DEMO_USER
    assert me["rating"]["state"] == "rated" and "change" in me["rating"]
    assert end["replay_url"] == f"/matches/{match_id}/replay/"

    # The history lists it; the replay page and its data show the same match, to its last step.
    status, _url, history = client.get("/matches/")
    assert status == 200 and f"/matches/{match_id}/" in history
    status, _url, page = client.get(end["replay_url"])
    assert status == 200 and f"/matches/{match_id}/replay.json" in page
    steps = final["version"]
    replay = client.get_json(f"/matches/{match_id}/replay.json?from={steps}&to={steps}")
    assert replay["steps"] == steps
    assert replay["frames"][-1]["version"] == steps
    assert replay["frames"][-1]["view"] == final["view"]
    first_steps = client.get_json(f"/matches/{match_id}/replay.json?from=0&to=2")
    assert [f["version"] for f in first_steps["frames"]] == [0, 1, 2]
    exported = client.get_json(f"/matches/{match_id}/export.json")
    assert len(exported["actions"]) == steps and exported["seats"][0]["username"] == DEMO_USER

    assert process.poll() is None, "the site stopped while the match was played"
    with open(log_path, "rb") as log:
        log.seek(log_start)
        logged = log.read().decode("utf-8", "replace")
    assert not unhandled_errors(logged), f"the site logged an unhandled error:\n{logged[-4000:]}"

"""A real site for browser tests, as `make run` serves it, in the mode of the test run.

On PostgreSQL + Redis (the first run of `make test`): the web process
(config/web_server.py) and a Celery worker with beat consuming every lane, on their own database
(alibaba_e2e) and Redis database (2). In the default-mode run (no DATABASE_URL,
no REDIS_URL): the web process alone on a SQLite file, with the in-process
channel layer and timer thread, as a newcomer's `make run` serves it; only the
tests marked `default_mode` run there.

Every test fails if the site's processes logged a traceback or an unretrieved
task exception while it ran (tests/e2e/conftest.py, `no_server_errors`).
"""
import atexit
import collections
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from config.web_server import web_command
from tests.server_logs import unhandled_errors

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("E2E_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
E2E_DATABASE = os.environ.get("E2E_DATABASE", "alibaba_e2e")
# each pytest-xdist worker starts a site of its own (tests/dev_env.py): its log and beat schedule are its own
WORKER_SUFFIX = f"-{os.environ['PYTEST_XDIST_WORKER']}" if os.environ.get("PYTEST_XDIST_WORKER") else ""


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _recreate_database(name):
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


DEFAULT_MODE = not os.environ.get("DATABASE_URL", "").startswith("postgres")
SQLITE_DIR = Path(tempfile.gettempdir()) / f"alibaba-e2e-{os.getpid()}"


@pytest.fixture(scope="session")
def e2e_env(smtp_server):
    """The environment of the e2e site's processes (its own database and Redis database, and the
    tests' SMTP server, tests/mail_server.py, for every e-mail the site sends)."""
    # E2E_DATABASE / E2E_REDIS_URL let two runs on one machine keep apart.
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "SITE_NAME", "TIMER_BACKEND"}}
    if DEFAULT_MODE:
        env.pop("REDIS_URL", None)
        database = dict(DATABASE_URL=f"sqlite:///{SQLITE_DIR / 'e2e.sqlite3'}")
    else:
        database = dict(
            DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{E2E_DATABASE}",
            REDIS_URL=os.environ.get("E2E_REDIS_URL", "redis://127.0.0.1:6379/2"),
        )
    return dict(
        env,
        **database,
        DEBUG="1",
        BOT_THINK_SECONDS="0.15",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        # Every browser test signs people up from 127.0.0.1: lift the per-address sign-up limit.
        SIGNUP_LIMIT="100000",
        SIGNUP_SITE_LIMIT="100000",
        # Playwright compiles the string conditions of wait_for_function in the page: the policy
        # lets it, and still blocks (and reports) every inline script and handler.
        CONTENT_SECURITY_POLICY_ALLOW_EVAL="1",
        PASSWORD_RESET_IP_LIMIT="100000",
        EMAIL_URL=smtp_server.url,
        # Your-turn digests at once in a browser test: collected every second, sent as soon as a
        # match waits, to a person gone from the site for 6 s (matches/turn_mail.py): long enough
        # for a busy machine to open the match's page and its socket after the start.
        TURN_MAIL_INTERVAL="1",
        TURN_MAIL_DELAY_SECONDS="0",
        TURN_MAIL_ONLINE_SECONDS="6",
        # A match review in seconds (docs/analysis.md): a few playouts per candidate, not the site's 48, and
        # many decisions a step (a Sidi Baba Adventurer's review is some 500 votes, each step a walk of the log).
        REVIEW_PLAYOUTS="6",
        REVIEW_STEP_DECISIONS="50",
        # The test workers keep both cores busy, where a review in the idle class starved (a Sidi Baba seat's
        # took over 180 s), and at nice 19 it still took 338 s of a 40 s review: at the site's own priority
        # instead (config/settings.py; the idle class and the nice: tests/matches/test_bot_lane.py).
        REVIEW_IDLE_CLASS="0",
        REVIEW_NICE="0",
    )


# What a command may read from the environment while it runs, rather than when Django starts: a call whose
# environment differs from its runner's only in these is sent to that runner (tests/e2e/manage_runner.py).
COMMAND_TIME_VARIABLES = {"DJANGO_SUPERUSER_PASSWORD"}
_runners: dict[frozenset, subprocess.Popen] = {}


def manage(env, *args):
    """`manage.py <args>` on the site of ``env``, run by a process that started Django once for that
    environment; its output in ``.stdout``. Raises CalledProcessError if the command failed."""
    base = {k: v for k, v in env.items() if k not in COMMAND_TIME_VARIABLES}
    key = frozenset(base.items())
    runner = _runners.get(key)
    if runner is None or runner.poll() is not None:
        runner = _runners[key] = subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.manage_runner"], cwd=ROOT, env=base, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    overrides = {k: v for k, v in env.items() if k in COMMAND_TIME_VARIABLES}
    runner.stdin.write(json.dumps({"args": list(args), "env": overrides}) + "\n")
    runner.stdin.flush()
    line = runner.stdout.readline()
    if not line:
        raise subprocess.CalledProcessError(runner.wait(), ["manage.py", *args], "", "the command runner exited")
    answer = json.loads(line)
    if answer["error"]:
        raise subprocess.CalledProcessError(1, ["manage.py", *args], answer["stdout"], answer["error"])
    return subprocess.CompletedProcess(["manage.py", *args], 0, answer["stdout"], "")


@atexit.register
def _stop_runners():
    for runner in _runners.values():
        runner.stdin.close()
        try:
            runner.wait(timeout=10)
        except subprocess.TimeoutExpired:
            runner.kill()


SERVER_START_SECONDS = 120


@pytest.fixture(scope="session")
def live_server_url(e2e_env):
    import redis

    port = _free_port()
    # the links of the e-mails no request asked for (the your-turn digests) need the site's address
    env = dict(e2e_env, SITE_URL=f"http://127.0.0.1:{port}")
    if DEFAULT_MODE:
        shutil.rmtree(SQLITE_DIR, ignore_errors=True)
        SQLITE_DIR.mkdir(parents=True)
    else:
        _recreate_database(E2E_DATABASE)
        redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    python = sys.executable
    for command in (["migrate", "--noinput"], ["load_game_data"], ["create_demo_accounts"]):
        manage(e2e_env, *command)  # the runner the tests' own commands use (SITE_URL is the web process's)
    ARTIFACTS.mkdir(exist_ok=True)
    bindir = Path(python).parent
    # One worker with beat consumes every lane (scripts/run.sh starts one per lane): the site's own
    # queue names, read in its environment (scripts/celery_queues.py).
    queues = None if DEFAULT_MODE else subprocess.run(
        [python, "scripts/celery_queues.py"], cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout.strip()
    with open(SERVER_LOG, "w") as logs:  # the processes write to their own copies of it
        processes = [
            subprocess.Popen(
                # with its access log: a test that waits in vain shows whether its request arrived and how it ended
                [arg for arg in web_command(bindir, port=port) if arg != "--no-access-log"],
                cwd=ROOT, env=env, stdout=logs, stderr=subprocess.STDOUT,
            ),
        ]
        if not DEFAULT_MODE:
            processes.append(subprocess.Popen(
                [str(bindir / "celery"), "-A", "config", "worker", "-B", "-Q", queues, "--loglevel=WARNING", "--concurrency=2",
                 "--schedule", str(ARTIFACTS / f"celerybeat-schedule{WORKER_SUFFIX}")],
                cwd=ROOT, env=env, stdout=logs, stderr=subprocess.STDOUT,
            ))
    url = f"http://127.0.0.1:{port}"
    try:
        # Until the first page answers or a process ends. A CI machine of half the speed took over the 20 s
        # this once allowed, with four workers starting their sites at once (every browser test of a worker
        # then failed at set-up): the bound is generous, and a process that died ends the wait at once.
        give_up = time.monotonic() + SERVER_START_SECONDS
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=5)
                break
            except OSError:
                ended = [p.args[0] for p in processes if p.poll() is not None]
                if ended or time.monotonic() > give_up:
                    why = f"{ended} ended" if ended else f"no answer in {SERVER_START_SECONDS} s"
                    raise RuntimeError(f"the e2e server did not start ({why}); see {SERVER_LOG}") from None
                time.sleep(0.2)
        yield url
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        if DEFAULT_MODE:
            shutil.rmtree(SQLITE_DIR, ignore_errors=True)


SERVER_LOG = ARTIFACTS / (f"e2e-server-default-mode{WORKER_SUFFIX}.log" if DEFAULT_MODE else f"e2e-server{WORKER_SUFFIX}.log")


def server_errors_since(offset: int) -> tuple[int, str]:
    """The end of the site's log and what it says about unhandled errors after ``offset``."""
    if not SERVER_LOG.exists():
        return 0, ""
    with open(SERVER_LOG, "rb") as log:
        log.seek(offset)
        text = log.read().decode("utf-8", "replace")
    found = unhandled_errors(text)
    return offset + len(text.encode("utf-8", "replace")), (text if found else "")


@pytest.fixture(autouse=True)
def no_server_errors(request):
    """A browser test fails if the site logged a traceback or an unretrieved task exception while it ran."""
    if "live_server_url" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("live_server_url")
    start, _ = server_errors_since(0)
    yield
    time.sleep(0.2)  # what the last frame caused reaches the log
    _, errors = server_errors_since(start)
    assert not errors, f"the site logged an unhandled error during this test ({SERVER_LOG}):\n{errors[-4000:]}"


# Every page reports a Content-Security-Policy violation as a console error, with what was blocked.
REPORT_POLICY_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error("Content-Security-Policy violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
                + " at " + e.sourceFile + ":" + e.lineNumber);
});
"""


# What a context's pages asked of the site and where they went, kept for the report of a failed test: the
# documents, fetches and sockets (`Traffic.watch`; not the scripts, styles and images every page loads). Requests sent and failed,
# not answers: listening to every response too cost the worker a fifth more CPU (a page answered shows as its
# navigation).
TRAFFIC_KINDS = frozenset({"document", "fetch", "xhr"})
TRAFFIC_KEPT = 40


class Traffic:
    """The last TRAFFIC_KEPT things a browser context's pages did: each request of TRAFFIC_KINDS sent or failed,
    each socket opened and each navigation of a page's main frame, with the seconds since the context was made. A test that
    fails says in its report where each page was and what it last asked (`pytest_runtest_makereport`): a click
    that sent nothing and a request the site never answered read differently there."""

    def __init__(self):
        self.started = time.monotonic()
        self.lines = collections.deque(maxlen=TRAFFIC_KEPT)

    def note(self, line: str) -> None:
        self.lines.append(f"{time.monotonic() - self.started:7.2f} s  {line}")

    def watch(self, context) -> None:
        def sent(request):
            if request.resource_type in TRAFFIC_KINDS:
                self.note(f"sent {request.method} {request.url}")

        def failed(request):
            if request.resource_type in TRAFFIC_KINDS:
                self.note(f"failed ({request.failure}) {request.method} {request.url}")

        def socket_opened(socket):
            self.note(f"socket opened {socket.url}")

        def page_made(page):
            page.on("framenavigated", lambda frame: frame.parent_frame is None and self.note(f"page at {frame.url}"))
            page.on("websocket", socket_opened)  # a socket is no request of the context's

        context.on("request", sent)
        context.on("requestfailed", failed)
        context.on("page", page_made)


class WatchedBrowser:
    """The session's Chromium, whose contexts report every console error, uncaught page error
    and Content-Security-Policy violation into `errors`; a test fails on any that arrives
    while it runs (`no_browser_errors`), unless it said it provokes it (`allow_errors`).
    Each context's traffic is kept (`Traffic`) for the report of a test that fails."""

    def __init__(self, browser):
        self._browser = browser
        self.errors = []
        self.allowed = []
        self.traffic = {}  # context -> Traffic, while the context is open

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.add_init_script(REPORT_POLICY_VIOLATIONS)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))
        traffic = self.traffic[context] = Traffic()
        traffic.watch(context)
        context.on("close", lambda closed: self.traffic.pop(closed, None))
        return context

    def failure_report(self) -> str:
        """Where each open context's pages are and what they last did, for a test that failed."""
        parts = []
        for number, (context, traffic) in enumerate(list(self.traffic.items()), 1):
            pages = ", ".join(page.url for page in context.pages) or "no page"
            parts.append("\n".join([f"context {number}: {pages}", *traffic.lines]))
        return "\n\n".join(parts)

    def new_page(self, **options):
        return self.new_context(**options).new_page()

    def allow_errors(self, *fragments):
        """This test provokes errors containing one of these fragments on purpose."""
        self.allowed.extend(fragments)

    def _console(self, message):
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location.get('url', '')})")

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield WatchedBrowser(chromium)
        chromium.close()


@pytest.fixture(autouse=True)
def no_browser_errors(request):
    """A browser test fails on a console error, an uncaught page error or a policy violation."""
    if "browser" not in request.fixturenames:
        yield
        return
    watched = request.getfixturevalue("browser")
    start = len(watched.errors)
    yield
    arrived = watched.errors[start:]
    del watched.errors[start:]
    allowed, watched.allowed = watched.allowed, []
    unexpected = [error for error in arrived if not any(fragment in error for fragment in allowed)]
    assert not unexpected, "the browser reported errors during this test:\n" + "\n".join(unexpected[:20])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed says where its pages were and what they last asked of the site (`Traffic`), and
    what the site's log said last: the report is all a CI run keeps of a failure."""
    report = yield
    watched = item.funcargs.get("browser") if report.failed and report.when == "call" else None
    if isinstance(watched, WatchedBrowser):
        report.sections.append(("the pages at the failure", watched.failure_report() or "no context open"))
        if SERVER_LOG.exists():
            with open(SERVER_LOG, "rb") as log:
                log.seek(max(0, SERVER_LOG.stat().st_size - 6000))
                tail = log.read().decode("utf-8", "replace")
            report.sections.append((f"the end of the site's log ({SERVER_LOG.name})", tail))
    return report


@pytest.fixture
def new_page(browser):
    contexts = []

    def make():
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def pytest_collection_modifyitems(config, items):
    """Each browser test runs against one site: those marked `default_mode` against the default mode's
    (make test's second run), the others against the PostgreSQL + Redis one; those also marked
    `both_modes` (a whole match of each game) against both. The page draws the same frames whatever the
    mode; what differs by mode is the server, which the smoke test (a whole match of each game over the
    socket) and the tests of the timers, sockets and e-mail check in each mode.
    No test is ever run again: one that misses a timing is a defect of the test or of the site.

    A browser test may be in an `xdist_group` (handed out before everything else): the database tests its
    worker runs after it run with Playwright's event loop unmarked (tests/loop_mark.py)."""
    for item in items:
        if "/e2e/" not in str(item.fspath) or "both_modes" in item.keywords:
            continue
        if DEFAULT_MODE and "default_mode" not in item.keywords:
            item.add_marker(pytest.mark.skip(reason="runs against the PostgreSQL + Redis site (not marked default_mode)"))
        elif not DEFAULT_MODE and "default_mode" in item.keywords:
            item.add_marker(pytest.mark.skip(reason="runs against the default mode's site (marked default_mode)"))

"""A real site for browser tests: the web process `make run` starts (config/web_server.py) + a Celery worker with beat, on PostgreSQL and Redis.

It runs as separate processes on its own database (alibaba_e2e) and Redis
database (2), exactly as `make run` serves the site with REDIS_URL set.
"""
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from config.web_server import web_command

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
E2E_DATABASE = os.environ.get("E2E_DATABASE", "alibaba_e2e")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _recreate_database(name):
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


@pytest.fixture(scope="session")
def e2e_env():
    """The environment of the e2e site's processes (its own database and Redis database)."""
    # E2E_DATABASE / E2E_REDIS_URL let two runs on one machine keep apart.
    return dict(
        os.environ,
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{E2E_DATABASE}",
        REDIS_URL=os.environ.get("E2E_REDIS_URL", "redis://127.0.0.1:6379/2"),
        DEBUG="1",
        BOT_THINK_SECONDS="0.15",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        # Every browser test signs people up from 127.0.0.1: lift the per-address sign-up limit.
        SIGNUP_LIMIT="100000",
    )


def manage(env, *args):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True)


@pytest.fixture(scope="session")
def live_server_url(e2e_env):
    import redis

    port = _free_port()
    env = e2e_env
    _recreate_database(E2E_DATABASE)
    redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    python = sys.executable
    for command in (["migrate", "--noinput"], ["load_game_data"], ["create_demo_accounts"]):
        manage(env, *command)
    ARTIFACTS.mkdir(exist_ok=True)
    logs = open(ARTIFACTS / "e2e-server.log", "w")
    bindir = Path(python).parent
    processes = [
        subprocess.Popen(
            [str(bindir / "celery"), "-A", "config", "worker", "-B", "--loglevel=WARNING", "--concurrency=2",
             "--schedule", str(ARTIFACTS / "celerybeat-schedule")],
            cwd=ROOT, env=env, stdout=logs, stderr=subprocess.STDOUT,
        ),
        subprocess.Popen(
            web_command(bindir, port=port),
            cwd=ROOT, env=env, stdout=logs, stderr=subprocess.STDOUT,
        ),
    ]
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("the e2e server did not start; see test-artifacts/e2e-server.log")
        yield url
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        logs.close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()


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
    """Browser tests run real processes and a real browser on a busy 2-core machine; a test
    that misses a timing is run again, at most twice (pytest reports each rerun as R)."""
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.flaky(reruns=2, reruns_delay=2))

import os

import pytest
from hypothesis import settings as hypothesis_settings

from matches import registry
from matches.registry import GameSpec
from tests import flush_restore
from tests.matches import countdown_game

# Two modes, both run by `make test` (README): PostgreSQL + Redis, and the default
# mode (SQLite, the in-process channel layer and timer thread). A test that needs
# one backend says so with a marker; it is skipped, with the reason, in the other mode.
ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres")
ON_REDIS = bool(os.environ.get("REDIS_URL"))


# Property tests (hypothesis) draw new examples on every run on a developer's machine; in CI
# (CI=true) they draw the same ones every time, so that a run fails only for a change made
# (hypothesis' documented way to keep CI deterministic). `HYPOTHESIS_PROFILE=explore` lifts it.
hypothesis_settings.register_profile("ci", derandomize=True)
hypothesis_settings.register_profile("explore", derandomize=False)
# `make check`, the contributor's inner loop: half the examples of every property test (tests/examples.py).
hypothesis_settings.register_profile("check", max_examples=50)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default"))

# Tests of what touches no backend (the pure engines, the computer players, gamekit) are marked
# `pure`: `make test` runs them once, in its default-mode run, not again on PostgreSQL + Redis.
# A test there that asks for the database or Django's test fixtures is not pure; one that
# reached the database anyway would fail (pytest-django refuses unmarked database access).
PURE_DIRECTORIES = ("gamekit", "alibaba_tiles", "basra", "sidibaba")
# and modules elsewhere whose tests, but for those marked or asking for a backend, touch none: the
# engine contract checked over every registered game (minutes of random matches, run once).
PURE_MODULES = {"test_import_graph.py", "matches/test_contract.py", "config/test_in_process_layer.py"}
PURE_DIRECTORIES += ("tournaments",)  # the pure pairing, points and standings (tournaments/*.py but models and services)
PURE_DIRECTORIES += ("chaos",)  # the chaos run's accounting and verdicts (make chaos itself is no test)
BACKEND_MARKERS = {"django_db", "postgresql", "redis", "e2e", "smoke", "default_mode"}
BACKEND_FIXTURES = {"db", "transactional_db", "client", "async_client",
                    "admin_client", "admin_user", "django_user_model", "rf", "async_rf", "settings", "live_server",
                    "mailoutbox", "smtp_server", "mail_settings", "django_capture_on_commit_callbacks"}
TESTS = os.path.dirname(__file__)


def _is_pure(item) -> bool:
    where = os.path.relpath(str(item.path), TESTS).split(os.sep)
    in_pure_place = where[0] in PURE_DIRECTORIES or "/".join(where) in PURE_MODULES
    return (in_pure_place and not BACKEND_MARKERS & {mark.name for mark in item.iter_markers()}
            and not BACKEND_FIXTURES & set(getattr(item, "fixturenames", ())))


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marker
def pytest_collection_modifyitems(config, items):
    for item in items:
        if "postgresql" in item.keywords and not ON_POSTGRESQL:
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL (DATABASE_URL=postgres://...)"))
        if "redis" in item.keywords and not ON_REDIS:
            item.add_marker(pytest.mark.skip(reason="needs Redis (REDIS_URL)"))
        if _is_pure(item):
            item.add_marker(pytest.mark.pure)


COUNTDOWN = GameSpec(
    key="countdown",
    name="Countdown (test game)",
    engine=countdown_game,
    min_players=2,
    max_players=4,
    options=countdown_game.OPTIONS,
    bots={"first": countdown_game.first_bot, "random": countdown_game.random_bot},
    bot_labels={"first": "First", "random": "Random"},
    role_labels={"dealer": "Dealer", "player": "Player"},
)


# After each transactional test, content types and permissions put back, not made again (tests/flush_restore.py).
flush_restore.install()

# Registered at import, before collection, so tests parametrized over the registry cover it.
registry.register(COUNTDOWN)


@pytest.fixture(autouse=True, scope="session")
def countdown_registered():
    yield COUNTDOWN


@pytest.fixture
def countdown_next():
    """The countdown game at its rules version 2 (tests/matches/countdown_next.py), registered for one test."""
    from tests.matches import countdown_next as game

    registry.register(game.SPEC)
    yield game.SPEC
    registry.unregister(game.SPEC.key)


@pytest.fixture(autouse=True, scope="session")
def clean_redis():
    """The test Redis database starts empty: no queued task or channel message from an earlier run."""
    url = os.environ.get("REDIS_URL")
    if url:
        import redis

        redis.Redis.from_url(url).flushdb()
    yield


@pytest.fixture(autouse=True)
def clear_cache():
    """Throttle counters and cached pages do not leak from one test to the next."""
    from django.conf import settings

    if settings.configured:
        from django.core.cache import cache

        cache.clear()
    yield


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the site's default language: one that switched to French does not leak into the next."""
    from django.conf import settings
    from django.utils import translation

    if settings.configured:
        translation.activate(settings.LANGUAGE_CODE)
    yield


@pytest.fixture(autouse=True, scope="session")
def close_stray_connections(django_db_setup, django_db_blocker):
    """Connections left open by worker threads (sockets, Celery) would block dropping the test database."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


# The real SMTP server of the e-mail tests (tests/mail_server.py).
from tests.mail_server import mail_settings, smtp_server  # noqa: E402,F401

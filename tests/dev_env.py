"""A pytest plugin (pyproject's addopts: -p tests.dev_env) loaded before Django's settings.

The settings' default is production's (DEBUG off, SECRET_KEY required); the
test suite runs with the development settings, as it always has, unless the
environment says otherwise. Processes the tests start inherit it.

Passwords: the suite makes thousands of users, and Django's default hasher
(PBKDF2, 1,000,000 iterations) costs about a second each on this machine, so
the tests and the sites they start use Django's documented fast hasher
(`FAST_PASSWORD_HASHER`, honoured only with DEBUG on: config/settings.py).
`tests/accounts/test_real_hasher.py` keeps the real one under test, and the
newcomer's smoke test runs its site without this variable.

Workers: `make test` runs pytest-xdist workers side by side. Each worker gets
its own PostgreSQL test database (pytest-django adds the worker's name), its
own Redis databases and its own site name (so its channel, cache and queue
names in Redis are its own: pub/sub ignores the database number), and its own
databases for the browser tests' and the smoke test's sites.
"""
import os

os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")

# worker index -> Redis databases (the tests' own, the browser tests' site, the smoke test's site).
# 0 is a developer's `make run`, 3 the load benchmark's (bench/load.py).
REDIS_DATABASES = [(1, 2, 4), (5, 6, 7), (8, 9, 10), (11, 12, 13)]


def _worker_index(name: str) -> int:
    index = int(name.removeprefix("gw"))
    if index >= len(REDIS_DATABASES):
        raise RuntimeError(f"at most {len(REDIS_DATABASES)} pytest-xdist workers (tests/dev_env.py): got {name}")
    return index


def _with_database(url: str, number: int) -> str:
    base, _, _old = url.rpartition("/")
    return f"{base}/{number}"


worker = os.environ.get("PYTEST_XDIST_WORKER")
if worker:
    tests_db, e2e_db, smoke_db = REDIS_DATABASES[_worker_index(worker)]
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = _with_database(os.environ["REDIS_URL"], tests_db)
    redis_base = "redis://127.0.0.1:6379/0"
    os.environ.setdefault("E2E_REDIS_URL", _with_database(redis_base, e2e_db))
    os.environ.setdefault("SMOKE_REDIS_URL", _with_database(redis_base, smoke_db))
    os.environ.setdefault("E2E_DATABASE", f"alibaba_e2e_{worker}")
    os.environ.setdefault("SMOKE_DATABASE", f"alibaba_smoke_{worker}")

"""The one place the tests keep Django's real password hasher.

Everywhere else the suite hashes with Django's documented fast hasher
(tests/dev_env.py); these tests check that the fast one is a test-only
setting and that a log-in works with the hasher production uses.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher

from tests.factories import PASSWORD, UserFactory

ROOT = Path(__file__).resolve().parents[2]
PRINT_HASHER = (
    "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings'); django.setup();"
    "from django.contrib.auth.hashers import get_hasher; print(get_hasher().algorithm)"
)


def _hasher_of_a_process(**env_changes) -> str:
    env = {k: v for k, v in os.environ.items() if k not in {"FAST_PASSWORD_HASHER", "PYTEST_VERSION"}}
    env.update(env_changes)
    return subprocess.run([sys.executable, "-c", PRINT_HASHER], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True, timeout=60).stdout.strip()


def test_the_tests_hash_with_the_fast_hasher():
    assert get_hasher().algorithm == "md5"


def test_a_site_hashes_with_djangos_default_unless_told_otherwise():
    assert _hasher_of_a_process(DEBUG="1") == "pbkdf2_sha256"


def test_the_fast_hasher_is_refused_with_debug_off():
    assert _hasher_of_a_process(DEBUG="0", SECRET_KEY="x" * 60, FAST_PASSWORD_HASHER="1") == "pbkdf2_sha256"


@pytest.mark.django_db
def test_log_in_with_the_real_hasher(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    user = UserFactory(username="realhash")
    algorithm, iterations, _salt, _hash = user.password.split("$")
    assert (algorithm, int(iterations)) == ("pbkdf2_sha256", PBKDF2PasswordHasher.iterations)
    refused = client.post("/accounts/login/", {"username": "realhash", "password": PASSWORD + "x"})
    assert refused.status_code == 200 and "_auth_user_id" not in client.session
    accepted = client.post("/accounts/login/", {"username": "realhash", "password": PASSWORD})
    assert accepted.status_code == 302 and client.session["_auth_user_id"] == str(user.pk)

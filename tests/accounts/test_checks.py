"""accounts/checks.py: SITE_URL, the start of every link in an e-mail (issue 35, finding 2)."""
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from accounts.checks import site_url_errors

ROOT = Path(__file__).resolve().parents[2]


def check_deploy(**env):
    """`make check-deploy`: `manage.py check --deploy` with production-like settings, in a fresh process."""
    base = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "SITE_URL", "ALLOWED_HOSTS")}
    base.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0", SECRET_KEY=secrets.token_hex(40), ALLOWED_HOSTS="example.org", **env)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT, env=base,
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_fails_without_site_url_when_debug_is_off():
    refused = check_deploy()
    assert refused.returncode != 0 and "accounts.E001" in refused.stderr and "SITE_URL" in refused.stderr
    assert check_deploy(SITE_URL="https://example.org").returncode == 0


@pytest.mark.parametrize("url", ["https://play.example.org", "http://127.0.0.1:8000", "http://[::1]:8000"])
def test_a_bare_origin_is_a_good_site_url(settings, url):
    settings.SITE_URL = url
    assert site_url_errors() == []


@pytest.mark.parametrize("url", [
    "play.example.org", "ftp://play.example.org", "https://", "https://play.example.org/games", "https://play.example.org?x=1",
    "https://play.example.org#top", "https://user:secret@play.example.org", "https://play.example.org:port",
])
def test_site_url_must_be_a_scheme_and_a_host_and_nothing_else(settings, url):
    settings.SITE_URL = url
    assert [error.id for error in site_url_errors()] == ["accounts.E002"]


def test_no_site_url_is_an_error(settings):
    settings.SITE_URL = ""
    assert [error.id for error in site_url_errors()] == ["accounts.E001"]

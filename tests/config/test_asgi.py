"""config/asgi.py: the web process's application."""
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_application(**env):
    base = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "SITE_URL")}
    base.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY=secrets.token_hex(40), **env)
    return subprocess.run([sys.executable, "-c", "import config.asgi"], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120)


def test_the_web_process_refuses_to_start_without_site_url_when_debug_is_off():
    """Issue 35, finding 2: with DEBUG off nothing but SITE_URL may give the links in e-mails their address."""
    refused = load_application(DEBUG="0")
    assert refused.returncode != 0 and "ImproperlyConfigured" in refused.stderr and "SITE_URL is not set" in refused.stderr
    assert load_application(DEBUG="0", SITE_URL="https://play.example.org").returncode == 0
    assert load_application(DEBUG="1").returncode == 0  # development: the settings' own address

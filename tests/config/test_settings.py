"""config/settings.py read in a fresh process, from the environment alone (issue 20, finding 2)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRINT_DEBUG = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"


def settings_process(**env):
    base = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run([sys.executable, "-c", PRINT_DEBUG], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=60)


def test_debug_is_off_unless_asked_for():
    assert settings_process(SECRET_KEY="x" * 50).stdout.strip() == "False"
    assert settings_process(DEBUG="1").stdout.strip() == "True"


def test_without_debug_a_secret_key_is_required():
    process = settings_process()
    assert process.returncode != 0 and "SECRET_KEY must be set" in process.stderr

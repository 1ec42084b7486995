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


def test_without_debug_a_secret_key_is_required_for_a_production_database():
    process = settings_process(DATABASE_URL="postgres://postgres@127.0.0.1:5432/alibaba")
    assert process.returncode != 0 and "SECRET_KEY must be set" in process.stderr


PRINT_KEY = "from django.conf import settings; print(settings.SECRET_KEY)"


def test_the_default_mode_without_debug_makes_its_own_key_once_and_keeps_it(tmp_path):
    """A newcomer's `manage.py simulate` (no DATABASE_URL, DEBUG off) works, with a random key kept beside the database."""
    key_file = tmp_path / "secret_key"
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "DATABASE_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY_FILE=str(key_file))
    keys = [subprocess.run([sys.executable, "-c", PRINT_KEY], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=60, check=True).stdout.strip() for _ in range(2)]
    assert keys[0] == keys[1] == key_file.read_text().strip()
    assert len(keys[0]) >= 50 and "dev-only" not in keys[0]
    assert key_file.stat().st_mode & 0o777 == 0o600


PRINT_PROXY = "import django; django.setup(); from django.conf import settings; print(getattr(settings, 'SECURE_PROXY_SSL_HEADER', None))"


def proxy_header(**env):
    base = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "TRUSTED_PROXY")}
    base.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY="x" * 50, **env)
    return subprocess.run([sys.executable, "-c", PRINT_PROXY], cwd=ROOT, env=base, capture_output=True, text=True,
                          timeout=60, check=True).stdout.strip()


def test_x_forwarded_proto_is_trusted_only_when_a_proxy_is_declared():
    """Issue 20, finding 8: with DEBUG off and no proxy, a client's own X-Forwarded-Proto must not pass for HTTPS."""
    assert proxy_header() == "None"
    assert proxy_header(TRUSTED_PROXY="1") == "('HTTP_X_FORWARDED_PROTO', 'https')"


def test_email_is_printed_by_the_console_backend_unless_smtp_is_configured():
    from config.settings import _email_settings

    assert _email_settings({})["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert _email_settings({"EMAIL_HOST": "mail.example.org"})["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"


def test_email_url_gives_the_smtp_server_its_account_and_its_encryption():
    import pytest

    from config.settings import _email_settings

    values = _email_settings({"EMAIL_URL": "smtp+tls://game%40example.org:p%3Ass@mail.example.org"})
    assert values == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example.org", "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "game@example.org", "EMAIL_HOST_PASSWORD": "p:ss",
        "EMAIL_USE_TLS": True, "EMAIL_USE_SSL": False,
    }
    assert _email_settings({"EMAIL_URL": "smtps://mail.example.org"})["EMAIL_PORT"] == 465
    assert _email_settings({"EMAIL_URL": "smtps://mail.example.org"})["EMAIL_USE_SSL"] is True
    assert _email_settings({"EMAIL_URL": "smtp://127.0.0.1:2525"})["EMAIL_PORT"] == 2525
    with pytest.raises(RuntimeError, match="EMAIL_URL"):
        _email_settings({"EMAIL_URL": "http://mail.example.org"})

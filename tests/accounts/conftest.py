import pytest
from django.core.cache import cache



@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Log-in tests hash many passwords: keep them fast (and the window tests on time)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def clean_throttle():
    """No log-in failures left over from another test (tests/conftest.py also clears the cache)."""
    cache.clear()
    yield
    cache.clear()

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def clean_throttle():
    """No log-in failures left over from another test (tests/conftest.py also clears the cache)."""
    cache.clear()
    yield
    cache.clear()

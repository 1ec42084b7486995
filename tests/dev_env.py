"""A pytest plugin (pyproject's addopts: -p tests.dev_env) loaded before Django's settings.

The settings' default is production's (DEBUG off, SECRET_KEY required); the
test suite runs with the development settings, as it always has, unless the
environment says otherwise. Processes the tests start inherit it.
"""
import os

os.environ.setdefault("DEBUG", "1")

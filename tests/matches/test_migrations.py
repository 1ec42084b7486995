"""The migrations: the models and the migrations agree, and matches stored before rules versions existed
get version 1 (matches/migrations/0010_match_rules_version.py)."""
import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("matches", "0009_seat_stand_in"), ("matches", "0010_match_rules_version")


def test_the_models_need_no_new_migration():
    call_command("makemigrations", "--check", "--dry-run", stdout=io.StringIO())


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def test_a_match_stored_before_rules_versions_is_version_1():
    try:
        old = _migrate(BEFORE)
        match = old.get_model("matches", "Match").objects.create(
            game="countdown", options={"started_at": 0.0}, seed=1, players=2, state={"phase": "over"}
        )
        new = _migrate(AFTER)
        assert new.get_model("matches", "Match").objects.get(pk=match.pk).rules_version == 1
    finally:
        call_command("migrate", verbosity=0)

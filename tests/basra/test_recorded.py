"""Recorded matches of this game (tests/basra/recorded/, one per variant and rules version) replay byte for
byte, through the engine alone and through the site (tests/recorded.py; docs/architecture.md, "Changing a rule")."""
import pytest

from basra import engine
from tests import recorded

VARIANTS = {"standard", "forty_thieves"}
LOGS = recorded.paths("basra")


def test_every_variant_has_a_recorded_match():
    assert {recorded.load(path)["options"].get("variant", "standard") for path in LOGS} >= VARIANTS


def test_every_rules_version_has_a_recorded_match():
    assert {recorded.load(path)["rules_version"] for path in LOGS} == set(range(1, engine.RULES_VERSION + 1))


@pytest.mark.parametrize("path", LOGS, ids=recorded.name)
def test_a_recorded_match_replays_byte_for_byte(path):
    recorded.check_replay(path)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", LOGS, ids=recorded.name)
def test_a_recorded_match_imports_verifies_and_replays_as_recorded(path):
    recorded.check_import(path)

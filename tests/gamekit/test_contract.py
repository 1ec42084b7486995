"""gamekit/contract.py's rules versions: what the engines ask of an option, keep in a state and read back
(docs/architecture.md, "Changing a rule")."""
import pytest

from gamekit import contract


def test_an_absent_version_is_the_current_one_and_asks_nothing():
    assert contract.rules_version_problem({}, 3) is None
    assert contract.chosen_rules_version({}, 3) == 3
    assert contract.chosen_rules_version(None, 3) == 3


@pytest.mark.parametrize("version", [1, 2, 3])
def test_every_version_up_to_the_current_one_is_played(version):
    options = contract.with_rules_version({"clock": 5}, version)
    assert options == {"clock": 5, "rules_version": version}
    assert contract.rules_version_problem(options, 3) is None
    assert contract.chosen_rules_version(options, 3) == version


@pytest.mark.parametrize("version", [0, 4, -1, True, "1", 1.0, None])
def test_any_other_version_is_refused_by_name(version):
    problem = contract.rules_version_problem({"rules_version": version}, 3)
    assert problem == f"Unknown rules version {version!r}: this game plays versions 1 to 3."


def test_version_1_is_never_written_so_its_states_stay_as_they_were():
    assert contract.stamp_rules_version({"a": 1}, 1) == {"a": 1}
    assert contract.rules_version({"a": 1}) == 1
    stamped = contract.stamp_rules_version({"a": 1}, 2)
    assert stamped == {"a": 1, "rules_version": 2} and contract.rules_version(stamped) == 2


def test_with_rules_version_leaves_the_options_it_was_given_alone():
    options = {"clock": 5}
    contract.with_rules_version(options, 2)
    assert options == {"clock": 5}

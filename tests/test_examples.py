"""tests/examples.py: a property test's own count follows the profile the run loaded."""

from hypothesis import settings

from tests.examples import examples


def test_a_full_run_draws_each_tests_own_count_and_make_checks_profile_half_of_it():
    loaded = settings.default
    try:
        settings.load_profile("ci")
        assert [examples(n) for n in (300, 80, 4)] == [300, 80, 4]
        settings.load_profile("check")
        assert [examples(n) for n in (300, 80, 4, 1)] == [150, 40, 2, 1]
    finally:
        settings.register_profile("_loaded_before", loaded)
        settings.load_profile("_loaded_before")

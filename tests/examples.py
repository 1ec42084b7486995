"""How many examples a property test draws, relative to the Hypothesis profile the run loaded.

A test that sets its own `max_examples` would otherwise ignore the profile: `examples(200)` is 200
in a full run (the profiles "default" and "ci", 100 examples) and 100 in `make check`'s quicker
profile "check" (50), so that the inner loop halves every property test and `make test` runs them whole.
"""

from hypothesis import settings

FULL_RUN_EXAMPLES = 100  # Hypothesis' own default max_examples, the profiles "default" and "ci"


def examples(count: int) -> int:
    return max(1, count * settings.default.max_examples // FULL_RUN_EXAMPLES)

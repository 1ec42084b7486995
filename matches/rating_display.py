"""The rating as people see it (docs/ratings.md): figures computed from an ordinal, no database."""

# The rating people see (docs/ratings.md): the conservative estimate on a chess-like scale,
# 1500 + 20 x (mu - 3 sigma), so that a newcomer (ordinal 0) shows 1500 and a strong player
# around 2000-2300. Reaching 0 would take an ordinal of -75, a mean of about -50: the floor at 0
# only guarantees what the page says, a rating is never negative.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20


def display_rating(ordinal: float | None) -> int | None:
    """The figure shown for an ordinal (None stays None)."""
    if ordinal is None:
        return None
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal))


def display_change(before: float | None, after: float | None) -> int | None:
    """The change shown: the difference of the shown figures, so that before + change = after on the page."""
    if before is None or after is None:
        return None
    return display_rating(after) - display_rating(before)

"""The rating as people see it, the same on every page (docs/ratings.md): 1500 + 20 x the ordinal."""
from django import template

from matches import ratings

register = template.Library()


@register.filter
def shown_rating(ordinal):
    """An ordinal (mu - 3 sigma) as the figure shown; "-" for none."""
    shown = ratings.display_rating(ordinal)
    return "-" if shown is None else shown


@register.filter
def shown_rating_change(seat):
    """A seat's rating change as shown: "+24", "−8", "±0"; "-" when the seat was not rated."""
    change = ratings.display_change(seat.rating_before, seat.rating_after)
    if change is None:
        return "-"
    return f"+{change}" if change > 0 else f"\u2212{-change}" if change < 0 else "\u00b10"

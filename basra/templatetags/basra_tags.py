from django import template

from basra.engine.data_files import default_data

register = template.Library()


@register.simple_tag
def basra_game_data(match):
    """The game data the match is played with (the shipped defaults, replaced by the table's saved choices)."""
    custom = (match.state or {}).get("data") if isinstance(match.state, dict) else None
    return {**default_data(), **(custom or {})}


@register.simple_tag
def basra_default_data():
    """The shipped game data (the rules page draws its board and cards from it)."""
    return default_data()

from django import template

from basra.engine.data_files import default_data

register = template.Library()


@register.simple_tag
def basra_game_data(match):
    """The game data the match is played with (the shipped defaults, replaced by the table's saved choices)."""
    custom = (match.state or {}).get("data") if isinstance(match.state, dict) else None
    return {**default_data(), **(custom or {})}

"""What a seat is called on every page: a person's name, or a computer player's short name and kind.

A computer player's name is its short label and the seat number people see (1-based), e.g.
"Greedy 2", so that two bots of one kind at a table are told apart and the name fits a list;
its kind ("Computer: Greedy — looks one move ahead") goes in a hover title.
"""
from django.utils.translation import gettext

from matches.registry import get_game


def _labels(game_key, bot):
    try:
        spec = get_game(game_key)
    except LookupError:
        return bot, bot
    long_label = spec.bot_labels.get(bot, bot)
    return spec.bot_short_labels.get(bot, long_label), long_label


def bot_short_label(game_key, bot) -> str:
    """The bot's short label in the reader's language, e.g. "Greedy"."""
    return gettext(_labels(game_key, bot)[0])


def bot_seat_name(game_key, bot, seat) -> str:
    """The name of the computer player in `seat` (0-based), e.g. "Greedy 2"."""
    return gettext("%(bot)s %(number)d") % {"bot": bot_short_label(game_key, bot), "number": seat + 1}


def bot_kind(game_key, bot) -> str:
    """What kind of computer player it is, for a hover title."""
    return gettext("Computer: %(bot)s") % {"bot": gettext(_labels(game_key, bot)[1])}

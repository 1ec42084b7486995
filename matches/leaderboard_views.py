"""Leaderboards: per game, people and computer players apart, by the ordinal of their OpenSkill rating."""
from django.conf import settings
from django.http import Http404
from django.shortcuts import render

from matches import selectors
from matches.registry import all_games, get_game

PREVIEW_ROWS = 5


def index(request):
    boards = [(spec, selectors.leaderboard(spec.key, limit=PREVIEW_ROWS)) for spec in all_games()]
    return render(request, "matches/leaderboards.html", {"boards": boards, "minimum": settings.LEADERBOARD_MIN_MATCHES})


def game_board(request, game):
    try:
        spec = get_game(game)
    except LookupError:
        raise Http404("No such game.") from None
    return render(
        request,
        "matches/leaderboard.html",
        {
            "spec": spec,
            "people": selectors.leaderboard(spec.key),
            "bots": selectors.leaderboard(spec.key, bots=True),
            "minimum": settings.LEADERBOARD_MIN_MATCHES,
        },
    )

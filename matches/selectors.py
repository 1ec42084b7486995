"""Read-only queries for the match pages."""
from django.db.models import Q

from matches.models import Match, Rating


def visible_matches(user, status=None):
    """Public matches, plus the private ones this user sat in."""
    query = Q(is_private=False)
    if user.is_authenticated:
        query |= Q(seats__user=user)
    matches = Match.objects.filter(query).distinct().prefetch_related("seats__user")
    if status:
        matches = matches.filter(status=status)
    return matches


def leaderboard(game_key, limit=50):
    return Rating.objects.filter(game=game_key, matches_played__gt=0).select_related("user").order_by("-rating")[:limit]


def replay_frames(match):
    """Every spectator view of a finished match, from the start to the end, rebuilt from the log."""
    from matches.registry import get_game

    engine = get_game(match.game).engine
    state = engine.new_game(match.players, match.options, match.seed)
    frames = [{"version": 0, "action": None, "seat": None, "view": engine.view(state, None)}]
    for entry in match.actions.order_by("seq"):
        state, _events = engine.apply(state, entry.seat, entry.action, entry.server_time)
        frames.append({"version": entry.seq + 1, "action": entry.action, "seat": entry.seat, "view": engine.view(state, None)})
    return frames

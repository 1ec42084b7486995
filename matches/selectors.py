"""Read-only queries for the match pages."""
from django.conf import settings
from django.db.models import Q

from matches.models import Match, Rating

HISTORY_PAGE_SIZE = 20


def visible_matches(user, status=None):
    """Public matches, plus the private ones this user sat in."""
    query = Q(is_private=False)
    if user.is_authenticated:
        query |= Q(seats__user=user)
    matches = Match.objects.filter(query).distinct().prefetch_related("seats__user")
    if status:
        matches = matches.filter(status=status)
    return matches


def finished_history(user, filters: dict):
    """The finished matches ``user`` may see, narrowed by the history's cleaned filters, newest first."""
    matches = visible_matches(user, status=Match.Status.FINISHED)
    if filters.get("game"):
        matches = matches.filter(game=filters["game"])
    if filters.get("variant"):
        matches = matches.filter(options__variant=filters["variant"])
    if filters.get("player"):
        name = filters["player"].strip()
        matches = matches.filter(Q(seats__user__username__iexact=name) | Q(seats__name__iexact=name, seats__user__isnull=True))
    if filters.get("date_from"):
        matches = matches.filter(finished_at__date__gte=filters["date_from"])
    if filters.get("date_to"):
        matches = matches.filter(finished_at__date__lte=filters["date_to"])
    if filters.get("result") and user.is_authenticated:
        # One seat row for both conditions: the user's own seat won (or not).
        matches = matches.filter(seats__user=user, seats__won=filters["result"] == "won")
    return matches.order_by("-finished_at", "-pk")


def leaderboard(game_key, *, bots=False, minimum=None, limit=100):
    """People (or kinds of computer player) rated in a game, best ordinal first, once they played ``minimum`` rated matches."""
    minimum = settings.LEADERBOARD_MIN_MATCHES if minimum is None else minimum
    rows = Rating.objects.filter(game=game_key, matches_played__gte=max(minimum, 1), user__isnull=bots)
    if not bots:
        rows = rows.filter(user__is_active=True)
    return rows.select_related("user").order_by("-rating", "-matches_played", "pk")[:limit]

"""Read-only queries for the profile page."""
from django.db.models import Q

from matches.models import Match, MatchSeat, Rating

RECENT_MATCHES = 20


def game_name(key: str):
    from matches.registry import get_game

    try:
        return get_game(key).name
    except LookupError:
        return key


def profile_summary(owner, viewer=None, recent=RECENT_MATCHES) -> dict:
    """Ratings per game, matches played/won and the recent matches of `owner`.

    Private matches are listed only to the owner and to people who sat in them.
    """
    ratings = [
        {"game": r.game, "game_name": game_name(r.game), "rating": r.rating, "matches_played": r.matches_played, "wins": r.wins}
        for r in Rating.objects.filter(user=owner).order_by("game")
    ]

    finished = MatchSeat.objects.filter(user=owner, match__status=Match.Status.FINISHED)
    played = finished.values("match_id").distinct().count()
    won = finished.filter(rank=1).values("match_id").distinct().count()

    seats = MatchSeat.objects.filter(user=owner).select_related("match")
    if not (viewer is not None and viewer.is_authenticated and viewer.pk == owner.pk):
        visible = Q(match__is_private=False)
        if viewer is not None and viewer.is_authenticated:
            visible |= Q(match__in=MatchSeat.objects.filter(user=viewer).values("match_id"))
        seats = seats.filter(visible)
    seats = list(seats.order_by("-match__created_at", "-match_id", "seat")[:recent])
    recent_matches = [
        {
            "match": s.match,
            "game_name": game_name(s.match.game),
            "seat": s,
            "rating_change": (s.rating_after - s.rating_before) if s.rating_after is not None and s.rating_before is not None else None,
        }
        for s in seats
    ]
    return {
        "owner": owner,
        "ratings": ratings,
        "matches_played": played,
        "matches_won": won,
        "recent_matches": recent_matches,
    }

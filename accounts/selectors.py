"""Read-only queries for the profile page."""
from collections import Counter

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q

from accounts.charts import rating_chart
from matches.models import Match, MatchSeat, Rating
from matches.ratings import DISPLAY_BASE, display_rating
from matches.registry import get_game
from matches.seat_names import bot_kind, bot_short_label

RECENT_MATCHES = 20
FAVOURITE_OPPONENTS = 3


def game_name(key: str):
    try:
        return get_game(key).name
    except LookupError:
        return key


def _visible_seats(seats, owner, viewer):
    """Private matches only for the owner and the people who sat in them."""
    if viewer is not None and viewer.is_authenticated and viewer.pk == owner.pk:
        return seats
    visible = Q(match__is_private=False)
    if viewer is not None and viewer.is_authenticated:
        visible |= Q(match__in=MatchSeat.objects.filter(user=viewer).values("match_id"))
    return seats.filter(visible)


def _rated_seats(owner, game):
    return MatchSeat.objects.filter(user=owner, match__game=game, match__rated_at__isnull=False, rating_after__isnull=False)


def rating_history(owner, game, viewer=None) -> list[float]:
    """The owner's ordinal before their first rated match, then after each, in recording order.

    Only the matches the viewer may see (`_visible_seats`; all of them when `viewer` is None: the owner's own view):
    a private match is no point on the chart of others (the rating moves between the points all the same).
    """
    return [value for value, _when in dated_rating_history(owner, game, viewer)]


def dated_rating_history(owner, game, viewer=None) -> list[tuple[float, object]]:
    """rating_history with the moment of each point: (ordinal, when the match was rated); the point before the
    first match has that match's moment."""
    seats = _rated_seats(owner, game) if viewer is None else _visible_seats(_rated_seats(owner, game), owner, viewer)
    seats = (
        seats
        .order_by("match__rated_at", "match_id")
        .values_list("rating_before", "rating_after", "match__rated_at")
    )
    points = []
    for before, after, when in seats:
        if not points:
            points.append((before, when))
        points.append((after, when))
    return points


def favourite_opponents(owner, game, viewer, limit=FAVOURITE_OPPONENTS) -> list[dict]:
    """Who the owner met most often in this game's finished matches (people and kinds of bot)."""
    own = _visible_seats(MatchSeat.objects.filter(user=owner, match__game=game, match__status=Match.Status.FINISHED), owner, viewer)
    others = (
        MatchSeat.objects.filter(match__in=own.values("match_id"))
        .exclude(user=owner)
        .select_related("user", "match")
    )
    met = {}
    names = {}
    for seat in others:
        key = ("user", seat.user.username) if seat.user_id else ("bot", seat.bot) if seat.bot else ("name", seat.name)
        # Matches, not seats: three Explorers in one match are met once.
        met.setdefault(key, set()).add(seat.match_id)
        # A bot is met as a kind across matches, not as the seat it sat in: no seat number.
        names.setdefault(key, bot_short_label(game, seat.bot) if key[0] == "bot" else seat.display_name)
    counts = Counter({key: len(matches) for key, matches in met.items()})
    return [
        {
            "name": names[key],
            "title": bot_kind(game, key[1]) if key[0] == "bot" else "",
            "username": key[1] if key[0] == "user" else None,
            "is_bot": key[0] == "bot",
            "matches": n,
        }
        for key, n in sorted(counts.items(), key=lambda item: (-item[1], str(names[item[0]]).casefold()))[:limit]
    ]


def profile_summary(owner, viewer=None, recent=RECENT_MATCHES) -> dict:
    """Per game: rating, its chart, matches played and won, favourite opponents; and the recent matches.

    Everything counted or drawn counts only the matches the viewer may see: a private match
    only for the owner and those who sat in it (docs/ratings.md).
    """
    games = []
    for r in Rating.objects.filter(user=owner).order_by("game"):
        history = dated_rating_history(owner, r.game, viewer or AnonymousUser())
        rated = _rated_seats(owner, r.game)
        hidden = rated.exclude(pk__in=_visible_seats(rated, owner, viewer).values("pk"))
        hidden_played, hidden_wins = hidden.count(), hidden.filter(won=True).count()
        games.append(
            {
                "game": r.game,
                "game_name": game_name(r.game),
                "rating": r.rating,
                "matches_played": r.matches_played - hidden_played,
                "wins": r.wins - hidden_wins,
                # Drawn in the figures shown (1500 for a newcomer, the dashed line).
                "chart": rating_chart([display_rating(v) for v, _when in history], [when for _v, when in history],
                                      baseline=DISPLAY_BASE),
                "opponents": favourite_opponents(owner, r.game, viewer),
            }
        )

    finished = _visible_seats(MatchSeat.objects.filter(user=owner, match__status=Match.Status.FINISHED), owner, viewer)
    played = finished.values("match_id").distinct().count()
    won = finished.filter(won=True).values("match_id").distinct().count()

    # an aborted match counts nowhere, not even among the recent ones (docs/ratings.md, "The early abort")
    seats = _visible_seats(MatchSeat.objects.filter(user=owner).exclude(match__status=Match.Status.ABORTED).select_related("match"),
                           owner, viewer)
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
        "ratings": games,
        "matches_played": played,
        "matches_won": won,
        "recent_matches": recent_matches,
    }

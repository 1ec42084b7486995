"""What the end screen of a finished match shows each viewer: places (shared ones marked), each rated
entity's rating change once, the replay, the lobby and the rematch (lobby/rematch.py). It rides in the
view frames of a finished match, so a page learns of new ratings or a rematch from the frames sent after them.

One rated entity, one figure (docs/ratings.md, "Where ratings are shown"): a kind of computer player seated
several times is one rating, moved by the sum of its seats' changes; its best-placed seat shows that figure
once, with the seats it counts ("seats"), and its other seats show none ("counted", naming that seat).

The rematch is the lobby's (its tables): the lobby registers it here when it loads (lobby/apps.py),
so the platform never imports the lobby; the way back to a tournament is the tournaments' (tournaments/apps.py)."""
from collections.abc import Callable

from django.urls import reverse
from django.utils.translation import gettext

from gamekit import contract
from matches.models import Match
from matches.rated_entities import seat_key
from matches.rating_display import display_change, display_rating
from matches.registry import get_game

# (match, user_id or None) -> the rematch as the end screen shows it, or None; see register_rematch.
_rematch_summary: Callable[[Match, int | None], dict | None] | None = None


def register_rematch(summary: Callable[[Match, int | None], dict | None]) -> None:
    """Where the end screen reads the rematch from (the lobby's, lobby/rematch.py)."""
    global _rematch_summary
    _rematch_summary = summary


# match -> {"name", "url"} of the event the match belongs to (a tournament: tournaments/apps.py), or None.
_event_link: Callable[[Match], dict | None] | None = None


def register_event_link(link: Callable[[Match], dict | None]) -> None:
    """Where the end screen reads the way back to the event a match was played in (the tournaments')."""
    global _event_link
    _event_link = link


def _rating(match: Match, rated_at, seat_row) -> dict:
    if not match.rated or match.status != Match.Status.FINISHED:  # an aborted match rates nobody
        return {"state": "unrated"}
    if rated_at is None:
        return {"state": "pending"}
    if seat_row.rating_before is None or seat_row.rating_after is None:
        return {"state": "none"}  # a match that rates nobody (a person in two seats, an unknown player)
    # The figures shown everywhere (docs/ratings.md); the underlying ordinals beside them.
    return {"state": "rated", "before": display_rating(seat_row.rating_before), "after": display_rating(seat_row.rating_after),
            "change": display_change(seat_row.rating_before, seat_row.rating_after),
            "ordinal_before": round(seat_row.rating_before, 2), "ordinal_after": round(seat_row.rating_after, 2)}


def _roles(match: Match) -> list[str] | None:
    """Each seat's role in the reader's language (Sidi Baba's Leader and Adventurers), None in a game without."""
    spec = get_game(match.game)
    if not spec.provides("roles"):
        return None
    keys = contract.roles(spec.engine, match.players, match.options or {})
    return [gettext(spec.role_labels.get(key, key)) for key in keys] if keys else None


def _ratings_once(match: Match, rated_at, ordered: list) -> list[dict]:
    """Each seat's rating as the end screen shows it, for ``ordered`` seats (the screen's order): a rated
    entity's figure on its first seat only, with the seats it counts; its other seats say which seat shows it.
    Every seat of one entity holds the same rating_before/after (the entity's, matches/ratings.py), so the
    figure shown is what the Rating row really did."""
    first: dict = {}
    for s in ordered:
        first.setdefault(seat_key(s), s)
    shown = []
    for s in ordered:
        rating = _rating(match, rated_at, s)
        entity = seat_key(s)
        if rating["state"] in ("rated", "pending") and entity is not None:
            seats = [o.seat for o in ordered if seat_key(o) == entity]
            if first[entity] is s:
                rating["seats"] = seats
            else:
                rating = {"state": "counted", "with_seat": first[entity].seat}
        shown.append(rating)
    return shown


def end_summary(match: Match, seat) -> dict:
    """The end screen for ``seat`` (None: a spectator)."""
    rated_at = match.rated_at
    if match.rated and rated_at is None and match.status == Match.Status.FINISHED:
        # The in-memory match of the change that ended it predates its ratings, recorded right after its commit
        # (with no broker, before this change's frames are sent): read again, before the seats, so a match
        # whose ratings are recorded shows them (a frame saying "pending" after the ratings' own frame left
        # the page waiting for its next ask).
        rated_at = Match.objects.filter(pk=match.pk).values_list("rated_at", flat=True).first()
    seats = list(match.seats.select_related("user"))
    places = [s.rank for s in seats if s.rank is not None]
    ordered = sorted(seats, key=lambda s: (s.rank is None, s.rank or 0, s.seat))
    roles = _roles(match)
    players = [
        {
            "seat": s.seat,
            "name": s.display_name,
            "title": s.display_title,
            # the seat's role where the game has roles (a team game's sides: who a shared figure is for)
            "role": roles[s.seat] if roles and s.seat < len(roles) else None,
            # A computer player's own seat; a person's seat stays theirs whoever finished it.
            "bot": bool(s.bot) and not s.user_id and not s.abandoned_at,
            "left": bool(s.abandoned_at),
            "stood_in": bool(s.stand_in_since) and not s.abandoned_at,
            "place": s.rank,
            "shared": s.rank is not None and places.count(s.rank) > 1,
            "score": s.score,
            "rating": rating,
        }
        for s, rating in zip(ordered, _ratings_once(match, rated_at, ordered), strict=True)
    ]
    user_id = next((s.user_id for s in seats if s.seat == seat and not s.abandoned_at), None) if seat is not None else None
    return {
        "status": match.status,
        "rated": match.rated and match.status == Match.Status.FINISHED,
        "players": players,
        "replay_url": reverse("matches:replay", args=[match.pk]) if match.status == Match.Status.FINISHED else None,
        "lobby_url": reverse("lobby:home"),
        "rematch": _rematch_summary(match, user_id) if _rematch_summary is not None else None,
        "event": _event_link(match) if _event_link is not None else None,
    }

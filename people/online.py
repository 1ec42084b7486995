"""Who is online, for the friends page: seen on a page of the site lately, or connected to a running match.

A logged-in person's request writes one cache key (Redis in production, shared by every process) that
lives ONLINE_SECONDS; a match page open without requests (a long game) counts through the match's
presence rows (matches/presence.py: its socket pings every 25 s).
"""
import time
from datetime import UTC, datetime, timedelta

from django.core.cache import cache
from django.db.models import Exists, OuterRef

from matches.models import Match, MatchSeat, SeatPresence
from matches.presence import PRESENCE_STALE_SECONDS

ONLINE_SECONDS = 300


def _key(user_id) -> str:
    return f"people:seen:{user_id}"


def mark_seen(user_id: int, now: float | None = None) -> None:
    cache.set(_key(user_id), time.time() if now is None else now, timeout=ONLINE_SECONDS)


def online_ids(user_ids, now: float | None = None) -> set[int]:
    """Those of ``user_ids`` seen on a page within ONLINE_SECONDS or with a live socket on a running match."""
    user_ids = list(user_ids)
    if not user_ids:
        return set()
    now = time.time() if now is None else now
    seen = cache.get_many([_key(pk) for pk in user_ids])
    online = {pk for pk in user_ids if now - float(seen.get(_key(pk), 0) or 0) <= ONLINE_SECONDS}
    fresh = SeatPresence.objects.filter(match_id=OuterRef("match_id"), seat=OuterRef("seat"),
                                        seen_at__gte=datetime.fromtimestamp(now, tz=UTC) - timedelta(seconds=PRESENCE_STALE_SECONDS))
    playing = MatchSeat.objects.filter(user_id__in=user_ids, match__status=Match.Status.RUNNING).filter(Exists(fresh))
    return online | set(playing.values_list("user_id", flat=True))


class SeenOnline:
    """The middleware: each request of a logged-in person marks them seen (one cache write)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            mark_seen(user.pk)
        return self.get_response(request)

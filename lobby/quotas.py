"""What one person may hold at once, so that nobody can flood the lobby.

Each limit is a setting (docs/operations.md). Checks run inside the caller's
transaction after locking the person's user row, so two parallel requests of
one person cannot both slip under a limit.
"""
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import ngettext

from config import ratelimit
from lobby.models import Table
from matches.models import Match


class QuotaExceeded(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


def _lock(users):
    ids = sorted({u.pk for u in users if u is not None and u.pk})
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).values_list("pk", flat=True))


def check_open_tables(host) -> None:
    _lock([host])
    limit = settings.LOBBY_OPEN_TABLES_PER_USER
    if Table.objects.filter(host=host, status=Table.Status.OPEN).count() >= limit:
        raise QuotaExceeded(
            ngettext(
                "You may host at most %(limit)d open table at a time: start or close one first.",
                "You may host at most %(limit)d open tables at a time: start or close one first.",
                limit,
            )
            % {"limit": limit}
        )


def _running(user):
    return Match.objects.filter(status=Match.Status.RUNNING, seats__user=user).distinct()


def check_running_matches(users, turn_based: bool = False) -> None:
    """Real-time and turn-based matches are counted apart: a person sits at many turn-based
    matches at once (one decision every few days each), at few real-time ones."""
    _lock(users)
    limit = settings.TURN_BASED_MATCHES_PER_USER if turn_based else settings.RUNNING_MATCHES_PER_USER
    for user in users:
        running = _running(user).filter(decision_days__gt=0) if turn_based else _running(user).filter(decision_days=0)
        if running.count() >= limit:
            raise QuotaExceeded(
                ngettext(
                    "%(name)s already plays %(limit)d match: finish it first.",
                    "%(name)s already plays %(limit)d matches: finish one first.",
                    limit,
                )
                % {"name": user.username, "limit": limit}
            )


def check_untimed_bot_matches(users, options: dict, has_bots: bool) -> None:
    """An untimed match against computer players never ends unless its person plays: a few at most."""
    if not has_bots or options.get("clock"):
        return
    limit = settings.UNTIMED_BOT_MATCHES_PER_USER
    for user in users:
        untimed = _running(user).exclude(bot_seats=[]).filter(next_deadline__isnull=True, options__clock=0)
        if untimed.count() >= limit:
            raise QuotaExceeded(
                ngettext(
                    "%(name)s already plays %(limit)d untimed match against computer players: finish it or set a clock.",
                    "%(name)s already plays %(limit)d untimed matches against computer players: finish one or set a clock.",
                    limit,
                )
                % {"name": user.username, "limit": limit}
            )


def count_rematch_step(user) -> None:
    """Offering, accepting and declining rematches, counted per person: each one redraws every page
    of the finished match, so a loop of them must not flood its players and watchers."""
    hit = ratelimit.hit("rematch", user.pk, settings.REMATCH_STEPS_LIMIT, settings.REMATCH_STEPS_WINDOW)
    if not hit.allowed:
        raise QuotaExceeded(
            ngettext(
                "Too many rematch requests: try again in %(seconds)d second.",
                "Too many rematch requests: try again in %(seconds)d seconds.",
                hit.retry_after,
            )
            % {"seconds": hit.retry_after}
        )

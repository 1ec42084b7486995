"""Who is still at the table: seated people's open sockets, and computer players taking over from those who left.

Each open socket of a seated person is a `SeatPresence` row (every web process
sees it), refreshed by the page's pings; a row not refreshed for
PRESENCE_STALE_SECONDS belongs to a socket whose process died. A seat with no
fresh row whose person was last seen more than ABANDON_GRACE_SECONDS ago is
taken over by the game's first computer player, once (`abandoned_at`, under
the match's row lock). A running match with no clock whose people have all
gone is ended as aborted after ABANDONED_MATCH_SECONDS without a move.
"""
import time
from datetime import datetime, timedelta, timezone

from django.conf import settings
from django.db import transaction
from django.db.models import DateTimeField, Exists, ExpressionWrapper, F, OuterRef, Q, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from matches import broadcast, registry
from matches.models import Match, MatchSeat, SeatPresence

# Pages ping every 25 s: two missed pings and a margin.
PRESENCE_STALE_SECONDS = 60.0


def _at(now: float) -> datetime:
    return datetime.fromtimestamp(now, tz=timezone.utc)


def seat_connected(match_id: int, seat: int, channel_name: str, now: float | None = None) -> None:
    at = _at(time.time() if now is None else now)
    SeatPresence.objects.update_or_create(channel_name=channel_name, defaults={"match_id": match_id, "seat": seat, "seen_at": at})
    MatchSeat.objects.filter(match_id=match_id, seat=seat).update(last_seen_at=at)


def seat_seen(match_id: int, seat: int, channel_name: str, now: float | None = None) -> None:
    """A ping: the socket is alive."""
    seat_connected(match_id, seat, channel_name, now)


def seat_disconnected(match_id: int, seat: int, channel_name: str, now: float | None = None) -> None:
    at = _at(time.time() if now is None else now)
    SeatPresence.objects.filter(channel_name=channel_name).delete()
    MatchSeat.objects.filter(match_id=match_id, seat=seat).update(last_seen_at=at)


def _fresh_presence(now: datetime):
    return SeatPresence.objects.filter(
        match_id=OuterRef("match_id"), seat=OuterRef("seat"), seen_at__gte=now - timedelta(seconds=PRESENCE_STALE_SECONDS)
    )


def abandoned_seats(now: float | None = None, grace: float | None = None):
    """Seats of running matches whose person has been gone longer than the grace period (the
    table's own, chosen by its host, unless ``grace`` is given)."""
    at = _at(time.time() if now is None else now)
    gone_since = Value(at) - F("match__abandon_grace") if grace is None else Value(at - timedelta(seconds=grace))
    return (
        # A turn-based match expects nobody online: there absence is a deadline passing (matches/turns.py).
        MatchSeat.objects.filter(match__status=Match.Status.RUNNING, match__decision_days=0, user__isnull=False, abandoned_at__isnull=True)
        .annotate(seen=Coalesce("last_seen_at", "match__started_at"), present=Exists(_fresh_presence(at)))
        .filter(seen__lt=ExpressionWrapper(gone_since, output_field=DateTimeField()), present=False)
    )


def take_over_abandoned_seats(now: float | None = None, grace: float | None = None) -> int:
    """Give every abandoned seat to a computer player, once; returns how many seats were taken over."""
    now = time.time() if now is None else now
    taken = 0
    for match_id, seat in list(abandoned_seats(now, grace).values_list("match_id", "seat")):
        taken += _take_over(match_id, seat, now, grace)
    return taken


def _take_over(match_id: int, seat: int, now: float, grace: float | None) -> bool:
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        # Checked again under the lock: the person may have come back, or another sweep got here first.
        if not abandoned_seats(now, grace).filter(match_id=match_id, seat=seat).exists():
            return False
        _hand_to_computer(match, seat, now, "seat_taken_over")
    return True


def _hand_to_computer(match: Match, seat: int, now: float, code: str) -> None:
    """The game's first computer player takes the seat for the rest of the match (under the match's row lock)."""
    from matches import services

    spec = registry.get_game(match.game)
    bot = next(iter(spec.bots))
    MatchSeat.objects.filter(match=match, seat=seat).update(bot=bot, abandoned_at=_at(now))
    match.bot_seats = sorted(match.bot_seats + [[seat, bot]])
    match.save(update_fields=["bot_seats", "updated_at"])
    notice = {"type": "notice", "code": code, "seat": seat, "bot": bot}
    transaction.on_commit(lambda: (broadcast.send_notice(match, notice), services.schedule_next(match)))


def resign_seat(match_id: int, user, now: float | None = None) -> int:
    """The person resigns their seat: it is left for good at once, as an abandoned seat is after its
    grace period (a computer player finishes it; ratings rank the seat last). Returns the seat."""
    from matches import services

    now = time.time() if now is None else now
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.RUNNING:
            raise services.MatchNotRunning(_("This match is over."))
        seat_row = MatchSeat.objects.filter(match=match, user=user, abandoned_at__isnull=True).first()
        if seat_row is None:
            raise services.MatchError(_("You do not play in this match."), "not_seated")
        _hand_to_computer(match, seat_row.seat, now, "seat_resigned")
    return seat_row.seat


def end_deserted_matches(now: float | None = None, limit: float | None = None) -> int:
    """Abort running matches with no clock whose people have all gone and that did not move for ``limit`` seconds."""
    at = _at(time.time() if now is None else now)
    limit = settings.ABANDONED_MATCH_SECONDS if limit is None else limit
    someone_here = MatchSeat.objects.filter(match=OuterRef("pk"), user__isnull=False, abandoned_at__isnull=True)
    stale = Match.objects.filter(status=Match.Status.RUNNING, decision_days=0, next_deadline__isnull=True, updated_at__lt=at - timedelta(seconds=limit))
    stale = stale.filter(Q(seats__user__isnull=False)).annotate(someone_here=Exists(someone_here)).filter(someone_here=False).distinct()
    ended = 0
    for match in stale:
        if registry.is_untimed(registry.get_game(match.game), match.options):
            ended += Match.objects.filter(pk=match.pk, status=Match.Status.RUNNING).update(status=Match.Status.ABORTED, finished_at=at)
    return ended

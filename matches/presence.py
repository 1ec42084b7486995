"""Who is at the table: seated people's open sockets, and computer players standing in for those away.

Each open socket of a seated person is a `SeatPresence` row (every web process
sees it), refreshed by the page's pings; a row not refreshed for
PRESENCE_STALE_SECONDS belongs to a socket whose process died.

Absence is judged by the game's own clock, not by the socket alone: looking at
a replay, the history or another tab costs nothing while the game waits for
somebody else. Only when a decision of the seat is due (the engine's
`to_act`) and its person has had no open socket on the match for the table's
grace period (`Match.abandon_grace`, counted from the later of the decision's
opening and the person's last sign of life) does the game's first computer
player stand in (`MatchSeat.stand_in_since`). Every page of the site shows the
countdown before that (`away_status`, the banner in templates/base.html). The
seat stays the person's: the moment a socket of theirs opens on the match
again, they take it back (`take_seat_back`). Resigning (`resign_seat`) is the
only way to give a seat up for good (`MatchSeat.abandoned_at`).

No computer player stands in at a person's first decision: a person away when
it is due past the grace period gets the match aborted instead, unrated
(`early_abort.end_aborted`, notice `match_aborted_away`; docs/ratings.md, "The
early abort"): a match nobody started playing rates nobody.

Every change goes through the match row's lock, is written to the table's
lasting notices (`Match.seat_notices`) and is sent to every seat after commit.
A running match with no clock whose people have all been gone (no socket, no
sign of life) for ABANDONED_MATCH_SECONDS is ended as aborted.
"""
import time
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import DateTimeField, Exists, ExpressionWrapper, F, OuterRef, Q, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from matches import broadcast, early_abort, endings, frames, registry, services
from matches.models import ActionLog, Match, MatchSeat, SeatPresence

# Pages ping every 25 s: two missed pings and a margin.
PRESENCE_STALE_SECONDS = 60.0

# Notice codes (docs/protocol.md).
RESIGNED = "seat_resigned"
STOOD_IN = "seat_stood_in"
RETURNED = "seat_returned"


def _at(now: float) -> datetime:
    return datetime.fromtimestamp(now, tz=UTC)


def seat_connected(match_id: int, seat: int, channel_name: str, now: float | None = None) -> None:
    at = _at(time.time() if now is None else now)
    # One statement (INSERT ... ON CONFLICT DO UPDATE, on PostgreSQL and SQLite alike): every socket
    # connects with this, 800 at once in a burst, and each round trip counts there.
    SeatPresence.objects.bulk_create([SeatPresence(match_id=match_id, seat=seat, channel_name=channel_name, seen_at=at)],
                                     update_conflicts=True, unique_fields=["channel_name"], update_fields=["match", "seat", "seen_at"])
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


def is_present(match_id: int, seat: int, now: float) -> bool:
    return SeatPresence.objects.filter(
        match_id=match_id, seat=seat, seen_at__gte=_at(now) - timedelta(seconds=PRESENCE_STALE_SECONDS)
    ).exists()


def decision_opened_at(match: Match) -> float:
    """When the engine's current decision opened (server seconds): the time of the action that opened it."""
    if match.step_version <= 0:
        return float(match.options.get("started_at") or match.started_at.timestamp())
    opened = ActionLog.objects.filter(match_id=match.pk, seq=match.step_version - 1).values_list("server_time", flat=True).first()
    return float(opened) if opened is not None else match.updated_at.timestamp()


def _grace(match: Match, grace: float | None) -> float:
    return match.abandon_grace.total_seconds() if grace is None else grace


def stand_in_at(match: Match, seat_row: MatchSeat, grace: float | None = None) -> float | None:
    """When a computer player stands in for this seat if its person stays away; None when it will not
    (no decision of theirs is due, the seat is a computer's, resigned or already stood in for).

    The countdown runs from the later of the decision's opening and the person's last sign of life.
    """
    if match.status != Match.Status.RUNNING or not seat_row.user_id or seat_row.abandoned_at or seat_row.stand_in_since:
        return None
    if match.decision_days:
        return None  # a turn-based match expects nobody online: there absence is a deadline passing (matches/turns.py)
    engine = registry.get_game(match.game).engine
    if engine.result(match.state) is not None or seat_row.seat not in engine.to_act(match.state):
        return None
    seen = seat_row.last_seen_at or match.started_at
    return max(seen.timestamp(), decision_opened_at(match)) + _grace(match, grace)


def absent_seats(now: float | None = None, grace: float | None = None):
    """Seats of running matches whose person has no open socket and showed no life for the grace period
    (the table's own unless ``grace`` is given): those a computer player may have to stand in for, once
    a decision of theirs is due (checked per seat, `stand_in_at`)."""
    at = _at(time.time() if now is None else now)
    gone_since = Value(at) - F("match__abandon_grace") if grace is None else Value(at - timedelta(seconds=grace))
    return (
        MatchSeat.objects.filter(
            match__status=Match.Status.RUNNING, match__decision_days=0, user__isnull=False, abandoned_at__isnull=True,
            stand_in_since__isnull=True
        )
        .annotate(seen=Coalesce("last_seen_at", "match__started_at"), present=Exists(_fresh_presence(at)))
        .filter(seen__lt=ExpressionWrapper(gone_since, output_field=DateTimeField()), present=False)
    )


def stand_in_for_absent_seats(now: float | None = None, grace: float | None = None) -> int:
    """A computer player stands in for every seat whose person is away past the countdown, or, at the person's
    first decision, the match is aborted; returns how many seats were so handled."""
    now = time.time() if now is None else now
    taken = 0
    for match_id, seat in list(absent_seats(now, grace).values_list("match_id", "seat")):
        taken += _stand_in(match_id, seat, now, grace)
    return taken


# Its name before computer players stood in rather than took over (kept for code written against it).
take_over_abandoned_seats = stand_in_for_absent_seats


def _stand_in(match_id: int, seat: int, now: float, grace: float | None) -> bool:
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat_row = MatchSeat.objects.get(match=match, seat=seat)
        # Checked under the lock: the person may have come back, or another sweep got here first.
        due = stand_in_at(match, seat_row, grace)
        if due is None or due > now or is_present(match_id, seat, now):
            return False
        if seat in (match.undecided_seats or []):
            # their first decision: nobody plays it for them (docs/ratings.md, "The early abort")
            early_abort.end_aborted(match, early_abort.ABORTED_AWAY, seat, now)
            return True
        bot = next(iter(registry.get_game(match.game).bots))
        MatchSeat.objects.filter(pk=seat_row.pk).update(bot=bot, stand_in_since=_at(now))
        match.bot_seats = sorted(match.bot_seats + [[seat, bot]])
        _notify(match, STOOD_IN, seat, bot, now, ["bot_seats"])
    return True


def take_seat_back(match_id: int, seat: int, now: float | None = None) -> bool:
    """The person is back (a socket of theirs opened on the match): the computer player standing in
    for them leaves the seat at once. True if it was stood in for."""
    now = time.time() if now is None else now
    stood_in = MatchSeat.objects.filter(match_id=match_id, seat=seat, stand_in_since__isnull=False, abandoned_at__isnull=True)
    # Looked at first without the lock: almost every socket connects to a seat nobody stands in for. A
    # stand-in committed before this read is seen here; one not yet committed checks, under the match's
    # lock, for the presence row the caller wrote first, and stands back.
    if not stood_in.exists():
        return False
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.RUNNING:
            return False
        seat_row = stood_in.first()
        if seat_row is None:
            return False
        MatchSeat.objects.filter(pk=seat_row.pk).update(bot="", stand_in_since=None)
        match.bot_seats = [pair for pair in match.bot_seats if pair[0] != seat]
        _notify(match, RETURNED, seat, seat_row.bot, now, ["bot_seats"])
    return True


def resign_seat(match_id: int, user, now: float | None = None) -> int:
    """The person resigns their seat: it is left for good at once (a computer player finishes it;
    ratings rank the seat last). Returns the seat."""
    now = time.time() if now is None else now
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.RUNNING:
            raise services.MatchNotRunning(_("This match is over."))
        seat_row = MatchSeat.objects.filter(match=match, user=user, abandoned_at__isnull=True).first()
        if seat_row is None:
            raise services.MatchError(_("You do not play in this match."), "not_seated")
        bot = seat_row.bot if seat_row.stand_in_since else next(iter(registry.get_game(match.game).bots))
        MatchSeat.objects.filter(pk=seat_row.pk).update(bot=bot, abandoned_at=_at(now), stand_in_since=None)
        match.bot_seats = sorted([pair for pair in match.bot_seats if pair[0] != seat_row.seat] + [[seat_row.seat, bot]])
        # a computer player's seat from now on: no person's first decision keeps the abort's window open there
        match.undecided_seats = [s for s in match.undecided_seats or [] if s != seat_row.seat]
        _notify(match, RESIGNED, seat_row.seat, bot, now, ["bot_seats", "undecided_seats"])
    return seat_row.seat


def _notify(match: Match, code: str, seat: int, bot: str, now: float, fields: list[str]) -> None:
    """Record the seat's change in the table's lasting notices (under the row lock) and, after commit,
    tell every seat and let the bots and the clock go on."""
    # The version every seat saw (the match's may count an action hidden from some seats: matches/frames.py).
    notice = {"code": code, "seat": seat, "bot": bot, "at": now, "version": frames.public_version(match)}
    match.seat_notices = list(match.seat_notices or []) + [notice]
    match.save(update_fields=[*fields, "seat_notices", "updated_at"])
    frame = frames.notice_frame(match, notice)
    transaction.on_commit(lambda: (broadcast.send_notice(match, frame), services.schedule_next(match)))


def away_status(user, now: float | None = None) -> list[dict]:
    """For the banner on every page: each running match of ``user`` in which a computer player stands in
    for them, or will when the countdown (``stand_in_at``) runs out because a decision of theirs is due
    and no page of the match is open (``aborts``: their first decision, the match is aborted then)."""
    now = time.time() if now is None else now
    rows = (
        MatchSeat.objects.filter(user=user, match__status=Match.Status.RUNNING, abandoned_at__isnull=True)
        .select_related("match")
        .annotate(present=Exists(_fresh_presence(_at(now))))
    )
    status = []
    for seat_row in rows:
        match = seat_row.match
        entry = {"match": match.pk, "game": registry.get_game(match.game).name, "seat": seat_row.seat}
        if seat_row.stand_in_since:
            status.append(dict(entry, state="stood_in"))
        elif not seat_row.present:
            at = stand_in_at(match, seat_row)
            if at is not None:
                status.append(dict(entry, state="due", at=at, aborts=seat_row.seat in (match.undecided_seats or [])))
    return status


def end_deserted_matches(now: float | None = None, limit: float | None = None) -> int:
    """Abort running matches with no clock whose people have all been gone for ``limit`` seconds (no open
    socket, no sign of life): computer players standing in would otherwise play it to the end for nobody."""
    at = _at(time.time() if now is None else now)
    limit = settings.ABANDONED_MATCH_SECONDS if limit is None else limit
    since = at - timedelta(seconds=limit)
    people = MatchSeat.objects.filter(match=OuterRef("pk"), user__isnull=False, abandoned_at__isnull=True)
    someone_here = people.filter(
        Q(last_seen_at__gte=since) | Q(last_seen_at__isnull=True, match__started_at__gte=since)
        | Exists(SeatPresence.objects.filter(match_id=OuterRef("match_id"), seat=OuterRef("seat"),
                                             seen_at__gte=at - timedelta(seconds=PRESENCE_STALE_SECONDS)))
    )
    stale = Match.objects.filter(status=Match.Status.RUNNING, decision_days=0, next_deadline__isnull=True, started_at__lt=since)
    stale = stale.filter(Q(seats__user__isnull=False)).annotate(someone_here=Exists(someone_here)).filter(someone_here=False).distinct()
    ended = 0
    for match in stale:
        if registry.is_untimed(registry.get_game(match.game), match.options):
            with transaction.atomic():
                if Match.objects.filter(pk=match.pk, status=Match.Status.RUNNING).update(status=Match.Status.ABORTED, finished_at=at):
                    endings.match_ended(match.pk)
                    ended += 1
    return ended

"""The early abort (docs/ratings.md, "The early abort"): a match where some person has not made a first decision
of their own may be ended, unrated, by anyone seated (``abort_match``) or by presence when that person is away
(``end_aborted``, matches/presence.py). One more way the match service changes a match: the same row lock,
version checks and broadcasts as an action (``matches/services.py``, whose steps it uses); a module of its own so
that each stays readable."""
import time

from django.db import transaction
from django.utils.translation import gettext as _, gettext_lazy

from matches import broadcast, endings, frames
from matches.models import Match, MatchSeat
from matches.registry import get_game
from matches.services import (
    STALE_MESSAGE,
    MatchError,
    MatchNotRunning,
    StaleVersion,
    _after_commit,
    _apply_due_expiries,
    _check_client_version,
    _locked_match,
    _save,
    _ts,
)

# The early abort (docs/ratings.md, "The early abort"): notice codes (docs/protocol.md).
ABORTED = "match_aborted"  # a person seated aborted the match
ABORTED_AWAY = "match_aborted_away"  # a person was away when their first decision was due (matches/presence.py)
TOO_LATE_MESSAGE = gettext_lazy("It is too late to abort: every player has made a first decision. Resign instead.")


def abort_window_open(match: Match) -> bool:
    """Whether the match may still be aborted: it runs and a person seated has not made a first decision of their
    own yet (``Match.undecided_seats``)."""
    return match.status == Match.Status.RUNNING and bool(match.undecided_seats)


def abort_match(match_id, user, *, client_version=None, from_client=False, now=None) -> int:
    """``user``, seated in the match, aborts it while its window is open (``abort_window_open``); returns their seat.

    Under the match row's lock, like an action: a deadline already due is applied first (time acted before
    the abort arrived, and it stays applied even if the abort is then refused), and the versions are checked
    as for an action (``client_version``: the version of the view the person saw). The match ends aborted,
    unrated, and every seat and spectator is told (``end_aborted``). Refused with a MatchError (nothing else
    changed): a match that is over, someone not seated in it (a spectator), the window closed (``too_late``),
    a version unknown or stale."""
    refused = None
    with transaction.atomic():
        try:
            match = _locked_match(match_id)
        except Match.DoesNotExist:
            raise MatchError(_("There is no such match."), "not_found") from None
        if match.status != Match.Status.RUNNING:
            raise MatchNotRunning(_("This match is over."))
        seat = None
        if getattr(user, "is_authenticated", False):
            seat = MatchSeat.objects.filter(match_id=match.pk, user=user, abandoned_at__isnull=True).values_list("seat", flat=True).first()
        if seat is None:
            raise MatchError(_("Only a player of this match may abort it."), "not_seated")
        _check_client_version(match, seat, client_version, from_client)
        spec = get_game(match.game)
        now = time.time() if now is None else now
        start_version, start_step = match.version, match.step_version
        new_events = []
        state = _apply_due_expiries(spec, match, match.state, now, new_events)
        if client_version is not None and match.step_version != start_step and client_version < match.step_version:
            refused = StaleVersion(STALE_MESSAGE)
        elif spec.engine.result(state) is not None:
            refused = MatchNotRunning(_("This match is over."))
        elif not match.undecided_seats:
            refused = MatchError(TOO_LATE_MESSAGE, "too_late")
        moved = match.version != start_version
        if moved:
            _save(spec, match, state, now)
        if refused is None:
            end_aborted(match, ABORTED, seat, now, new_events, start_version)
        elif moved:
            transaction.on_commit(lambda: _after_commit(match, new_events, start_version))
    if refused is not None:
        try:
            raise refused
        finally:
            # this frame is in the exception's traceback: holding the exception too, it would make a cycle
            # (with every frame and state the traceback holds) that only a full collection frees, in a web
            # process a socket's consumer with it (docs/performance.md, "Memory")
            del refused
    return seat


def end_aborted(match: Match, code: str, seat: int, now: float, new_events=(), since=None) -> None:
    """Inside the transaction holding the match row's lock: the running match ends aborted, unrated (only a
    finished match is ever rated: matches/ratings.py), its notice ``code`` naming ``seat`` kept with the
    table's notices. After commit every seat and spectator is sent the notice, then its frame of the aborted
    match (with the ``new_events`` of time's change after version ``since``, if time acted first)."""
    since = match.version if since is None else since
    notice = {"code": code, "seat": seat, "bot": "", "at": now, "version": frames.public_version(match)}
    match.status = Match.Status.ABORTED
    match.finished_at = _ts(now)
    endings.match_ended(match.pk)
    match.next_deadline = None
    match.undecided_seats = []
    match.seat_notices = list(match.seat_notices or []) + [notice]
    match.save(update_fields=["status", "finished_at", "next_deadline", "undecided_seats", "seat_notices", "updated_at"])
    # a turn-based match waits for nobody any more (the header's badge, the your-turn e-mails)
    MatchSeat.objects.filter(match_id=match.pk, waiting_since__isnull=False).update(waiting_since=None)
    frame = frames.notice_frame(match, notice)
    new_events = list(new_events)

    def tell():
        broadcast.send_notice(match, frame)
        broadcast.send_views(match, new_events, since)

    transaction.on_commit(tell)

"""Your-turn e-mails of turn-based matches: the periodic job that collects the seats a match
waits for (kept by matches/turns.py) and hands one digest per person to the site's e-mail sender
(accounts/mail.py), and the rows such a digest lists, read when it is built.

accounts/mail.py builds the message; it reads the rows through ``mail.provide_digest_rows``,
given below, so that the accounts app never imports the matches it is told about.
"""
import time
from datetime import UTC, datetime

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.urls import reverse

from accounts import mail
from accounts.models import AccountProfile
from matches import selectors
from matches.models import Match, MatchSeat, SeatPresence
from matches.presence import PRESENCE_STALE_SECONDS


def _on_site(user_ids, now: float) -> set[int]:
    """The people on the site: a live socket at one of their matches (a fresh SeatPresence), or
    one seen (connect, ping, close) within TURN_MAIL_ONLINE_SECONDS. A seat never seen counts as
    seen when its match started: its person was at the table then, on the way to the match's page
    (as matches/presence.py judges absence), so a digest never beats their first socket there."""
    recent = datetime.fromtimestamp(now - settings.TURN_MAIL_ONLINE_SECONDS, tz=UTC)
    fresh = datetime.fromtimestamp(now - PRESENCE_STALE_SECONDS, tz=UTC)
    live = SeatPresence.objects.filter(match_id=OuterRef("match_id"), seat=OuterRef("seat"), seen_at__gte=fresh)
    seen = Q(last_seen_at__gte=recent) | Q(last_seen_at__isnull=True, match__started_at__gte=recent)
    seats = MatchSeat.objects.filter(user_id__in=user_ids).filter(seen | Q(Exists(live)))
    return set(seats.values_list("user_id", flat=True))


def _unnotified():
    return Q(turn_mail_for__isnull=True) | ~Q(turn_mail_for=F("waiting_since"))


def send_turn_digests(now: float | None = None, url: str | None = None) -> int:
    """The periodic job: for each person that turn-based matches started waiting for, one e-mail
    listing them (after commit, through the site's sender); returns how many were handed over.

    At most one e-mail per match per waiting period: a seat's ``turn_mail_for`` takes the value of
    its ``waiting_since`` under the seat rows' lock when its notice is collected, so a second run
    (or two at once) finds nothing left. Nobody is mailed while on the site, without a confirmed
    address, or with the notice turned off; their seats stay uncollected (mailed once they leave,
    if the match still waits for them then)."""
    now = time.time() if now is None else now
    url = (settings.SITE_URL if url is None else url).rstrip("/")
    if not url:
        return 0  # no address of the site to link to (docs/operations.md: SITE_URL)
    settled = datetime.fromtimestamp(now - settings.TURN_MAIL_DELAY_SECONDS, tz=UTC)
    due = (MatchSeat.objects.filter(waiting_since__isnull=False, waiting_since__lte=settled, abandoned_at__isnull=True,
                                    match__status=Match.Status.RUNNING, match__decision_days__gt=0,
                                    user__is_active=True, user__account_profile__email_turns=True)
           .exclude(user__account_profile__verified_email="").filter(_unnotified()))
    by_user: dict[int, list[int]] = {}
    for seat_id, user_id in due.values_list("pk", "user_id"):
        by_user.setdefault(user_id, []).append(seat_id)
    away = set(by_user) - _on_site(list(by_user), now)
    sent = 0
    for user_id in sorted(away):
        with transaction.atomic():
            # Checked again under the lock: another run may have collected them meanwhile.
            seats = list(MatchSeat.objects.select_for_update().filter(pk__in=by_user[user_id], waiting_since__isnull=False)
                         .filter(_unnotified()))
            if not seats:
                continue
            for seat in seats:
                MatchSeat.objects.filter(pk=seat.pk).update(turn_mail_for=seat.waiting_since)
            address = AccountProfile.objects.filter(user_id=user_id).values_list("verified_email", flat=True).first()
            mail.send_later(mail.TURNS, user_id, url, address, sorted(seat.match_id for seat in seats))
            sent += 1
    return sent


def digest_rows(user, match_ids, url) -> list[dict]:
    """What a your-turn e-mail lists, read when it is built: the given matches that still wait for
    ``user`` (played meanwhile: left out), each with its game, other players, time left and link."""
    rows = []
    for row in selectors.my_running_matches(user, time.time()):
        if row["match"].pk in match_ids and row["my_turn"]:
            row["link"] = url + reverse("matches:match", args=[row["match"].pk])
            rows.append(row)
    return rows


mail.provide_digest_rows(digest_rows)

"""The e-mail reminder: once, a few minutes before a tournament starts, to each person registered
with a confirmed address. The job collects the tournaments under their row lock (`reminded_at`),
so a second run or two at once send nothing more; accounts/mail.py builds and sends each message
in the person's language, through the site's sender, and asks `describe` what to say."""
import time
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from accounts import mail
from accounts.models import AccountProfile
from matches.registry import get_game
from tournaments.models import Entry, Tournament

REMINDER_BEFORE = timedelta(minutes=10)


def send_reminders(now: float | None = None, url: str | None = None) -> int:
    """The periodic job; returns how many reminders were handed to the sender."""
    now = time.time() if now is None else now
    url = (settings.SITE_URL if url is None else url).rstrip("/")
    if not url:
        return 0  # no address of the site to link to (docs/operations.md: SITE_URL)
    at = datetime.fromtimestamp(now, tz=UTC)
    due = Tournament.objects.filter(status=Tournament.Status.SCHEDULED, reminded_at__isnull=True,
                                    starts_at__gt=at, starts_at__lte=at + REMINDER_BEFORE).values_list("pk", flat=True)
    sent = 0
    for pk in list(due):
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().filter(pk=pk, reminded_at__isnull=True).first()
            if tournament is None:
                continue
            tournament.reminded_at = at
            tournament.save(update_fields=["reminded_at"])
            people = Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True, user__is_active=True) \
                .values_list("user_id", flat=True)
            addresses = AccountProfile.objects.filter(user_id__in=list(people)).exclude(verified_email="") \
                .values_list("user_id", "verified_email")
            for user_id, address in addresses:
                mail.send_later(mail.TOURNAMENT, user_id, url, address, [tournament.pk])
                sent += 1
    return sent


def describe(user, tournament_id, url) -> dict | None:
    """What the reminder says, read when it is built: nothing if the person left or it has started."""
    tournament = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.SCHEDULED).first()
    if tournament is None or not Entry.objects.filter(tournament=tournament, user=user, withdrawn_at__isnull=True).exists():
        return None
    minutes = max(1, round((tournament.starts_at.timestamp() - time.time()) / 60))
    return {"name": tournament.name, "game": get_game(tournament.game).name, "minutes": minutes,
            "link": url + reverse("tournaments:detail", args=[tournament.pk])}


mail.provide_tournament_reminder(describe)

"""The e-mail reminder before a tournament starts (tournaments/reminders.py), received by a real
SMTP server: once, to each person registered with a confirmed address, in their language."""
import time
from datetime import UTC, datetime

import pytest

from accounts import outbox
from tests.factories import UserFactory
from tests.mail_server import body_of, links_in

# the your-turn e-mails' people (thread_sender, their fixture, comes through tests/tournaments/conftest.py)
from tests.matches.test_turn_mail import SITE, person
from tournaments import reminders, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def cup(starts_in: float):
    now = time.time()
    return services.create_tournament(UserFactory(), name="Sunday cup", kind="swiss", game="alibaba_tiles", table_size=2,
                                      rounds=2, starts_at=datetime.fromtimestamp(now + starts_in, tz=UTC), now=now)


def test_each_registered_person_with_an_address_gets_one_reminder_in_their_language(thread_sender):
    tournament = cup(starts_in=8 * 60)
    ali, sami, nobody = person("ali"), person("sami", "fr"), person("quiet", address=False)
    for user in (ali, sami, nobody):
        services.register(user, tournament.pk)
    assert reminders.send_reminders() == 2
    assert reminders.send_reminders() == 0  # once
    assert outbox.flush()
    (english,) = thread_sender.wait_for("ali@example.org")
    (french,) = thread_sender.wait_for("sami@example.org")
    assert english["message"]["Subject"] == "Sunday cup starts soon"
    assert f"{SITE}/tournaments/{tournament.pk}/" in links_in(english)
    assert "starts in 8 minutes" in body_of(english)
    assert french["message"]["Subject"] == "Sunday cup commence bientôt"
    assert "commence dans 8 minutes" in body_of(french)
    assert Tournament.objects.get().reminded_at is not None


def test_no_reminder_long_before_the_start_nor_to_who_left(thread_sender):
    tournament = cup(starts_in=3 * 3600)
    ali, sami = person("ali"), person("sami")
    services.register(ali, tournament.pk)
    services.register(sami, tournament.pk)
    assert reminders.send_reminders() == 0
    services.withdraw(sami, tournament.pk)
    later = time.time() + 3 * 3600 - 5 * 60
    assert reminders.send_reminders(now=later) == 1
    assert outbox.flush()
    assert thread_sender.wait_for("ali@example.org")
    assert not [m for m in thread_sender.messages if "sami@example.org" in m["to"]]  # who left gets nothing

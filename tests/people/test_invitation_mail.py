"""The invitation e-mail (people/invitations.py through accounts/mail.py), received by a real SMTP server: sent
when the invited person allows it and has a confirmed address, in their language, with the one-click unsubscribe
link; nothing once they turned it off or the invitation no longer waits."""
import pytest
from django.test import Client

from accounts import mail, outbox
from accounts.models import profile_of
from people import invitations
from tests.mail_server import body_of, links_in
from tests.matches.test_turn_mail import SITE, person
from tests.people.helpers import open_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_invited_person_gets_an_e_mail_in_their_language_with_the_link_to_answer(thread_sender):
    host = person("host")
    person("guest")
    invitations.invite(host, open_table(host).pk, "guest")
    assert outbox.flush()
    (received,) = thread_sender.wait_for("guest@example.org")
    assert received["message"]["Subject"] == "host invites you to play Countdown (test game)"
    assert "host invites you to a table of Countdown (test game)." in body_of(received)
    assert f"{SITE}/players/invitations/" in links_in(received)
    assert received["message"]["List-Unsubscribe"].strip().strip("<>") in links_in(received)
    assert "host@example.org" not in body_of(received)  # the host's address is never told


def test_a_challenge_is_said_so_in_french(thread_sender):
    host = person("host")
    person("sami", "fr")
    invitations.challenge(host, "sami", "countdown")
    assert outbox.flush()
    (received,) = thread_sender.wait_for("sami@example.org")
    # a long non-ASCII subject is folded after "Subject:", which unfolds to a leading space
    assert received["message"]["Subject"].strip() == "host vous invite à jouer à Countdown (test game)"
    assert "host vous défie à une partie de Countdown (test game)." in body_of(received)


def test_no_e_mail_without_a_confirmed_address_or_once_turned_off_by_its_link(thread_sender):
    host, guest = person("host"), person("guest")
    person("quiet", address=False)
    invitations.invite(host, open_table(host, seats=3).pk, "quiet")
    invitations.invite(host, open_table(host).pk, "guest")
    assert outbox.flush()
    (received,) = thread_sender.wait_for("guest@example.org")
    link = received["message"]["List-Unsubscribe"].strip().strip("<>")
    assert Client().post(link.removeprefix(SITE), {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert profile_of(guest).email_invitations is False and profile_of(guest).email_turns is True
    invitations.invite(host, open_table(host).pk, "guest")
    assert outbox.flush()
    assert len(thread_sender.messages) == 1


def test_an_invitation_answered_before_its_e_mail_is_built_sends_nothing(thread_sender):
    host, guest = person("host"), person("guest")
    invitation = invitations.invite(host, open_table(host).pk, "guest")
    invitations.decline(guest, invitation.pk)
    assert mail.build_message(mail.INVITATION, guest, SITE, "guest@example.org", [invitation.pk]) is None

"""accounts/mail.py: what is sent, in whose language, when, and how often; through a real SMTP server."""
import pytest
from django.core import signing
from django.db import transaction

from accounts import mail, outbox
from accounts.models import AccountProfile, profile_of
from config.celery import app as celery_app
from tests.factories import UserFactory
from tests.mail_server import body_of, links_in

pytestmark = pytest.mark.django_db(transaction=True)
SITE = "http://testserver"


@pytest.fixture
def thread_sender(settings, mail_settings):
    """The default mode's sender thread (accounts/outbox.py) sends through the test SMTP server."""
    settings.TIMER_BACKEND = "thread"
    yield mail_settings
    outbox.flush()


def ask(user, address):
    """Ask for a confirmation link and wait until the sender handled it (a link for an address
    replaced before it was sent is not sent at all: test_a_link_for_an_address_replaced...)."""
    with transaction.atomic():
        mail.request_verification(user, address, SITE)
    assert outbox.flush()


def test_a_confirmation_link_is_sent_through_smtp_after_the_commit_by_the_sender_thread(thread_sender):
    user = UserFactory(username="ali")
    ask(user, "ali@example.org")
    (received,) = thread_sender.wait_for("ali@example.org")
    assert received["message"]["Subject"] == "Confirm your e-mail address"
    link, signature = links_in(received)
    assert link.startswith(SITE + "/accounts/email/confirm/")
    assert signature == SITE
    assert "ali" in body_of(received)
    assert profile_of(user).pending_email == "ali@example.org"
    assert profile_of(user).verified_email == ""


def test_nothing_is_sent_when_the_transaction_is_rolled_back(thread_sender):
    user = UserFactory(username="ali")
    with pytest.raises(RuntimeError), transaction.atomic():
        mail.request_verification(user, "ali@example.org", SITE)
        raise RuntimeError("the request failed")
    assert outbox.flush()
    assert thread_sender.received() == []


def test_the_message_is_in_the_recipients_language_not_the_senders(thread_sender):
    user = UserFactory(username="zora")
    profile = profile_of(user)
    profile.language = "fr"
    profile.save()
    ask(user, "zora@example.org")
    (received,) = thread_sender.wait_for("zora@example.org")
    assert received["message"]["Subject"] == "Confirmez votre adresse e-mail"
    assert received["message"]["Content-Language"] == "fr"
    assert "Bonjour zora" in body_of(received)


def test_a_link_for_an_address_replaced_before_sending_is_not_sent(settings, mail_settings):
    user = UserFactory(username="ali")
    profile = profile_of(user)
    profile.pending_email = "new@example.org"
    profile.save()
    assert mail.deliver(mail.VERIFY, user.pk, SITE, "old@example.org") is False
    assert mail.deliver(mail.RESET, user.pk, SITE, "new@example.org") is False  # never to an unconfirmed address
    assert mail_settings.received() == []


def test_the_celery_task_sends_the_same_message(settings, mail_settings):
    """With a broker the request hands the e-mail to a Celery task (run eagerly here: no worker in this test)."""
    settings.TIMER_BACKEND = "celery"
    celery_app.conf.task_always_eager = True
    try:
        user = UserFactory(username="ali")
        ask(user, "ali@example.org")
    finally:
        celery_app.conf.task_always_eager = False
    (received,) = mail_settings.wait_for("ali@example.org", timeout=5)
    assert links_in(received)[0].startswith(SITE + "/accounts/email/confirm/")


def test_confirmations_are_limited_per_person_and_per_address(settings, thread_sender):
    settings.EMAIL_USER_LIMIT, settings.EMAIL_ADDRESS_LIMIT, settings.EMAIL_REQUESTER_ADDRESS_LIMIT = 3, 2, 100
    user, other = UserFactory(username="ali"), UserFactory(username="baba")
    ask(user, "one@example.org")
    ask(user, "one@example.org")
    with pytest.raises(mail.TooManyEmails) as limited:
        ask(user, "one@example.org")  # the address's limit
    assert limited.value.retry_after > 0
    ask(user, "two@example.org")
    with pytest.raises(mail.TooManyEmails):
        ask(user, "three@example.org")  # the person's limit
    assert profile_of(user).pending_email == "two@example.org"  # a refused request changed nothing
    with pytest.raises(mail.TooManyEmails):
        ask(other, "ONE@example.org")  # the address's limit holds whoever asks, whatever the case
    assert outbox.flush()
    assert len(thread_sender.received()) == 3


def test_confirmations_for_one_address_are_limited_per_client_address(settings, thread_sender):
    settings.EMAIL_REQUESTER_ADDRESS_LIMIT = 2
    asking = [UserFactory(username=f"asker{n}") for n in range(4)]
    for user in asking[:2]:
        with transaction.atomic():
            mail.request_verification(user, "one@example.org", SITE, "203.0.113.9")
    with pytest.raises(mail.TooManyEmails), transaction.atomic():
        mail.request_verification(asking[2], "ONE@example.org", SITE, "203.0.113.9")  # whichever account asks
    with transaction.atomic():
        mail.request_verification(asking[2], "one@example.org", SITE, "198.51.100.7")
        mail.request_verification(asking[3], "two@example.org", SITE, "203.0.113.9")
    assert outbox.flush()
    assert len(thread_sender.received("one@example.org")) == 3


def test_an_address_another_account_confirmed_is_sent_a_notice_once_per_window_and_no_link(settings, thread_sender):
    owner = UserFactory(username="baba")
    AccountProfile.objects.create(user=owner, verified_email="baba@example.org")
    ali, zora = UserFactory(username="ali"), UserFactory(username="zora")
    ask(ali, "Baba@example.org")
    ask(zora, "baba@example.org")
    # Each asking person's account looks as after any request: the address waits for confirmation.
    assert (profile_of(ali).pending_email, profile_of(zora).pending_email) == ("Baba@example.org", "baba@example.org")
    (notice,) = thread_sender.received()
    assert notice["to"] == ["baba@example.org"] and notice["message"]["Subject"] == "Someone asked for your e-mail address"
    assert "Hello baba," in body_of(notice) and "it stays so" in body_of(notice)
    assert not [link for link in links_in(notice) if "/accounts/" in link]
    assert profile_of(owner).verified_email == "baba@example.org"


def test_a_notice_for_an_address_its_owner_gave_up_meanwhile_is_not_sent(mail_settings):
    owner = UserFactory(username="baba")
    AccountProfile.objects.create(user=owner, verified_email="new@example.org")
    assert mail.deliver(mail.IN_USE, owner.pk, SITE, "old@example.org") is False
    assert mail.deliver(mail.IN_USE, owner.pk, SITE, "new@example.org") is True
    assert [m["to"] for m in mail_settings.received()] == [["new@example.org"]]


def test_resets_not_proven_the_owners_are_sent_within_the_addresss_share_and_the_owners_always(settings, thread_sender):
    settings.PASSWORD_RESET_ADDRESS_LIMIT = 2
    user = UserFactory(username="ali")
    AccountProfile.objects.create(user=user, verified_email="ali@example.org")
    with transaction.atomic():
        sent = [mail.send_reset(user, SITE, by_owner=False) for _n in range(3)]
        sent.append(mail.send_reset(user, SITE, by_owner=True))
    assert sent == [True, True, False, True]
    assert outbox.flush()
    assert len(thread_sender.received("ali@example.org")) == 3


def test_a_tampered_or_expired_confirmation_token_is_refused(settings):
    token = mail.verification_token(7, "a@example.org")
    assert mail.read_verification_token(token) == (7, "a@example.org")
    with pytest.raises(signing.BadSignature):
        mail.read_verification_token(token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
    settings.EMAIL_VERIFY_MAX_AGE = -1
    with pytest.raises(signing.SignatureExpired):
        mail.read_verification_token(token)


def test_a_mail_server_that_is_down_leaves_the_sender_thread_alive(settings, thread_sender, caplog):
    settings.EMAIL_PORT = 1  # nothing listens there
    user = UserFactory(username="ali")
    ask(user, "ali@example.org")
    assert outbox.flush()
    assert "not sent" in caplog.text
    settings.EMAIL_PORT = thread_sender.port
    with transaction.atomic():
        mail.send_later(mail.VERIFY, user.pk, SITE, "ali@example.org")
    thread_sender.wait_for("ali@example.org")

"""The e-mails of accounts: address confirmation, password reset, and the your-turn digest.

A request never waits on SMTP: it decides what to send (after counting it against
the limits), and once its transaction commits hands (kind, user id, base URL,
address) to a sender, as the site's scheduler says (matches/scheduling.py): a Celery
task when it has workers (a broker), else the in-process sender thread (accounts/outbox.py).
The sender builds the message then, in the recipient's language (AccountProfile.language),
and sends it through Django's e-mail framework (settings.EMAIL_*; docs/operations.md).
"""
import logging

from celery import current_app
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts import outbox
from accounts.models import profile_of
from config import ratelimit
from matches import scheduling

logger = logging.getLogger(__name__)

VERIFY = "verify"
RESET = "reset"
# The turn-based matches waiting for the person (collected by matches/turns.py's periodic job).
TURNS = "turns"
KINDS = (VERIFY, RESET, TURNS)
# The Celery task that sends one (accounts/tasks.py, registered as the app starts): named, not
# imported, since the task calls this module's deliver().
SEND_TASK = "accounts.tasks.send_account_email"
_VERIFY_SALT = "accounts.mail.verify-email"


class TooManyEmails(Exception):
    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


def normalize_address(address: str) -> str:
    return str(address or "").strip().casefold()


def base_url(request) -> str:
    """settings.SITE_URL, else the scheme and host of the request (validated against ALLOWED_HOSTS)."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")


def count_email(user_id, address) -> None:
    """One more e-mail to this person and to this address, or TooManyEmails (and neither is counted)."""
    person = ratelimit.hit("email-user", user_id, settings.EMAIL_USER_LIMIT, settings.EMAIL_WINDOW)
    if not person.allowed:
        ratelimit.release("email-user", user_id)
        raise TooManyEmails(person.retry_after)
    to = ratelimit.hit("email-address", normalize_address(address), settings.EMAIL_ADDRESS_LIMIT, settings.EMAIL_WINDOW)
    if not to.allowed:
        ratelimit.release("email-address", normalize_address(address))
        ratelimit.release("email-user", user_id)
        raise TooManyEmails(to.retry_after)


# --- Address confirmation -------------------------------------------------------------

def verification_token(user_id: int, address: str) -> str:
    return signing.dumps({"u": user_id, "e": address}, salt=_VERIFY_SALT, compress=True)


def read_verification_token(token: str) -> tuple[int, str]:
    """(user id, address) of a link made within EMAIL_VERIFY_MAX_AGE; signing.BadSignature
    (SignatureExpired for an old one) for anything else."""
    data = signing.loads(token, salt=_VERIFY_SALT, max_age=settings.EMAIL_VERIFY_MAX_AGE)
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("e"), str):
        raise signing.BadSignature("not a confirmation link")
    return data["u"], data["e"]


def request_verification(user, address: str, url: str) -> None:
    """Make `address` the person's address waiting for confirmation and send it the link.

    Raises TooManyEmails (and changes nothing) past the limits.
    """
    count_email(user.pk, address)
    profile = profile_of(user)
    profile.pending_email = address
    profile.save(update_fields=["pending_email"])
    send_later(VERIFY, user.pk, url, address)


# --- Notices and their one-click unsubscribe link ------------------------------------------

# Each kind of notice a person can turn off: the AccountProfile field that keeps their choice.
NOTICES = {"turns": "email_turns"}
_UNSUBSCRIBE_SALT = "accounts.mail.unsubscribe"


def unsubscribe_token(user_id: int, notice: str) -> str:
    """Signed, and without an age limit: an old message's link must still work (RFC 8058)."""
    if notice not in NOTICES:
        raise ValueError(notice)
    return signing.dumps({"u": user_id, "n": notice}, salt=_UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, str]:
    """(user id, notice) of an unsubscribe link; signing.BadSignature for anything else."""
    data = signing.loads(token, salt=_UNSUBSCRIBE_SALT)
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or data.get("n") not in NOTICES:
        raise signing.BadSignature("not an unsubscribe link")
    return data["u"], data["n"]


def unsubscribe_link(url: str, user_id: int, notice: str) -> str:
    return url + reverse("accounts:unsubscribe", args=[unsubscribe_token(user_id, notice)])


def add_unsubscribe_headers(message: EmailMessage, link: str) -> EmailMessage:
    """The headers with which a mail client offers one-click unsubscribe (RFC 2369, RFC 8058):
    it POSTs List-Unsubscribe=One-Click to the link, no page, no log-in."""
    message.extra_headers["List-Unsubscribe"] = f"<{link}>"
    message.extra_headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    return message


# --- Sending ------------------------------------------------------------------------------

def send_later(kind: str, user_id: int, url: str, address: str, matches: list[int] | None = None) -> None:
    """Once the current transaction commits: a Celery task, or the in-process sender thread.
    ``matches``: the ids a your-turn digest is about."""
    if kind not in KINDS:
        raise ValueError(kind)

    def hand_over():
        if scheduling.scheduler().has_workers:
            current_app.tasks[SEND_TASK].delay(kind, user_id, url, address, matches)
        else:
            outbox.put(deliver, kind, user_id, url, address, matches)

    transaction.on_commit(hand_over)


# What a your-turn digest lists, given by the matches app (matches/turn_mail.py) as it starts:
# (user, match ids, site URL) -> rows. Without it there is nothing to list, and nothing is sent.
_digest_rows: list = []


def provide_digest_rows(rows) -> None:
    _digest_rows[:] = [rows]


def build_message(kind: str, user, url: str, address: str, matches=None) -> EmailMessage | None:
    """The message in the recipient's language; None when it no longer applies
    (the address was replaced or confirmed meanwhile, the password reset is for another address,
    the matches of a your-turn digest were all played meanwhile or the person turned it off)."""
    profile = profile_of(user)
    context = {"user": user, "site_url": url, "address": address}
    unsubscribe = None
    if kind == TURNS:
        if not profile.email_turns or normalize_address(profile.verified_email) != normalize_address(address):
            return None
        with translation.override(profile.language):
            context["matches"] = _digest_rows[0](user, matches or [], url) if _digest_rows else []
        if not context["matches"]:
            return None
        unsubscribe = context["unsubscribe"] = unsubscribe_link(url, user.pk, "turns")
    elif kind == VERIFY:
        if normalize_address(profile.pending_email) != normalize_address(address):
            return None
        context["link"] = url + reverse("accounts:verify_email", args=[verification_token(user.pk, address)])
        context["hours"] = settings.EMAIL_VERIFY_MAX_AGE // 3600
    elif kind == RESET:
        if not profile.verified_email or normalize_address(profile.verified_email) != normalize_address(address) or not user.has_usable_password():
            return None
        uid = urlsafe_base64_encode(force_bytes(user.pk))
        context["link"] = url + reverse("accounts:password_reset_confirm", args=[uid, default_token_generator.make_token(user)])
        context["hours"] = settings.PASSWORD_RESET_TIMEOUT // 3600
    else:
        raise ValueError(kind)
    with translation.override(profile.language):
        subject = " ".join(render_to_string(f"accounts/email/{kind}_subject.txt", context).split())
        body = render_to_string(f"accounts/email/{kind}.txt", context)
    message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [address])
    message.extra_headers["Content-Language"] = profile.language
    if unsubscribe:
        add_unsubscribe_headers(message, unsubscribe)
    return message


def deliver(kind: str, user_id: int, url: str, address: str, matches=None) -> bool:
    """Build and send one e-mail now (in the worker or the sender thread). False: nothing to send."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return False
    message = build_message(kind, user, url, address, matches)
    if message is None:
        return False
    message.send()
    return True

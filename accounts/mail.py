"""The e-mails of accounts: address confirmation, password reset, the notice that someone asked
for an address another account confirmed, the your-turn digest, the tournament reminder and the
invitation to a table (people/invitations.py).

A request never waits on SMTP: it decides what to send (after counting it against
the limits, below), and once its transaction commits hands (kind, user id, base URL,
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
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts import outbox
from accounts.models import AccountProfile, profile_of
from config import ratelimit
from matches import scheduling

logger = logging.getLogger(__name__)

VERIFY = "verify"
RESET = "reset"
# The turn-based matches waiting for the person (collected by matches/turns.py's periodic job).
TURNS = "turns"
# To the confirmed address of an account, when another account asked to make it theirs: sent
# in place of the confirmation link, so that the page answers the same whether the address is
# free or not (the change of address tells nobody which addresses have accounts).
IN_USE = "in_use"
# A tournament the person registered in starts soon (tournaments/reminders.py).
TOURNAMENT = "tournament"
# Someone invited the person to a table, or challenged them (people/invitations.py).
INVITATION = "invitation"
KINDS = (VERIFY, RESET, TURNS, IN_USE, TOURNAMENT, INVITATION)
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


def site_url() -> str:
    """The start of every link in an e-mail: settings.SITE_URL, never a request's Host header (a client
    chooses it; accounts/checks.py). ImproperlyConfigured without it (DEBUG off and SITE_URL unset:
    the web process refuses to start then, config/asgi.py)."""
    if not settings.SITE_URL:
        raise ImproperlyConfigured("SITE_URL must be set when DEBUG is off: the links in e-mails start with it.")
    return settings.SITE_URL


# --- Limits (docs/operations.md, "Limits and quotas") ----------------------------------------
#
# Two kinds of counter, so that nobody can spend someone else's mails (issue 35):
# - the one asking: a person (their confirmation links, their own password resets), a client
#   address (password-reset requests, and requests for one e-mail address in each flow). Past
#   these the answer is HTTP 429: it depends only on what the one asking did;
# - an address: confirmation links asked for it, whoever asks (counted alike whether another
#   account has it or not, so past it 429 tells nothing either); password resets to it from
#   requests not proven its owner's (strangers' share), and the notices that someone asked for
#   it. These two count only for an address an account has: past them the mail is not sent and
#   the answer stays the same, or the answer would tell that the account exists.
# A password reset asked by the address's owner (logged in, or from a browser their log-in
# marked: accounts.throttle.device_of) counts against their person's limit only: strangers'
# requests cannot use it up.

PERSON_SCOPE = "email-user"
CONFIRM_ADDRESS_SCOPE = "email-confirm-address"
CONFIRM_CLIENT_ADDRESS_SCOPE = "email-confirm-client-address"
RESET_CLIENT_SCOPE = "password-reset-ip"
RESET_CLIENT_ADDRESS_SCOPE = "password-reset-client-address"
RESET_ADDRESS_SCOPE = "password-reset-address"
IN_USE_SCOPE = "email-in-use-notice"


def _take(counters) -> None:
    """One hit on each (scope, identity, limit), all or none: past any limit, TooManyEmails
    (with the wait of the limit reached) and nothing counted."""
    refused = ratelimit.hit_all(counters, settings.EMAIL_WINDOW)
    if refused is not None:
        raise TooManyEmails(refused.retry_after)


def _pair(client: str, address: str) -> str:
    return f"{client}\n{normalize_address(address)}"


def count_email(user_id) -> None:
    """One more e-mail this person asks for, or TooManyEmails (and nothing counted)."""
    _take([(PERSON_SCOPE, user_id, settings.EMAIL_USER_LIMIT)])


def count_confirmation(user_id, address: str, client: str) -> None:
    """One more confirmation asked by this person, from this client address, for this address
    (whether another account has it or not), or TooManyEmails (and nothing counted)."""
    _take([
        (PERSON_SCOPE, user_id, settings.EMAIL_USER_LIMIT),
        (CONFIRM_CLIENT_ADDRESS_SCOPE, _pair(client, address), settings.EMAIL_REQUESTER_ADDRESS_LIMIT),
        (CONFIRM_ADDRESS_SCOPE, normalize_address(address), settings.EMAIL_ADDRESS_LIMIT),
    ])


def count_reset_request(client: str, address: str) -> None:
    """One more password-reset request from this client address, and for this address from it,
    counted before anything is looked up (so alike for every address); or TooManyEmails."""
    _take([
        (RESET_CLIENT_SCOPE, client, settings.PASSWORD_RESET_IP_LIMIT),
        (RESET_CLIENT_ADDRESS_SCOPE, _pair(client, address), settings.EMAIL_REQUESTER_ADDRESS_LIMIT),
    ])


def _address_allows(scope: str, address: str, limit: int) -> bool:
    return ratelimit.hit(scope, normalize_address(address), limit, settings.EMAIL_WINDOW).allowed


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


def confirmed_elsewhere(address: str, user):
    """The profile of the account other than `user` whose confirmed address this is, or None."""
    return AccountProfile.objects.filter(verified_email__iexact=address).exclude(user=user).first()


def request_verification(user, address: str, url: str, client: str = "") -> None:
    """Make `address` the person's address waiting for confirmation and send it the link; to an
    address another account confirmed, the notice that someone asked for it instead (at most
    EMAIL_IN_USE_NOTICE_LIMIT per window). Alike for the one asking either way.

    Raises TooManyEmails (and changes nothing) past the limits of the person, of their client
    address for this address, and of this address.
    """
    count_confirmation(user.pk, address, client)
    profile = profile_of(user)
    profile.pending_email = address
    profile.save(update_fields=["pending_email"])
    owner = confirmed_elsewhere(address, user)
    if owner is None:
        send_later(VERIFY, user.pk, url, address)
    elif _address_allows(IN_USE_SCOPE, address, settings.EMAIL_IN_USE_NOTICE_LIMIT):
        send_later(IN_USE, owner.user_id, url, owner.verified_email)


# --- Password reset -----------------------------------------------------------------------

def send_reset(user, url: str, by_owner: bool) -> bool:
    """Send the password-reset link to `user`'s confirmed address. A request not proven to be the
    owner's (`by_owner`) counts against the address's strangers' share, PASSWORD_RESET_ADDRESS_LIMIT:
    past it nothing is sent, and the page answers as if it was (False)."""
    address = profile_of(user).verified_email
    if not by_owner and not _address_allows(RESET_ADDRESS_SCOPE, address, settings.PASSWORD_RESET_ADDRESS_LIMIT):
        logger.info("password reset for account %s not sent: its address's share of strangers' requests is spent", user.pk)
        return False
    send_later(RESET, user.pk, url, address)
    return True


# --- Notices and their one-click unsubscribe link ------------------------------------------

# Each kind of notice a person can turn off: the AccountProfile field that keeps their choice.
NOTICES = {"turns": "email_turns", "invitations": "email_invitations"}
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
    ``matches``: the ids a your-turn digest is about, the one tournament a reminder is about, or the one
    invitation an invitation is about."""
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


# What a tournament reminder says, given by the tournaments app as it starts (tournaments/reminders.py):
# (user, tournament id, site URL) -> the template's context, or None when it no longer applies.
_tournament_reminder: list = []


def provide_tournament_reminder(describe) -> None:
    _tournament_reminder[:] = [describe]


# What an invitation says, given by the people app as it starts (people/invitations.py):
# (user, invitation id, site URL) -> the template's context, or None when it no longer applies.
_invitation: list = []


def provide_invitation(describe) -> None:
    _invitation[:] = [describe]


def _described(provider: list, profile, user, address: str, ids, url: str):
    """What another app says of the one thing (a tournament, an invitation) a message is about, in the person's
    language; None when the address is no longer theirs, the app gave no describer, or it no longer applies."""
    if normalize_address(profile.verified_email) != normalize_address(address) or not provider:
        return None
    with translation.override(profile.language):
        return provider[0](user, (ids or [None])[0], url)


def build_message(kind: str, user, url: str, address: str, matches=None) -> EmailMessage | None:
    """The message in the recipient's language; None when it no longer applies
    (the address was replaced or confirmed meanwhile, the password reset or the notice that
    someone asked for the address is for an address the account no longer has,
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
        if (
            not profile.verified_email
            or normalize_address(profile.verified_email) != normalize_address(address)
            or not user.has_usable_password()
        ):
            return None
        uid = urlsafe_base64_encode(force_bytes(user.pk))
        context["link"] = url + reverse("accounts:password_reset_confirm", args=[uid, default_token_generator.make_token(user)])
        context["hours"] = settings.PASSWORD_RESET_TIMEOUT // 3600
    elif kind == IN_USE:
        if normalize_address(profile.verified_email) != normalize_address(address):
            return None
    elif kind == TOURNAMENT:
        context["tournament"] = _described(_tournament_reminder, profile, user, address, matches, url)
        if not context["tournament"]:
            return None
    elif kind == INVITATION:
        context["invitation"] = profile.email_invitations and _described(_invitation, profile, user, address, matches, url)
        if not context["invitation"]:
            return None
        unsubscribe = context["unsubscribe"] = unsubscribe_link(url, user.pk, "invitations")
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

"""What changes an account: confirming an address, deleting the account; and its data as JSON.

Deleting an account (docs/operations.md, "Deleting an account") keeps every
match the person played replayable for the others: their seats stay, with no
user and no name, shown as "Former player N" (matches.models.MatchSeat.display_name);
the action logs, results and the others' rating changes stay as they were.
What was the person's alone goes: the account, its profile and ratings, its chat
messages, mutes and reports, its waiting tables and quick-match entries.
"""
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts import mail
from accounts.models import AccountProfile, profile_of
from accounts.sockets import close_person_sockets
from chat.models import ChatMessage
from matches.models import Match, MatchSeat, Rating


class AccountError(Exception):
    """Refused, with a message a person can read; nothing was changed."""


class AlreadyConfirmed(AccountError):
    """A confirmation link followed again: its address is already the account's, confirmed (no error for the
    person, who opened the link of the mail twice)."""

    def __init__(self, user, address):
        super().__init__(_("This address is already confirmed."))
        self.user, self.address = user, address


def read_confirmation_link(token: str) -> tuple[int, str]:
    """(user id, address) of a confirmation link, or AccountError saying what is wrong with it."""
    try:
        return mail.read_verification_token(token)
    except signing.SignatureExpired:
        raise AccountError(_("This link has expired. Ask for a new one from your account page.")) from None
    except signing.BadSignature:
        raise AccountError(_("This link is not valid. Check that it was copied whole, or ask for a new one.")) from None


def _confirmable(token: str, lock=False):
    """(user, profile, address) of a link that can still confirm its address, or AccountError."""
    user_id, address = read_confirmation_link(token)
    users = get_user_model().objects.filter(pk=user_id, is_active=True)
    user = (users.select_for_update() if lock else users).first()
    if user is None:
        raise AccountError(_("This link is not valid. Check that it was copied whole, or ask for a new one."))
    profile = profile_of(user)
    if profile.verified_email and profile.verified_email.casefold() == address.casefold():
        raise AlreadyConfirmed(user, profile.verified_email)
    if profile.pending_email.casefold() != address.casefold():
        raise AccountError(_("This link is for an address that no longer waits for confirmation. Use the link of your last request."))
    if AccountProfile.objects.filter(verified_email__iexact=address).exclude(user=user).exists():
        raise AccountError(_("This address is already used by another account."))
    return user, profile, address


def check_confirmation(token: str) -> str:
    """The address a link would confirm now, or AccountError saying why it would not (changes nothing)."""
    return _confirmable(token)[2]


def confirm_email(token: str):
    """Make the address of a confirmation link the account's: the user, or AccountError."""
    with transaction.atomic():
        user, profile, address = _confirmable(token, lock=True)
        profile.verified_email, profile.pending_email = address, ""
        try:
            with transaction.atomic():
                profile.save(update_fields=["verified_email", "pending_email"])
        except IntegrityError as exc:  # another account confirmed it a moment ago
            raise AccountError(_("This address is already used by another account.")) from exc
        user.email = address
        user.save(update_fields=["email"])
    return user


def _unsubscribe_target(token: str):
    try:
        user_id, notice = mail.read_unsubscribe_token(token)
    except signing.BadSignature:
        raise AccountError(_(
            "This unsubscribe link is not valid. Check that it was copied whole, "
            "or change your e-mail preferences on your account page."
        )) from None
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise AccountError(_("This account no longer exists: it gets no e-mail."))
    return user, notice


def read_unsubscribe(token: str):
    """(user, notice) of an unsubscribe link, or AccountError (changes nothing)."""
    return _unsubscribe_target(token)


def unsubscribe(token: str):
    """Turn off the notice of an unsubscribe link: (user, notice), or AccountError (nothing changed).
    Doing it twice is harmless."""
    user, notice = _unsubscribe_target(token)
    profile = profile_of(user)
    setattr(profile, mail.NOTICES[notice], False)
    profile.save(update_fields=[mail.NOTICES[notice]])
    return user, notice


def running_matches(user):
    return MatchSeat.objects.filter(user=user, match__status=Match.Status.RUNNING, abandoned_at__isnull=True)


def delete_account(user) -> None:
    """Delete the person's account; AccountError (nothing deleted) while they sit in a running match."""
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        if running_matches(user).exists():
            raise AccountError(_("You are playing a match that is not over: finish it (or leave it) before deleting your account."))
        # The seats stay for the replays, anonymous (MatchSeat.display_name: "Former player N").
        MatchSeat.objects.filter(user=user).update(user=None, name="")
        # its sockets on other devices (the lobby, matches watched) close once the deletion commits
        close_person_sockets(user.pk)
        user.delete()


# What other apps keep about the person, each a name and a function (user) -> JSON-ready data, given as Django
# starts (the people app: follows, blocks, invitations): the download holds it, and accounts never imports them.
_data_parts: dict = {}


def provide_data_part(name: str, part) -> None:
    _data_parts[name] = part


def account_data(user) -> dict:
    """Everything the site keeps about the person, as JSON-ready data (the account page's download)."""
    profile = profile_of(user)
    seats = MatchSeat.objects.filter(user=user).select_related("match").order_by("match__created_at", "match_id")
    return {
        "account": {
            "username": user.username,
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
            "email": profile.verified_email or None,
            "email_waiting_for_confirmation": profile.pending_email or None,
            "language": profile.language,
            "email_when_it_is_my_turn": profile.email_turns,
            "email_when_invited": profile.email_invitations,
            "confirm_moves": profile.confirm_moves,
            "screen_reader": profile.screen_reader,
            "findable_by": profile.findable_by,
            "invitable_by": profile.invitable_by,
        },
        "ratings": [
            {"game": r.game, "rating": r.rating, "mu": r.mu, "sigma": r.sigma, "matches_played": r.matches_played, "wins": r.wins,
             "last_played_at": r.last_played_at.isoformat() if r.last_played_at else None}
            for r in Rating.objects.filter(user=user).order_by("game")
        ],
        "matches": [
            {
                "match": s.match_id, "game": s.match.game, "status": s.match.status, "private": s.match.is_private, "rated": s.match.rated,
                "created_at": s.match.created_at.isoformat(),
                "finished_at": s.match.finished_at.isoformat() if s.match.finished_at else None,
                "seat": s.seat, "rank": s.rank, "won": s.won, "score": s.score,
                "rating_before": s.rating_before, "rating_after": s.rating_after,
            }
            for s in seats
        ],
        "chat_messages": [
            {"match": m.match_id, "channel": m.channel, "seat": m.seat, "text": m.text, "created_at": m.created_at.isoformat()}
            for m in ChatMessage.objects.filter(author=user).order_by("created_at", "id")
        ],
        **{name: part(user) for name, part in _data_parts.items()},
    }

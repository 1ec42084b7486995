"""Sockets closed with their session (log-out), with the account's password (a change, a reset)
and with the account (deletion).

Every socket of a logged-in user joins its session's group and its person's
group. Log-out: Django's user_logged_out signal (sent before the session is
flushed) tells the session's group, and each consumer closes with 4401; other
sessions of the same user (another device) are still logged in and keep their
sockets. A new password (the password change page, a password reset, the
admin, anything that saves a User whose stored password changed): Django
logs out every session whose auth hash was made from the old one, so every
socket of the person closes with 4401 once the save commits, except the
sockets of the session that changed it on the password change page, which
Django keeps logged in (update_session_auth_hash, under a new session key):
they stay, and follow that session to its new key (`keeping_this_session`).
Deleting the account closes every socket of the person (`close_person_sockets`,
after the deletion commits).
"""
import hashlib
from contextlib import contextmanager
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

CLOSE_SESSION_ENDED = 4401

# The session group whose sockets stay when the password changes now (keeping_this_session), if any.
_kept_session_group: ContextVar[str | None] = ContextVar("accounts_sockets_kept_session_group", default=None)


def session_group(session_key: str) -> str:
    # Group names are limited to ASCII letters, digits, hyphens and periods, and the key itself stays secret.
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:32]


def scope_session_group(scope) -> str | None:
    session = scope.get("session")
    key = getattr(session, "session_key", None)
    user = scope.get("user")
    if not key or user is None or not user.is_authenticated:
        return None
    return session_group(key)


def person_group(user_id: int) -> str:
    return f"person.{int(user_id)}"


def scope_groups(scope) -> list[str]:
    """The groups a logged-in person's socket joins to be closed with its session or its account."""
    session = scope_session_group(scope)
    return [session, person_group(scope["user"].pk)] if session else []


class ClosedWithItsSession:
    """The handlers of a consumer whose socket joined ``scope_groups(scope)``, listed in its
    ``groups_joined``: it closes with 4401 when its session or its account's password ends, and
    follows its session to a new key."""

    async def session_ended(self, event):
        kept = event.get("keep")
        if kept and kept in self.groups_joined:
            return  # the session that changed the password: Django keeps it logged in
        await self.close(code=CLOSE_SESSION_ENDED)

    async def session_renamed(self, event):
        # The session got a new key (the password change cycles it): a later log-out, a later change
        # made from it, name the new one. The old one's group is kept too: the name it was kept by.
        if event["group"] not in self.groups_joined:
            await self.channel_layer.group_add(event["group"], self.channel_name)
            self.groups_joined.append(event["group"])


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def close_person_sockets(user_id: int, keep: str | None = None) -> None:
    """Every open socket of this person, on every device, closes (4401) after the current transaction
    commits; those of the session group ``keep`` (if any) stay."""
    message = {"type": "session.ended", "keep": keep} if keep else {"type": "session.ended"}
    transaction.on_commit(lambda: _send(person_group(user_id), message))


@contextmanager
def keeping_this_session(request):
    """Around a password change the person makes themselves (the password change page): every other
    socket of the account closes, those of this request's session stay, and follow it to the new
    key update_session_auth_hash gives it."""
    old_key = getattr(request.session, "session_key", None)
    token = _kept_session_group.set(session_group(old_key) if old_key else None)
    try:
        yield
    finally:
        _kept_session_group.reset(token)
    new_key = request.session.session_key
    if old_key and new_key and new_key != old_key:
        _send(session_group(old_key), {"type": "session.renamed", "group": session_group(new_key)})


@receiver(user_logged_out, dispatch_uid="accounts.sockets.close_session_sockets")
def close_session_sockets(sender, request, user, **kwargs):
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        _send(session_group(key), {"type": "session.ended"})


@receiver(pre_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.sockets.note_new_password")
def note_new_password(sender, instance, raw=False, update_fields=None, **kwargs):
    """Notes a save that changes the stored password (whoever changes it: set_password and a reset,
    the admin, set_unusable_password, a hasher's upgrade at log-in) and which session stays."""
    instance._accounts_new_password = None
    if raw or instance._state.adding or instance.pk is None:
        return
    if update_fields is not None and "password" not in update_fields:
        return  # most saves of a User (the log-in's last_login, an address confirmed) read nothing more
    stored = sender._base_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        instance._accounts_new_password = {"keep": _kept_session_group.get()}


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.sockets.close_sockets_on_new_password")
def close_sockets_on_new_password(sender, instance, raw=False, **kwargs):
    changed = getattr(instance, "_accounts_new_password", None)
    if changed is not None:
        instance._accounts_new_password = None
        close_person_sockets(instance.pk, keep=changed["keep"])

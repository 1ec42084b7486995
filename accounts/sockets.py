"""Log-out closes the sockets opened with that session; deleting the account closes them all.

Every socket of a logged-in user joins its session's group and its person's
group; Django's user_logged_out signal (sent before the session is flushed)
tells the session's group, and each consumer closes with 4401. Other sessions
of the same user (another device) are still logged in and keep their sockets,
unless the account is deleted: then its person's group is told
(`close_person_sockets`, after the deletion commits).
"""
import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.dispatch import receiver


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


def close_person_sockets(user_id: int) -> None:
    """Every open socket of this person, on every device, closes (4401) after the current transaction commits."""
    def send():
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(person_group(user_id), {"type": "session.ended"})

    transaction.on_commit(send)


@receiver(user_logged_out, dispatch_uid="accounts.sockets.close_session_sockets")
def close_session_sockets(sender, request, user, **kwargs):
    key = getattr(getattr(request, "session", None), "session_key", None)
    layer = get_channel_layer()
    if key and layer is not None:
        async_to_sync(layer.group_send)(session_group(key), {"type": "session.ended"})

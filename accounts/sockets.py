"""Log-out closes the sockets opened with that session.

Every socket of a logged-in user joins its session's group; Django's
user_logged_out signal (sent before the session is flushed) tells the group,
and each consumer closes with 4401. Other sessions of the same user (another
device) are still logged in and keep their sockets.
"""
import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
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


@receiver(user_logged_out, dispatch_uid="accounts.sockets.close_session_sockets")
def close_session_sockets(sender, request, user, **kwargs):
    key = getattr(getattr(request, "session", None), "session_key", None)
    layer = get_channel_layer()
    if key and layer is not None:
        async_to_sync(layer.group_send)(session_group(key), {"type": "session.ended"})

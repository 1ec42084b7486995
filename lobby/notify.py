"""Telling the lobby pages that something changed: one group message after commit."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import transaction

LOBBY_GROUP = "lobby"
LOBBY_VERSION_KEY = "lobby-version"


def notify_lobby() -> None:
    """Tell every lobby socket to refresh (after commit, so they read what was written)."""

    def send():
        # A new version: snapshots shared by anonymous sockets (lobby/consumers.py) are rebuilt.
        cache.add(LOBBY_VERSION_KEY, 0, timeout=None)
        cache.incr(LOBBY_VERSION_KEY)
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed"})

    transaction.on_commit(send)

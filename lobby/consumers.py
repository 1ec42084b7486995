"""The lobby socket: pushes a fresh snapshot whenever a table or the queue changes.

It is read-only: frames from the page trigger nothing (they only count against
the socket's frame limits, config/socket_guard.py). Changes are coalesced: at
most one snapshot per settings.LOBBY_SNAPSHOT_INTERVAL seconds per socket, the
last one always sent. Visitors who are not logged in all see the same
snapshot, built once per lobby version and language and shared in the cache.
"""
import json

from channels.db import database_sync_to_async
from django.core.cache import cache
from django.utils import translation

from accounts.sockets import ClosedWithItsSession, scope_groups
from config.coalesced_views import CoalescedViews
from config.socket_consumer import SocketConsumer
from lobby.notify import LOBBY_GROUP, LOBBY_VERSION_KEY
from lobby.snapshot import lobby_snapshot
from matches.socket_language import language_of


def snapshot_text(language, user) -> str:
    """The snapshot as JSON text; shared through the cache for visitors who are not logged in."""
    key = None
    if user is None or not user.is_authenticated:
        key = f"lobby-snapshot:{cache.get(LOBBY_VERSION_KEY, 0)}:{language}"
        text = cache.get(key)
        if text is not None:
            return text
    with translation.override(language):
        text = json.dumps(lobby_snapshot(user))
    if key is not None:
        cache.set(key, text, timeout=60)
    return text


# Closed with 4401 when its session ends (accounts/sockets.py): the snapshot showed this person's
# private tables; reconnecting gives the public one.
class LobbyConsumer(ClosedWithItsSession, CoalescedViews, SocketConsumer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # What disconnect() reads, set even if connect stops part-way or never runs (the channel layer failed first).
        self.groups_joined = []

    async def connect(self):
        if not await self.open():
            return
        for name in (LOBBY_GROUP, *scope_groups(self.scope)):
            await self.channel_layer.group_add(name, self.channel_name)
            self.groups_joined.append(name)
        await self.send_view()

    async def disconnect(self, code):
        self.stop_views()
        await self.leave_groups(self.groups_joined)

    async def lobby_changed(self, event):
        self.view_changed()

    async def send_view(self):
        self.view_sent()
        # Game names and computer players' labels are sent in the reader's language.
        text = await database_sync_to_async(snapshot_text)(language_of(self.scope), self.scope.get("user"))
        await self.send(text_data=text)

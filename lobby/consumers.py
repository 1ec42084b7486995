"""The lobby socket: pushes a fresh snapshot whenever a table or the queue changes."""
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from lobby.services import LOBBY_GROUP, lobby_snapshot
from matches.socket_language import language_of


def snapshot_in(language, user):
    with translation.override(language):
        return lobby_snapshot(user)


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.send_snapshot()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        # The lobby is read-only over the socket (changes go through forms); any frame asks for a refresh.
        await self.send_snapshot()

    async def lobby_changed(self, event):
        await self.send_snapshot()

    async def send_snapshot(self):
        # Game names and computer players' labels are sent in the reader's language.
        snapshot = await database_sync_to_async(snapshot_in)(language_of(self.scope), self.scope.get("user"))
        await self.send(text_data=json.dumps(snapshot))

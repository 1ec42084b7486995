"""The lobby socket: pushes a fresh snapshot whenever a table or the queue changes."""
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from lobby.services import LOBBY_GROUP, lobby_snapshot


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
        snapshot = await database_sync_to_async(lobby_snapshot)(self.scope.get("user"))
        await self.send(text_data=json.dumps(snapshot))

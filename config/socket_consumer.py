"""The base of the site's socket consumers: Channels' AsyncWebsocketConsumer without its per-message clean-up hop.

Channels (4.2+) runs ``close_old_connections`` on the process's one sync thread
before every message a consumer handles. Under load (docs/performance.md) that
hop was a tenth of a web process's CPU, and every frame of every socket waited
for that one thread. These consumers touch the database only inside
``database_sync_to_async`` calls, which close their own thread's old
connections before and after (channels.db.DatabaseSyncToAsync), so the hop
cleaned nothing of theirs.
"""
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class SocketConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

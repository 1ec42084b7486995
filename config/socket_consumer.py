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

    # Once the socket is closing (the server sent the close, or the client went),
    # nothing more is sent: a frame that was due later (a coalesced lobby snapshot,
    # a view on its way) has nobody to reach, and the ASGI server refuses a send
    # after a close ("Unexpected ASGI message 'websocket.send', after sending
    # 'websocket.close'"), which surfaced as "Task exception was never retrieved".
    closing = False

    async def close(self, code=None, reason=None):
        if self.closing:
            return
        self.closing = True
        await super().close(code=code, reason=reason)

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.closing:
            return
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def websocket_disconnect(self, message):
        self.closing = True
        await super().websocket_disconnect(message)

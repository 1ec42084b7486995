"""The base of the site's socket consumers: Channels' AsyncWebsocketConsumer without its per-message clean-up hop.

Channels (4.2+) runs ``close_old_connections`` on the process's one sync thread
before every message a consumer handles. Under load (docs/performance.md) that
hop was a tenth of a web process's CPU, and every frame of every socket waited
for that one thread. These consumers touch the database only inside
``database_sync_to_async`` calls, which close their own thread's old
connections before and after (channels.db.DatabaseSyncToAsync), so the hop
cleaned nothing of theirs.

No input ends a socket with an unhandled exception: a handler that raises is
logged and the socket closed with 1011, and whatever the socket holds (its
groups, its seat's presence, its slot in the per-user socket count) is given
back in a ``finally`` however the consumer ends (closed by either side, an
error, the server cancelling it on shutdown).
"""
import logging

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer

from config import layer_watch, socket_guard

logger = logging.getLogger(__name__)

CLOSE_INTERNAL_ERROR = 1011


class SocketConsumer(AsyncWebsocketConsumer):
    # The consumer's config.socket_guard.SocketGuard, once connect made one; its slot is given back at the end.
    guard = None
    released = False

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.release()

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except StopConsumer:
            raise
        except Exception:
            # A bug met by some input: the socket ends cleanly (the page reconnects and
            # resyncs) instead of dying with the traceback as its close (1006).
            logger.exception("socket %s failed on %s", type(self).__name__, message.get("type"))
            await self.close(code=CLOSE_INTERNAL_ERROR)

    async def open(self, *, take_slot: bool = True) -> bool:
        """The start of every connect(): the socket's guard, the accept, and (``take_slot``) its slot among its
        user's (address's) sockets. Accepted before any refusal so that the close code reaches the page (a
        close before accept is a plain HTTP 403 to the browser, which then retries forever). False once the
        socket is closed for being over its cap; a consumer that checks who is asking first takes the slot
        after (``take_slot``)."""
        self.guard = socket_guard.SocketGuard(self.scope)
        await self.accept()
        return await self.take_slot() if take_slot else True

    async def take_slot(self) -> bool:
        """Counts the socket against its user's SOCKETS_PER_USER (address's SOCKETS_PER_ADDRESS); False once it is
        closed for being over it."""
        if await self.guard.take_slot():
            return True
        await self.close(code=socket_guard.CLOSE_RATE_LIMITED)
        return False

    async def receive(self, text_data=None, bytes_data=None):
        """A socket that only listens (the lobby, a tournament): what the page sends is only counted against the
        guard's frame budget, and a flood closes it. A consumer that reads frames overrides this."""
        if await self.guard.frame_verdict() == socket_guard.CLOSE:
            await self.close(code=socket_guard.CLOSE_RATE_LIMITED)

    async def release(self):
        """Gives back what the socket holds, once: disconnect() (if the server's disconnect never came), then the slot."""
        if self.released:
            return
        self.released = True
        layer_watch.socket_closed(self)
        try:
            if not self.disconnected:
                self.disconnected = True
                await self.disconnect(CLOSE_INTERNAL_ERROR)
        except Exception:
            logger.exception("socket %s failed to clean up", type(self).__name__)
        finally:
            if self.guard is not None:
                await self.guard.give_slot()

    # Once the socket is closing (the server sent the close, or the client went),
    # nothing more is sent: a frame that was due later (a coalesced lobby snapshot,
    # a view on its way) has nobody to reach, and the ASGI server refuses a send
    # after a close ("Unexpected ASGI message 'websocket.send', after sending
    # 'websocket.close'"), which surfaced as "Task exception was never retrieved".
    closing = False

    # A client may also go while a frame is on its way (a page left during the connect's
    # first snapshot): the ASGI server then refuses the send with an OSError (uvicorn's
    # ClientDisconnected), or, once it has seen the connection end and before the
    # disconnect reaches us, with a RuntimeError "Unexpected ASGI message ... after
    # sending 'websocket.close'" (seen in a browser test: a page closed while its
    # socket's frame was built). Nobody is left to read it; the socket is closing, not broken.
    async def close(self, code=None, reason=None):
        if self.closing:
            return
        self.closing = True
        try:
            await super().close(code=code, reason=reason)
        except OSError:
            pass
        except RuntimeError as error:
            if not _refused_after_close(error):
                raise

    # The same holds for the accept itself: an ASGI server may refuse it with ClientDisconnected when the
    # page left while connect() was still checking who it is (uvicorn's sans-I/O server did, in every
    # browser run, for a lobby socket of a page that navigated away at once). connect() goes on; nothing
    # more is sent.
    async def accept(self, subprotocol=None, headers=None):
        if self.closing:
            return
        try:
            await super().accept(subprotocol=subprotocol, headers=headers)
        except OSError:
            self.closing = True
            return
        # Closed with 1012 should the channel layer be found to have lost messages (config/layer_watch.py).
        layer_watch.socket_opened(self)

    async def leave_groups(self, names):
        """Leaves the channel layer's groups ``names``, each even if leaving another failed: while Redis is away
        channels_redis cannot unsubscribe (it raises, having already forgotten the socket's membership), and
        what the disconnect does after it (a seat's presence) must still be done."""
        for name in names:
            try:
                await self.channel_layer.group_discard(name, self.channel_name)
            except Exception as error:  # noqa: BLE001 - logged; the layer is down, the clean-up goes on
                logger.warning("socket %s could not leave %s: %s", type(self).__name__, name, error)

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.closing:
            return
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except OSError:
            self.closing = True
        except RuntimeError as error:
            if not _refused_after_close(error):
                raise
            self.closing = True

    disconnected = False

    async def websocket_disconnect(self, message):
        self.closing = True
        self.disconnected = True
        try:
            await super().websocket_disconnect(message)  # ends with StopConsumer
        except StopConsumer:
            pass
        except Exception:
            logger.exception("socket %s failed to disconnect", type(self).__name__)
        # Given back once no exception is being handled, not in a `finally` while StopConsumer flies: asgiref's
        # sync_to_async takes the exception being handled into its thread and raises it again there, so that
        # exception's traceback would hold the thread's frame, which holds the exception: a cycle through this
        # consumer and all it refers to, which only a full collection frees (docs/performance.md, "Memory").
        await self.release()
        raise StopConsumer()


def _refused_after_close(error):
    """uvicorn's refusal of a message to a socket whose connection has ended."""
    return str(error).startswith("Unexpected ASGI message") and "after sending 'websocket.close'" in str(error)

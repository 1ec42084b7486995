"""uvicorn's WebSocket protocol (the websockets library's) with the handshake limit chosen here, not left at 10 s.

The limit runs from the moment the web process takes the connection off its listening socket to the
site's accept (the session and the user read on the database threads, config/socket_auth.py): in a
connect burst that is a queue. Left at the library's 10 s, a burst that queued longer had every
socket closed before its HTTP status line (issue 34: 0 of 800 connected, three runs), each closed
socket's work done for nothing and its page reconnecting into the same queue. HANDSHAKE_SECONDS
(WEB_HANDSHAKE_SECONDS) is longer than the slowest connect measured in the burst scenario
(docs/performance.md), so a burst is served late rather than dropped; a client that is truly gone is
still closed after it. Imported by uvicorn in the web process only (``--ws``, config/web_server.py).

Its logger says only warnings and errors (to uvicorn's error log, as before): uvicorn and the library wrote
three INFO lines for every socket ("[accepted]", "connection open", "connection closed"), the
WebSocket counterpart of the access log the web process runs without (``--no-access-log``); in a
burst of 800 sockets that was 2,400 writes to stderr on the event loop's thread (8% of its samples
in a profile of the burst).
"""
import logging

from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol

from config.web_server import handshake_seconds


class WarningsOnly(logging.LoggerAdapter):
    def isEnabledFor(self, level):  # noqa: N802 - logging's name
        return level >= logging.WARNING and self.logger.isEnabledFor(level)


def _handle_socket(protocol):
    """What the library's handler() calls once the handshake is done: uvicorn's ws_handler(protocol, path)."""
    return type(protocol).ws_handler(protocol, protocol, protocol.path)


class HandshakeLimitedWebSocketProtocol(WebSocketProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_timeout = handshake_seconds()
        # Without the library's {"websocket": self}: nothing here formats it, and it made every protocol
        # object a cycle (protocol -> logger -> extra -> protocol) that only a full collection frees.
        self.logger = WarningsOnly(logging.getLogger("uvicorn.error"), {})
        # The library wrapped uvicorn's bound ws_handler in a closure kept on the protocol (protocol -> closure
        # -> bound method -> protocol): a plain function, which holds no protocol, calls it the same way.
        self.ws_handler = _handle_socket

    async def close(self, code=1000, reason=""):
        # A consumer closing a socket whose client left before the handshake ended (a refusal decided late, in a
        # burst): the library's close() awaits the data task only an opened connection has, and uvicorn logged
        # "no attribute 'transfer_data_task'" (issue 34). Nothing is left to close.
        if self.lost_connection_before_handshake:
            return
        await super().close(code, reason)

    def connection_open(self):
        super().connection_open()
        self.keepalive_ping_task.add_done_callback(self._forget_keepalive_ping)

    def _forget_keepalive_ping(self, _task):
        # The ping task ends cancelled at the close and keeps its CancelledError, whose traceback holds the
        # task's frame, which holds this protocol, which holds the task: forgotten once done, the closed
        # socket's objects die by reference counting instead of waiting for a full collection
        # (docs/performance.md, "Memory"). The library looks it up with hasattr() only.
        del self.keepalive_ping_task

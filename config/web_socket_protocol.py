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


class HandshakeLimitedWebSocketProtocol(WebSocketProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_timeout = handshake_seconds()
        self.logger = WarningsOnly(logging.getLogger("uvicorn.error"), {"websocket": self})

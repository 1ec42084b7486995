"""uvicorn's WebSocket protocol (the websockets library's) with the handshake limit chosen here, not left at 10 s.

The limit runs from the moment the web process takes the connection off its listening socket to the
site's accept (the session and the user read on the database threads, config/socket_auth.py): in a
connect burst that is a queue. Left at the library's 10 s, a burst that queued longer had every
socket closed before its HTTP status line (issue 34: 0 of 800 connected, three runs), each closed
socket's work done for nothing and its page reconnecting into the same queue. HANDSHAKE_SECONDS
(WEB_HANDSHAKE_SECONDS) is longer than the slowest connect measured in the burst scenario
(docs/performance.md), so a burst is served late rather than dropped; a client that is truly gone is
still closed after it. Imported by uvicorn in the web process only (``--ws``, config/web_server.py).
"""
from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol

from config.web_server import handshake_seconds


class HandshakeLimitedWebSocketProtocol(WebSocketProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_timeout = handshake_seconds()

"""The command that runs one web process: uvicorn on uvloop, httptools and the websockets library.

Measured with bench/load.py (docs/performance.md): at 400 tables x 4 seats and
400 moves/s, the floor (sockets and channel layer, nothing else) took 31% of a
core per process under daphne (Twisted, autobahn) and 17-22% under this; the
site reached 377 moves/s with daphne and all 400 asked with this. daphne stays
installed for ``manage.py runserver``.

Options: no lifespan protocol (Django has none); no access log (a proxy in
front keeps one); no proxy headers, as under daphne: the client address is
the connection's own, and behind a proxy the log-in throttle reads the header
named by LOGIN_ATTEMPTS_IP_HEADER (docs/operations.md); at most 5 s for open
connections to finish on shutdown (sockets reconnect and resync by version).
uvicorn warns that ``--ws websockets`` will one day mean its sans-I/O
implementation; that one took 22% of a core per process for the same floor
here (against 17%), so the version is pinned in requirements.lock and a new
one is measured before it is taken.

``--ws-max-size`` is MAX_FRAME_BYTES (the setting of config/settings.py, read
from the same environment variable): uvicorn would otherwise read frames of up
to 16 MiB before the socket's own check saw them. A longer frame is refused by
the server's reader from its header, and the socket closed with 1009.

A connect burst (issue 34, item 3; docs/operations.md, "Connect bursts"): ``--ws`` is uvicorn's
websockets protocol with the handshake limit set here (config/web_socket_protocol.py,
WEB_HANDSHAKE_SECONDS, default 30) rather than the library's 10 s, and ``--backlog`` is
LISTEN_BACKLOG (WEB_BACKLOG, default 2048), the same number scripts/serve_web.py listens with:
uvicorn listens again on an inherited socket with its own backlog, which would otherwise win.
"""
import os
from pathlib import Path

APPLICATION = "config.asgi:application"
WEB_SOCKET_PROTOCOL = "config.web_socket_protocol:HandshakeLimitedWebSocketProtocol"


def handshake_seconds() -> float:
    """How long a WebSocket handshake may take, from the connection taken to the site's accept."""
    return float(os.environ.get("WEB_HANDSHAKE_SECONDS", "30"))


def listen_backlog() -> int:
    """Connections the kernel holds for each web process before it takes them (Linux caps it at net.core.somaxconn)."""
    return int(os.environ.get("WEB_BACKLOG", "2048"))


def max_frame_bytes() -> int:
    """settings.MAX_FRAME_BYTES, without loading Django's settings in the process that only starts the server."""
    return int(os.environ.get("MAX_FRAME_BYTES", "4096"))


def web_command(bindir: Path, *, fd: int | None = None, host: str = "127.0.0.1", port: int | None = None) -> list[str]:
    """The argv of one web process on an inherited listening socket ``fd``, or bound to ``host``:``port``."""
    where = ["--fd", str(fd)] if fd is not None else ["--host", host, "--port", str(port)]
    return [str(Path(bindir) / "uvicorn"), *where, "--loop", "uvloop", "--http", "httptools", "--ws", WEB_SOCKET_PROTOCOL,
            "--backlog", str(listen_backlog()),
            "--lifespan", "off", "--no-access-log", "--ws-per-message-deflate", "false", "--ws-max-size", str(max_frame_bytes()),
            "--no-proxy-headers", "--timeout-graceful-shutdown", "5", APPLICATION]

#!/usr/bin/env python
"""Web processes serving one port: `serve_web.py HOST PORT COUNT` (config/web_server.py says which server).

Each process gets its own listening socket bound with SO_REUSEPORT to the same
address (handed over with the server's --fd), so the kernel spreads new
connections over the processes; the channel layer (Redis) and Celery timers
already span processes. If one process exits, the others are stopped and this
exits with its code, as scripts/run.sh expects of the web process.
"""
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from config.web_server import web_command  # noqa: E402


def listening_socket(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def main():
    host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    bindir = Path(sys.executable).parent
    children = []
    for _ in range(count):
        sock = listening_socket(host, port)
        children.append(subprocess.Popen(web_command(bindir, fd=sock.fileno()), pass_fds=[sock.fileno()]))
        sock.close()  # the child owns it now: a socket left here would take connections nobody accepts

    def stop(signum=None, frame=None):
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
        sys.exit(0 if signum else 1)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    pid, _status = os.wait()
    print(f"web process {pid} exited; stopping the others", file=sys.stderr)
    stop()


if __name__ == "__main__":
    main()

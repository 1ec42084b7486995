#!/usr/bin/env python
"""Web processes serving one port: `serve_web.py HOST PORT COUNT` (config/web_server.py says which server).

Each process gets its own listening socket bound with SO_REUSEPORT to the same
address (handed over with the server's --fd), so the kernel spreads new
connections over the processes; the channel layer (Redis) and Celery timers
already span processes.

A web process that exits is replaced, as systemd's Restart=always would do,
and its siblings keep serving: only the sockets of the process that died drop,
and their pages reconnect and resync by version. Its listening socket stays
open here and is handed to its replacement: a socket closed at the kill would
reset the connections in its queue and, for a moment after, new ones the
kernel still steered to it (seen here: the first connection within ~20 ms of
a kill -9 reset, one run in six), where a socket kept open only makes them
wait for the replacement. A process that keeps dying
within seconds of its start is restarted after a growing pause (1 s, 2 s, ...
at most 30 s); after QUICK_DEATHS_BEFORE_GIVING_UP such deaths in a row this
gives up, stops the others and exits non-zero (a site that cannot start
should say so, not loop forever). SIGINT or SIGTERM (Ctrl-C) stops them all.

The web processes die with this one (Linux's PR_SET_PDEATHSIG: each gets SIGTERM
when this process ends, however it ends, kill -9 included): an orphan would keep
serving players while nothing replaced it and, under `make run`, the clock's
worker and beat had stopped (scripts/run.sh stopped them when this exited), so
every clock fell overdue; and a second `make run` bound beside the orphans.
Whoever runs this restarts it (scripts/run.sh's web lane, systemd's
Restart=always), and a new start first waits (PORT_WAIT_SECONDS) for the port to
be free, i.e. for the dying processes of the previous one to be gone (in the
default mode that also keeps two processes from running the timers at once).

The port must be free when this starts: bound beside another server's sockets
(SO_REUSEPORT) the kernel would share the connections between both sites. If it
stays taken this says so and exits PORT_IN_USE; `serve_web.py --check HOST PORT`
does the same check at once (scripts/run.sh, before it migrates anything).
"""
import ctypes
import errno
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from config.web_server import listen_backlog, web_command

# Web processes run this much nicer than the worker and beat: in a burst of connections (hundreds of
# sockets opening at once) they would otherwise take the CPU the timers need, and expiries fell up to
# 2.3 s late (docs/performance.md, the timers scenario); a worker and beat that win the CPU when it is
# short take only the little they use. 0 turns it off; production may set systemd's Nice= instead.
WEB_NICE = int(os.environ.get("WEB_NICE", "5"))
QUICK_DEATH_SECONDS = 10.0  # a process that dies sooner than this after its start counts as a failed start
QUICK_DEATHS_BEFORE_GIVING_UP = 5
MAX_PAUSE_SECONDS = 30.0
PORT_IN_USE = 3  # exit status: another program (another `make run`?) listens on the address
PORT_WAIT_SECONDS = 15.0  # a restart waits this long for the previous web processes to let go of the port
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
# Loaded here, not between fork and exec in the child.
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def listening_socket(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(listen_backlog())  # the same number uvicorn listens with again (config/web_server.py)
    sock.set_inheritable(True)
    return sock


def port_free(host, port) -> bool:
    """Whether a socket without SO_REUSEPORT can bind ``host``:``port``: nothing listens there, ours or another's.

    SO_REUSEADDR only lets it past connections left in TIME_WAIT (Linux refuses it beside a listening socket)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return False
            raise
    return True


def refuse_port_in_use(host, port):
    print(f"port {port} on {host} is already in use (another `make run`?)", file=sys.stderr, flush=True)
    return PORT_IN_USE


def die_with_parent(parent_pid):
    """In a web process between fork and exec: SIGTERM when ``parent_pid`` (this script) ends, even by kill -9.

    Linux only (elsewhere an orphan survives, as before). If the parent is already gone by now the
    child exits at once: the signal was sent before it asked for it."""
    if _LIBC is None:
        return
    if _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        os._exit(1)
    if os.getppid() != parent_pid:
        os._exit(1)


def log(message):
    print(f"serve_web: {message}", file=sys.stderr, flush=True)


class WebProcesses:
    def __init__(self, host, port, count):
        self.host, self.port, self.count = host, port, count
        self.bindir = Path(sys.executable).parent
        self.children = {}  # pid -> (Popen, started at, its listening socket)
        self.quick_deaths = 0
        self.stopping = False

    def start_one(self, sock=None):
        """A web process on ``sock`` (a dead one's, kept open), or on a new listening socket."""
        sock = sock or listening_socket(self.host, self.port)
        parent = os.getpid()

        def before_exec():
            die_with_parent(parent)
            if WEB_NICE:
                os.nice(WEB_NICE)

        child = subprocess.Popen(web_command(self.bindir, fd=sock.fileno()), pass_fds=[sock.fileno()], preexec_fn=before_exec)
        self.children[child.pid] = (child, time.monotonic(), sock)
        return child

    def stop_all(self, signum=None, frame=None):
        self.stopping = True
        for child, _started, _sock in self.children.values():
            if child.poll() is None:
                child.terminate()
        for child, _started, sock in self.children.values():
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
            sock.close()

    def replace(self, pid, status):
        _child, started, sock = self.children.pop(pid)
        lived = time.monotonic() - started
        self.quick_deaths = self.quick_deaths + 1 if lived < QUICK_DEATH_SECONDS else 0
        if self.quick_deaths >= QUICK_DEATHS_BEFORE_GIVING_UP:
            log(f"web process {pid} exited ({_describe(status)}) {self.quick_deaths} times in a row within "
                f"{QUICK_DEATH_SECONDS:.0f} s of starting; giving up")
            sock.close()
            return False
        pause = min(MAX_PAUSE_SECONDS, 2.0 ** (self.quick_deaths - 1)) if self.quick_deaths else 0.0
        log(f"web process {pid} exited ({_describe(status)}) after {lived:.1f} s; "
            f"starting another in {pause:.0f} s, {len(self.children)} still serving")
        time.sleep(pause)
        if self.stopping:
            sock.close()
        else:
            log(f"web process {self.start_one(sock).pid} started in place of {pid}")
        return True

    def run(self):
        signal.signal(signal.SIGTERM, self.stop_and_exit)
        signal.signal(signal.SIGINT, self.stop_and_exit)
        for _ in range(self.count):
            self.start_one()
        while True:
            try:
                pid, status = os.wait()
            except ChildProcessError:
                return 1
            if pid not in self.children or self.stopping:
                continue
            if not self.replace(pid, status):
                self.stop_all()
                return 1

    def stop_and_exit(self, signum, frame):
        self.stop_all()
        sys.exit(0)


def _describe(status):
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit code {os.WEXITSTATUS(status)}"


def main():
    if sys.argv[1] == "--check":
        host, port = sys.argv[2], int(sys.argv[3])
        return 0 if port_free(host, port) else refuse_port_in_use(host, port)
    host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    # Restarted after a death, the previous web processes are still letting go of the port (SIGTERM:
    # up to uvicorn's 5 s for open connections); anyone else's listener stays.
    end = time.monotonic() + PORT_WAIT_SECONDS
    while not port_free(host, port):
        if time.monotonic() > end:
            return refuse_port_in_use(host, port)
        time.sleep(0.2)
    return WebProcesses(host, port, count).run()


if __name__ == "__main__":
    sys.exit(main())

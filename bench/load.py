#!/usr/bin/env python
"""Load on the live path, beside its floor, against the site as `make run` starts it.

Creates N tables x K seats of real matches (through matches.services, in the
database the server uses), starts the site with scripts/run.sh (web
process(es) + Celery worker + beat) on a free port, and for each phase opens
every seat's socket (plus spectators) with a session cookie made for its user,
then plays a move every T seconds per table: the mover is the frame's
`to_act`, the action one of its `legal` list (domains drawn at random).

The floor is measured in the same run: the same sockets and rate against
config/load_echo.py (the same channel layer, no database, no engine, the same
per-seat fan-out). Printed for each phase: moves/s achieved of those asked,
move -> own answer and move -> every socket's view p50/p99/max, errors,
timeouts, CPU of each server process, and for the site RSS per live table.

    .venv/bin/python bench/load.py --tables 200 --seats 4 --rate 100 --seconds 30
    .venv/bin/python bench/load.py --scenario ramp        # 50/100/200/400 tables at 1 move/s each
    .venv/bin/python bench/load.py --scenario spectators  # 10/50/200 spectators per table
    .venv/bin/python bench/load.py --scenario burst       # 800 sockets connecting at once
    .venv/bin/python bench/load.py --scenario timers      # clock expiries under load: applied minus deadline
    .venv/bin/python bench/load.py --scenario soak --minutes 30

Environment: LOAD_DATABASE_URL (its database is dropped and recreated; default
postgres://postgres@127.0.0.1:5432/alibaba_load) and LOAD_REDIS_URL (flushed; default
redis://127.0.0.1:6379/3). They are separate from DATABASE_URL and REDIS_URL so that a
load run never drops the site's own database. The server gets the socket limits raised (one
machine plays every user; see LOAD_SERVER_ENV), DEBUG off, and
LOAD_ECHO_ROUTE=1. WEB_PROCESSES sets how many web processes share the port.
"""
import argparse
import asyncio
import functools
import os
import signal
import sys
import time
from pathlib import Path

import uvloop

print = functools.partial(print, flush=True)  # noqa: A001 - progress shows when the output is a file
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = os.environ.get("LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/alibaba_load")
os.environ["REDIS_URL"] = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Files of the run named after its database, so that two runs on different databases (two people's
# benchmarks at once) never share beat's schedule or the server's log.
RUN_NAME = os.environ["DATABASE_URL"].rsplit("/", 1)[1]

# One machine plays every user from one address: the per-user and per-address
# socket limits and the frame budgets are lifted for the run (the limits
# themselves are tested in tests/config). DEBUG off as in production (DEBUG
# keeps every SQL query in memory).
LOAD_SERVER_ENV = {
    "SOCKET_FRAME_BURST": "1000000",
    "SOCKET_FRAME_RATE": "1000000",
    "SOCKET_USER_FRAMES_LIMIT": "1000000000",
    "SOCKETS_PER_USER": "1000000",
    "SOCKETS_PER_ADDRESS": "1000000",
    "LOAD_ECHO_ROUTE": "1",
    "DEBUG": "0",
    "SECRET_KEY": os.environ.get("SECRET_KEY", "load-test-secret-key-not-for-production-0123456789abcdef0123"),
    "SECURE_SSL_REDIRECT": "0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "LOG_LEVEL": "WARNING",
    "BEAT_SCHEDULE": f"/tmp/{RUN_NAME}-beat-schedule",
    "LOAD_SERVER_LOG": f"/tmp/{RUN_NAME}-server.log",
}
os.environ.update(LOAD_SERVER_ENV)

from load_client import phase, ratio, timer_lateness, timer_phase, write_trace  # noqa: E402 - after the environment
from load_site import (  # noqa: E402 - after the environment
    Tables,
    free_port,
    rss_bytes,
    server_processes,
    setup_django,
    start_server,
    stop_server,
    web_redis_connections,
)


def run_client(coroutine):
    """Runs the client's coroutine on uvloop: the client shares the machine's two cores with the site."""
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coroutine)

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rate", type=float, default=100.0, help="moves per second over all tables (0: none)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--spectators", type=int, default=0, help="spectator sockets per table")
    parser.add_argument("--game", default="alibaba_tiles")
    parser.add_argument("--clock", type=int, default=0, help="seconds on every clock of the game (0: untimed where the game allows)")
    parser.add_argument("--scenario", choices=["move", "ramp", "spectators", "burst", "timers", "soak"], default="move")
    parser.add_argument("--minutes", type=float, default=30.0, help="soak length")
    parser.add_argument("--web-processes", type=int, default=0, help="web processes (default: scripts/run.sh's WEB_PROCESSES)")
    parser.add_argument("--idle-tables", type=int, default=100, help="timers: tables left to their clocks beside the playing ones")
    parser.add_argument("--no-floor", action="store_true", help="skip the echo floor")
    parser.add_argument(
        "--trace", default="", help="write each site move's send time and move -> every view to this file (where the tail sits in time)"
    )
    parser.add_argument("--linger", type=float, default=0.0,
                        help="seconds the site is kept after the sockets closed, then the web processes' Redis connections")
    parser.add_argument("--port", type=int, default=0, help="target a site already running here (no server started, no fresh database)")
    args = parser.parse_args()

    # Stopped (kill, a timeout), the run still stops the site it started (the `finally` below): an
    # orphaned site kept its sockets, its Redis connections and a CPU share under the next run.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    fresh = not args.port
    setup_django(fresh)
    from django.utils.crypto import get_random_string

    run_id = get_random_string(6).lower()
    if args.scenario == "ramp":
        steps = [(n, n * 1.0) for n in (50, 100, 200, 400)]
    elif args.scenario == "spectators":
        args.tables = min(args.tables, 5)
        steps = [(args.tables, args.tables * 2.0, s) for s in (10, 50, 200)]
    elif args.scenario == "burst":
        steps = [(800 // args.seats, 0.0)]
    elif args.scenario == "timers":
        # The tables play at the asked rate on clocks long enough for their moves (every move
        # still schedules a deadline); --idle-tables more are left to clocks of --clock seconds.
        args.clock = args.clock or 3
        steps = [(args.tables, args.rate)]
    elif args.scenario == "soak":
        args.seconds = args.minutes * 60
        steps = [(args.tables, args.rate)]
    else:
        steps = [(args.tables, args.rate)]
    steps = [s if len(s) == 3 else (*s, args.spectators) for s in steps]

    tables_needed = max(n for n, _r, _s in steps) + (args.idle_tables if args.scenario == "timers" else 0)
    spect_needed = max(s for _n, _r, s in steps)
    if args.scenario == "timers":
        idle_tables = Tables(args.game, args.seats, args.clock, run_id)
        move_every = args.tables / args.rate
        tables = Tables(args.game, args.seats, max(60, int(20 * move_every)), run_id)
    else:
        tables = Tables(args.game, args.seats, args.clock, run_id)
    t0 = time.perf_counter()
    seat_users = [tables.make_users("seat", args.seats) for _ in range(tables_needed)]
    spectators = tables.make_users("watch", spect_needed)
    print(f"prepared {tables_needed} x {args.seats} seats and {spect_needed} spectator users "
          f"in {time.perf_counter() - t0:.1f} s; run {run_id}")

    port = args.port or free_port()
    server = None if args.port else start_server(port, args.web_processes)
    try:
        processes = server_processes(server.pid) if server else {}
        print(f"site on port {port}: " + ", ".join(f"{label} {pid}" for pid, label in processes.items()))
        for n, rate, spect in steps:
            label = f"{n}x{args.seats}" + (f"+{spect}" if spect else "") + (f"@{rate:g}/s" if rate else "")
            echo_plan = [(seat_users[i], [c for _u, c in spectators[:spect]], None) for i in range(n)]
            floor = None
            if not args.no_floor and args.scenario != "soak":
                floor = run_client(phase(f"floor {label}", port, args.seats, True, echo_plan, rate, min(args.seconds, 30),
                                          processes, burst=args.scenario == "burst"))
            t_match = time.perf_counter()
            plan = [(seat_users[i], [c for _u, c in spectators[:spect]], tables.new_match(seat_users[i])) for i in range(n)]
            print(f"created {n} matches in {time.perf_counter() - t_match:.1f} s")
            since = time.time()
            if args.scenario == "timers":
                # Tables nobody plays: only their clocks act. Their clocks started at spread
                # moments over one clock's length, as independent tables' do (created at once,
                # every first deadline would fall in the same instant).
                idle = [(seat_users[n + i], [], idle_tables.new_match(seat_users[n + i], started_ago=args.clock * i / args.idle_tables))
                        for i in range(args.idle_tables)]
                since = time.time() - args.clock
                site = run_client(timer_phase(label, port, args.seats, plan, idle, rate, args.seconds, processes))
                until = time.time()
                time.sleep(2)
                timer_lateness(since, until)
            else:
                site = run_client(phase(f"site {label}", port, args.seats, False, plan, rate, args.seconds, processes,
                                         make_match=tables.new_match, burst=args.scenario == "burst",
                                         sample_every=60 if args.scenario == "soak" else 0))
            if floor is not None and rate:
                ratio(site, floor)
            if args.trace and site.trace:
                write_trace(args.trace, site.trace)
            if processes and args.linger and os.environ.get("REDIS_URL"):
                time.sleep(args.linger)
                print(f"Redis connections of each web process {args.linger:g} s after the sockets closed: "
                      f"{web_redis_connections(processes)}")
            if processes:
                print("server RSS: " + ", ".join(f"{label} {rss_bytes(pid) / 2**20:.0f} MB" for pid, label in processes.items()))
    finally:
        if server:
            stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())

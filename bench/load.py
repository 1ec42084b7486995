#!/usr/bin/env python
"""Load on the live path, beside its floor, against the site as `make run` starts it.

Creates N tables x K seats of real matches (through matches.services, in the
database the server uses), starts the site with scripts/run.sh (daphne web
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
LOAD_ECHO_ROUTE=1. WEB_PROCESSES sets how many daphne processes share the port.
"""
import argparse
import functools
import asyncio
import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

print = functools.partial(print, flush=True)  # noqa: A001 - progress shows when the output is a file
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = os.environ.get("LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/alibaba_load")
os.environ["REDIS_URL"] = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

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
    "BEAT_SCHEDULE": "/tmp/alibaba-load-beat-schedule",
}
os.environ.update(LOAD_SERVER_ENV)

MOVE_TIMEOUT = 10.0
# A seat whose socket connects late under overload is not handed to a computer player.
ABANDON_GRACE = 3600
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


# ---------------------------------------------------------------- preparing

def recreate_database():
    import psycopg
    import redis

    url = os.environ["DATABASE_URL"]
    name = url.rsplit("/", 1)[1]
    base = url.rsplit("/", 1)[0]
    with psycopg.connect(f"{base}/postgres".replace("postgres://", "postgresql://"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


def setup_django(fresh):
    if fresh:
        recreate_database()
    import django

    django.setup()
    from django.core.management import call_command

    if fresh:
        call_command("migrate", verbosity=0)
        call_command("load_game_data", verbosity=0)


def session_cookie(user):
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


def table_options(game, clock):
    from lobby.services import engine_options
    from matches import registry

    spec = registry.get_game(game)
    options = registry.without_clocks(spec, registry.default_table_options(spec))
    if clock:
        for option in registry.contract.clock_options(registry.table_options(spec)):
            options[option["name"]] = max(clock, option.get("min", 0))
    return engine_options(game, options)


class Tables:
    """Users, sessions and matches of the run; new matches for a table whose match ended."""

    def __init__(self, game, seats, clock, run_id):
        self.game, self.seats, self.clock, self.run_id = game, seats, clock, run_id
        self.options = table_options(game, clock)
        self.seed = 0

    def make_users(self, prefix, count):
        from django.contrib.auth import get_user_model

        User = get_user_model()
        self.made = getattr(self, "made", 0) + count
        users = User.objects.bulk_create([User(username=f"{prefix}{self.run_id}_{self.made - count + i}") for i in range(count)])
        return [(u, session_cookie(u)) for u in users]

    def new_match(self, users):
        from matches import scheduling, services

        self.seed += 1
        # With clocks the deadlines must be scheduled (Celery); untimed matches schedule nothing.
        if self.clock:
            match = services.create_match(self.game, [services.SeatSpec(user=u) for u, _c in users], self.options,
                                          seed=self.seed, abandon_grace=ABANDON_GRACE)
        else:
            with scheduling.suspended():
                match = services.create_match(self.game, [services.SeatSpec(user=u) for u, _c in users], self.options,
                                              seed=self.seed, abandon_grace=ABANDON_GRACE)
        return match.pk


# ---------------------------------------------------------------- the server

def free_port(lo=8100, hi=8199):
    for port in range(lo, hi + 1):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise SystemExit("no free port in 8100-8199")


def start_server(port, web_processes):
    env = dict(os.environ, PORT=str(port))
    if web_processes:
        env["WEB_PROCESSES"] = str(web_processes)
    server = subprocess.Popen(["bash", "scripts/run.sh"], cwd=ROOT, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=open("/tmp/alibaba-load-server.log", "w"))
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        stop_server(server)
        raise SystemExit("the server did not start: see /tmp/alibaba-load-server.log")
    time.sleep(2.0)  # the other daphnes, the worker and beat
    return server


def stop_server(server):
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(server.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _children():
    kids = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                kids.setdefault(ppid, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return kids


def server_processes(root_pid):
    """{pid: label} of the daphne, celery worker and beat processes under the run.sh process."""
    kids, found, todo = _children(), {}, [root_pid]
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, []))
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        text = b" ".join(cmd).decode(errors="replace")
        if "daphne" in text:
            found[pid] = "daphne"
        elif "celery" in text and " worker" in text:
            found[pid] = "celery worker"
        elif "celery" in text and " beat" in text:
            found[pid] = "celery beat"
    return found


def cpu_seconds(pid):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except OSError:
        return 0.0


def rss_bytes(pid):
    try:
        return int(open(f"/proc/{pid}/statm").read().split()[1]) * PAGE
    except OSError:
        return 0


def web_rss(processes):
    return sum(rss_bytes(pid) for pid, label in processes.items() if label == "daphne")


# ---------------------------------------------------------------- the client

class Sock:
    def __init__(self, table, seat, ws):
        self.table, self.seat, self.ws = table, seat, ws
        self.frame = None
        self.ready = asyncio.Event()

    async def read(self):
        try:
            async for raw in self.ws:
                frame = json.loads(raw)
                kind = frame.get("type")
                if kind == "view":
                    if self.frame is None or frame["version"] >= self.frame["version"]:
                        self.frame = frame
                    self.ready.set()
                    self.table.seen(self, frame)
                elif kind == "error":
                    self.table.error(self, frame)
        except Exception as exc:  # noqa: BLE001 - a dropped socket is an error of the run
            self.table.stats.errors.append(f"socket closed: {type(exc).__name__}")
        else:
            if not self.table.closing:
                self.table.stats.errors.append(f"socket closed by the server: {self.ws.close_code}")


class CollectorPauses:
    """The load client's own garbage-collection pauses: a paused client reads every frame late."""

    def __init__(self):
        self.pauses = []  # (started at, seconds, generation)
        self._started = None
        gc.callbacks.append(self._callback)

    def _callback(self, phase, info):
        if phase == "start":
            self._started = time.perf_counter()
        elif self._started is not None:
            self.pauses.append((self._started, time.perf_counter() - self._started, info["generation"]))
            self._started = None


COLLECTOR = CollectorPauses()


class Stats:
    def __init__(self):
        self.own, self.every, self.errors, self.timeouts, self.stale = [], [], [], 0, 0
        self.connect_failed, self.connect_seconds, self.finished = 0, [], 0
        self.trace = []  # (sent at, move -> every view), for --trace


class Table:
    def __init__(self, run, index, match_id):
        self.run, self.index, self.match_id = run, index, match_id
        self.stats = run.stats
        self.socks, self.seat_socks = [], {}
        self.pending = None
        self.closing = False
        self.rng = random.Random(index)

    def url(self, seat):
        if self.run.echo:
            query = f"?seats={self.run.seats}" + (f"&seat={seat}" if seat is not None else "")
            return f"ws://127.0.0.1:{self.run.port}/ws/echo/{self.index}/{query}"
        return f"ws://127.0.0.1:{self.run.port}/ws/match/{self.match_id}/"

    async def connect_one(self, seat, cookie):
        import websockets

        start = time.perf_counter()
        try:
            ws = await websockets.connect(
                self.url(seat), additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{self.run.port}"},
                open_timeout=60, max_size=2**22, ping_interval=None, compression=None,
            )
        except Exception as exc:  # noqa: BLE001
            self.stats.connect_failed += 1
            self.stats.errors.append(f"connect: {type(exc).__name__}: {exc}"[:200])
            return None
        sock = Sock(self, seat, ws)
        sock.reader = asyncio.create_task(sock.read())
        try:
            await asyncio.wait_for(sock.ready.wait(), 60)
        except TimeoutError:
            self.stats.connect_failed += 1
            self.stats.errors.append("connect: no first view in 60 s")
            return None
        self.stats.connect_seconds.append(time.perf_counter() - start)
        self.socks.append(sock)
        if seat is not None:
            self.seat_socks[seat] = sock
        return sock

    async def connect(self, seat_cookies, spectator_cookies):
        await asyncio.gather(*(self.connect_one(seat, c) for seat, c in enumerate(seat_cookies)),
                             *(self.connect_one(None, c) for c in spectator_cookies))

    async def close(self):
        self.closing = True
        for sock in self.socks:
            await sock.ws.close()
        for sock in self.socks:
            sock.reader.cancel()
        self.socks, self.seat_socks = [], {}

    def seen(self, sock, frame):
        pending = self.pending
        if pending is None or frame["version"] < pending["target"] or sock not in pending["left"]:
            return
        now = time.perf_counter()
        pending["left"].discard(sock)
        if sock is pending["mover"]:
            pending["own"] = now
        if not pending["left"]:
            pending["done"].set_result(now)

    def error(self, sock, frame):
        if frame.get("code") == "stale":
            self.stats.stale += 1
        else:
            self.stats.errors.append(f"{frame.get('code')}: {frame.get('message')}"[:200])
        pending = self.pending
        if pending is not None and sock is pending["mover"] and not pending["done"].done():
            pending["done"].set_result(None)

    async def move(self):
        """One move by the seat the frames say is to act; False when the match is over."""
        frames = [s.frame for s in self.seat_socks.values() if s.frame]
        if not frames:
            return True
        latest = max(frames, key=lambda f: f["version"])
        if latest["status"] != "running":
            return False
        to_act = [s for s in latest.get("to_act") or [] if s in self.seat_socks]
        if not to_act:
            return True  # time is to act (a clock), not a person
        mover = self.seat_socks[self.rng.choice(to_act)]
        if not mover.frame["legal"] or mover.frame["version"] != latest["version"]:
            return True
        from gamekit import domains

        action = domains.sample(self.rng.choice(mover.frame["legal"]), self.rng)
        version = mover.frame["version"]
        done = asyncio.get_running_loop().create_future()
        self.pending = {"target": version + 1, "left": set(self.socks), "mover": mover, "own": None, "done": done}
        sent = time.perf_counter()
        await mover.ws.send(json.dumps({"type": "action", "version": version, "action": action}))
        try:
            finished_at = await asyncio.wait_for(done, MOVE_TIMEOUT)
        except TimeoutError:
            self.stats.timeouts += 1
            finished_at = None
            await mover.ws.send(json.dumps({"type": "sync"}))
        pending, self.pending = self.pending, None
        if finished_at is not None:
            self.stats.every.append(finished_at - sent)
            self.stats.trace.append((sent, finished_at - sent))
            self.stats.own.append(pending["own"] - sent)
        return True


class Run:
    def __init__(self, port, seats, echo):
        self.port, self.seats, self.echo = port, seats, echo
        self.stats = Stats()


async def play(run, tables, plan, rate, seconds, make_match=None):
    """Every table moves every len(tables)/rate seconds, spread evenly; returns the elapsed seconds."""
    interval = len(tables) / rate if rate else None
    start = time.perf_counter()
    stop_at = start + seconds

    async def drive(i, table):
        if interval is None:
            await asyncio.sleep(max(0, stop_at - time.perf_counter()))
            return
        await asyncio.sleep(i * interval / len(tables))
        next_at = time.perf_counter()
        while time.perf_counter() < stop_at:
            if not await table.move():
                run.stats.finished += 1
                if make_match is None:
                    return
                # The match ended: the same people sit down at a new one.
                await table.close()
                table.closing = False
                table.match_id = await asyncio.to_thread(make_match, plan[i][0])
                await table.connect([c for _u, c in plan[i][0]], plan[i][1])
                continue
            next_at += interval
            now = time.perf_counter()
            if next_at < now - interval:
                next_at = now  # too far behind: the missed moves are not made up in a burst
            await asyncio.sleep(max(0.0, next_at - now))

    await asyncio.gather(*(drive(i, t) for i, t in enumerate(tables)))
    return time.perf_counter() - start


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] * 1000 if values else float("nan")


def describe(stats):
    def line(name, values):
        if not values:
            return f"{name}: none"
        return f"{name} p50 {pct(values, 0.5):.1f} ms, p99 {pct(values, 0.99):.1f} ms, max {max(values) * 1000:.1f} ms"
    return line("move -> own answer", stats.own) + "; " + line("move -> every socket's view", stats.every)


async def phase(label, port, seats, echo, plan, rate, seconds, processes, make_match=None, burst=False):
    run = Run(port, seats, echo)
    tables = [Table(run, i, match_id) for i, (_users, _spect, match_id) in enumerate(plan)]
    rss_before = web_rss(processes)
    t0 = time.perf_counter()
    if burst:
        await asyncio.gather(*(t.connect([c for _u, c in users], spect) for t, (users, spect, _m) in zip(tables, plan)))
    else:
        # Tables sit down a few at a time, as people do; a burst is its own scenario.
        for k in range(0, len(tables), 25):
            await asyncio.gather(*(t.connect([c for _u, c in users], spect)
                                   for t, (users, spect, _m) in zip(tables[k:k + 25], plan[k:k + 25])))
    connect_took = time.perf_counter() - t0
    sockets = sum(len(t.socks) for t in tables)
    asked = sum(len(users) + len(spect) for users, spect, _m in plan)
    rss_connected = web_rss(processes)
    s = run.stats
    print(f"[{label}] {len(plan)} tables x {seats} seats + {len(plan[0][1]) if plan else 0} spectators each: "
          f"{sockets}/{asked} sockets connected in {connect_took:.1f} s"
          + (f" (connect p50 {pct(s.connect_seconds, .5):.0f} ms, p99 {pct(s.connect_seconds, .99):.0f} ms, max {max(s.connect_seconds or [0]) * 1000:.0f} ms)" if burst else ""))
    cpu0 = {pid: cpu_seconds(pid) for pid in processes}
    own0 = os.times()
    # The client's own collector paused it for up to 130 ms (measured with --trace), and a
    # paused client reads every frame late: it collects between phases, not during one.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        elapsed = await play(run, tables, [(u, s) for u, s, _m in plan], rate, seconds, make_match)
    finally:
        gc.enable()
        gc.unfreeze()
    cpu = {pid: (cpu_seconds(pid) - cpu0[pid]) / elapsed * 100 for pid in processes}
    own1 = os.times()
    rss_after = web_rss(processes)
    for t in tables:
        await t.close()
    moves = len(s.every)
    if rate:
        print(f"[{label}] {moves / seconds:.1f} moves/s of {rate:g} asked ({moves} in {seconds:g} s); {describe(s)}")
    print(f"[{label}] errors {len(s.errors)}, timeouts {s.timeouts}, stale {s.stale}, matches finished {s.finished}"
          + (f"; first errors: {sorted(set(s.errors))[:3]}" if s.errors else ""))
    by_label = {}
    for pid, share in cpu.items():
        name = processes[pid] if processes[pid] != "daphne" else f"daphne {pid}"
        by_label[name] = by_label.get(name, 0.0) + share
    print(f"[{label}] CPU (100% = one core): " + ", ".join(f"{name} {share:.0f}%" for name, share in by_label.items())
          + f", load client {((own1.user + own1.system) - (own0.user + own0.system)) / elapsed * 100:.0f}%")
    if not echo and plan:
        print(f"[{label}] web RSS {rss_before / 2**20:.0f} MB before, {rss_connected / 2**20:.0f} MB with the tables live, "
              f"{rss_after / 2**20:.0f} MB after: {(max(rss_connected, rss_after) - rss_before) / len(plan) / 2**20:.3f} MB per live table")
    return s


def write_trace(path, trace):
    start = min(sent for sent, _latency in trace)
    with open(path, "w") as out:
        out.write(f"# first move at {time.time() - (time.perf_counter() - start):.3f} (epoch seconds)\n")
        out.writelines(f"{sent - start:.4f} {latency * 1000:.2f}\n" for sent, latency in sorted(trace))
        out.writelines(f"# client gc {at - start:.4f} {took * 1000:.2f} ms gen {gen}\n"
                       for at, took, gen in COLLECTOR.pauses if at >= start and took > 0.005)
    print(f"trace of {len(trace)} moves (seconds since the first, ms) in {path}")


def ratio(site, floor):
    def r(a, b, q):
        return pct(a, q) / pct(b, q) if a and b else float("nan")
    print(f"ratio site/floor, move -> every socket's view: p50 {r(site.every, floor.every, .5):.1f}x, p99 {r(site.every, floor.every, .99):.1f}x")


def timer_lateness(since):
    """Expiries applied since `since`: applied (row created) minus the deadline (the row's server_time)."""
    from django.db.models import Count

    from matches.models import ActionLog

    rows = ActionLog.objects.filter(seat__isnull=True, server_time__gte=since)
    late = [(created.timestamp() - at) for created, at in rows.values_list("created_at", "server_time")]
    doubled = rows.values("match_id", "server_time").annotate(n=Count("id")).filter(n__gt=1).count()
    if not late:
        print("timer lateness: no expiry applied")
        return
    print(f"timer lateness over {len(late)} expiries: p50 {pct(late, .5):.0f} ms, p99 {pct(late, .99):.0f} ms, "
          f"max {max(late) * 1000:.0f} ms; doubled {doubled}")


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
    parser.add_argument("--web-processes", type=int, default=0, help="daphne processes (default: scripts/run.sh's WEB_PROCESSES)")
    parser.add_argument("--no-floor", action="store_true", help="skip the echo floor")
    parser.add_argument("--trace", default="", help="write each site move's send time and move -> every view to this file (where the tail sits in time)")
    parser.add_argument("--port", type=int, default=0, help="target a site already running here (no server started, no fresh database)")
    args = parser.parse_args()

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
        # Half the tables play at the asked rate, the other half let their clocks run out.
        args.clock = args.clock or 3
        steps = [(args.tables, args.rate)]
    elif args.scenario == "soak":
        args.seconds = args.minutes * 60
        steps = [(args.tables, args.rate)]
    else:
        steps = [(args.tables, args.rate)]
    steps = [s if len(s) == 3 else (*s, args.spectators) for s in steps]

    tables_needed = max(n for n, _r, _s in steps)
    spect_needed = max(s for _n, _r, s in steps)
    tables = Tables(args.game, args.seats, args.clock, run_id)
    t0 = time.perf_counter()
    seat_users = [tables.make_users("seat", args.seats) for _ in range(tables_needed)]
    spectators = tables.make_users("watch", spect_needed)
    print(f"prepared {tables_needed} x {args.seats} seats and {spect_needed} spectator users in {time.perf_counter() - t0:.1f} s; run {run_id}")

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
                floor = asyncio.run(phase(f"floor {label}", port, args.seats, True, echo_plan, rate, min(args.seconds, 30),
                                          processes, burst=args.scenario == "burst"))
            t_match = time.perf_counter()
            plan = [(seat_users[i], [c for _u, c in spectators[:spect]], tables.new_match(seat_users[i])) for i in range(n)]
            print(f"created {n} matches in {time.perf_counter() - t_match:.1f} s")
            since = time.time()
            if args.scenario == "timers":
                # The second half of the tables nobody plays: only their clocks act.
                playing, idle = plan[: n // 2], plan[n // 2:]
                site = asyncio.run(timer_phase(label, port, args.seats, playing, idle, rate, args.seconds, processes))
                time.sleep(2)
                timer_lateness(since)
            else:
                site = asyncio.run(phase(f"site {label}", port, args.seats, False, plan, rate, args.seconds, processes,
                                         make_match=tables.new_match, burst=args.scenario == "burst"))
            if floor is not None and rate:
                ratio(site, floor)
            if args.trace and site.trace:
                write_trace(args.trace, site.trace)
            if processes:
                print("server RSS: " + ", ".join(f"{label} {rss_bytes(pid) / 2**20:.0f} MB" for pid, label in processes.items()))
    finally:
        if server:
            stop_server(server)
    return 0


async def timer_phase(label, port, seats, playing, idle, rate, seconds, processes):
    """Playing tables at `rate` while the idle tables' sockets stay open and their clocks expire."""
    run = Run(port, seats, False)
    idle_tables = [Table(run, 10_000 + i, m) for i, (_u, _s, m) in enumerate(idle)]
    for t, (users, spect, _m) in zip(idle_tables, idle):
        await t.connect([c for _u, c in users], spect)
    stats = await phase(f"site {label} (+{len(idle)} tables left to their clocks)", port, seats, False, playing, rate, seconds, processes)
    for t in idle_tables:
        await t.close()
    return stats


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python
"""Concurrency and chaos, scripted and repeatable (`make chaos`; not part of the test run).

Starts the site as `make run` does — a web process, two Celery workers and beat — on
its own PostgreSQL database (alibaba_chaos, recreated) and its own Redis
server (port 6391, started and restarted here, so nothing else on the machine
is disturbed). Treasure-cave matches between people who never act run on a
2-second turn clock, so time acts on them all the while; some seats have a
socket client that plays its moves and resyncs by version after every cut.

Scenarios, one after another: the same action on two sockets at once; two
workers and beat racing every expiry; `kill -9` of both workers with expiries
pending; a Redis restart mid-match; a web process restart with sockets open;
PostgreSQL connections dropped. After each, the log is audited: every expiry
applied once and at its own deadline (a system action whose time is not the
deadline of the state before it would be a doubled or a wrong one), no
deadline left overdue, every move a client saw acknowledged in the log exactly
once, every client back at the match's version. Figures are printed.
"""
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

from config.web_server import web_command  # noqa: E402

DB_NAME = "alibaba_chaos"
REDIS_PORT = 6391
ENV = dict(
    os.environ,
    DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
    REDIS_URL=f"redis://127.0.0.1:{REDIS_PORT}/0",
    DJANGO_SETTINGS_MODULE="config.settings",
    DEBUG="1",  # a site on this machine only (the settings' default is production's)
    BOT_THINK_SECONDS="0.2",
    SWEEP_GRACE_SECONDS="1",
    PYTHONUNBUFFERED="1",
)
os.environ.update({k: ENV[k] for k in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "SWEEP_GRACE_SECONDS")})
CLOCK = 2
MATCHES = 12
CLIENT_MATCHES = 4
LOGS = ROOT / "test-artifacts" / "chaos"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Processes:
    """The site's processes, each restartable, their output in test-artifacts/chaos/."""

    def __init__(self, port):
        self.port = port
        self.running = {}
        LOGS.mkdir(parents=True, exist_ok=True)

    def commands(self):
        return {
            "redis": ["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            "web": web_command(BIN, port=self.port),
            "worker-a": [str(BIN / "celery"), "-A", "config", "worker", "-n", "a@chaos", "--concurrency=1", "--loglevel=INFO"],
            "worker-b": [str(BIN / "celery"), "-A", "config", "worker", "-n", "b@chaos", "--concurrency=1", "--loglevel=INFO"],
            "beat": [str(BIN / "celery"), "-A", "config", "beat", "--loglevel=WARNING", "--schedule", str(LOGS / "beat-schedule")],
        }

    def start(self, name):
        log = open(LOGS / f"{name}.log", "a")
        self.started_at = getattr(self, "started_at", {})
        self.started_at[name] = time.time()
        self.running[name] = subprocess.Popen(self.commands()[name], cwd=ROOT, env=ENV, stdout=log, stderr=subprocess.STDOUT)

    def supervise(self):
        """Restart a worker or beat that exited, as systemd's Restart=always does in production
        (a Celery worker exits on some broker losses: kombu's "Unrecoverable error")."""
        restarted = []
        for name, process in list(self.running.items()):
            if name != "redis" and process.poll() is not None:
                self.start(name)
                restarted.append(name)
        return restarted

    def ready_at(self, name, after):
        """When the worker said it was ready (its log), after ``after``; None if not yet."""
        for line in (LOGS / f"{name}.log").read_text(errors="replace").splitlines():
            if " ready." in line and line.startswith("["):
                stamp = time.mktime(time.strptime(line[1:20], "%Y-%m-%d %H:%M:%S")) - time.timezone
                if stamp >= int(after):
                    return stamp
        return None

    def kill(self, name, sig=signal.SIGKILL):
        process = self.running.pop(name)
        process.send_signal(sig)
        process.wait(timeout=20)

    def stop_all(self):
        for name in list(self.running):
            self.kill(name, signal.SIGTERM)


def wait_for(check, timeout, step=0.05):
    end = time.time() + timeout
    while time.time() < end:
        if check():
            return True
        time.sleep(step)
    return False


def prepare_database():
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_game_data", verbosity=0)


def create_matches():
    """MATCHES two-person treasure-cave matches on a CLOCK-second turn clock; returns [(match id, [session keys])]."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from lobby.services import engine_options
    from matches import registry, services

    spec = registry.get_game("alibaba_tiles")
    options = engine_options("alibaba_tiles", dict(registry.default_table_options(spec), clock=CLOCK))
    User = get_user_model()
    plan = []
    for t in range(MATCHES + 1):
        users = [User.objects.create_user(f"chaos{t}_{s}", password=None) for s in range(2)]
        # the last one has no clock: the two-sockets race must not meet an expiry
        match = services.create_match("alibaba_tiles", [services.SeatSpec(user=u) for u in users],
                                      dict(options, clock=0) if t == MATCHES else options, seed=t)
        keys = []
        for user in users:
            session = SessionStore()
            session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
                            HASH_SESSION_KEY: user.get_session_auth_hash()})
            session.create()
            keys.append(session.session_key)
        plan.append((match.pk, keys))
    return plan


def audit(match_ids, since):
    """Expiries checked against the engine: (expiries, doubled or misplaced, overdue now, lateness list after ``since``)."""
    from django.db import close_old_connections

    from matches.models import ActionLog, Match
    from matches.registry import get_game

    close_old_connections()
    expiries = wrong = overdue = 0
    lateness = []
    now = time.time()
    for match in Match.objects.filter(pk__in=match_ids):
        engine = get_game(match.game).engine
        state = engine.new_game(match.players, match.options, match.seed, match.options["started_at"])
        # the match row was read first: its log up to its version is complete (one transaction wrote both)
        for entry in ActionLog.objects.filter(match=match, seq__lt=match.version).order_by("seq"):
            if entry.seat is None:
                expiries += 1
                due = engine.deadline(state)
                if due is None or abs(due[0] - entry.server_time) > 1e-6 or due[1] != entry.action:
                    wrong += 1
                if entry.server_time >= since:
                    lateness.append(entry.created_at.timestamp() - entry.server_time)
            state, _events = engine.apply(state, entry.seat, entry.action, entry.server_time)
        assert state == match.state, f"match {match.pk}: the log does not rebuild the saved state"
        if match.status == Match.Status.RUNNING and match.next_deadline and match.next_deadline.timestamp() < now - 2:
            overdue += 1
    return expiries, wrong, overdue, lateness


class Client:
    """One seat's socket: plays its first legal move whenever it may, reconnects and resyncs by version."""

    def __init__(self, port, match_id, session_key):
        self.url = f"ws://127.0.0.1:{port}/ws/match/{match_id}/"
        self.headers = {"Cookie": f"sessionid={session_key}", "Origin": f"http://127.0.0.1:{port}"}
        self.match_id = match_id
        self.frame = None
        self.sent = []          # (version, action) sent
        self.refused = 0        # error frames received (a stale or refused move changes nothing)
        self.reconnects = 0
        self.stopped = False

    async def run(self):
        import websockets

        while not self.stopped:
            try:
                async with websockets.connect(self.url, additional_headers=self.headers) as ws:
                    await ws.send(json.dumps({"type": "hello", "version": self.frame["version"] if self.frame else None}))
                    async for raw in ws:
                        frame = json.loads(raw)
                        if frame.get("type") == "error":
                            self.refused += 1
                        if frame.get("type") != "view" or (self.frame and frame["version"] < self.frame["version"]):
                            continue
                        self.frame = frame
                        if frame["legal"] and frame["status"] == "running" and not self.stopped:
                            action = frame["legal"][0]
                            self.sent.append((frame["version"], action))
                            await ws.send(json.dumps({"type": "action", "version": frame["version"], "action": action}))
            except (OSError, asyncio.TimeoutError, Exception):  # noqa: BLE001 - a cut connection of any kind
                if self.stopped:
                    return
                self.reconnects += 1
                await asyncio.sleep(0.2)


def match_versions(match_ids):
    from django.db import close_old_connections

    from matches.models import Match

    close_old_connections()
    return dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "version"))


async def clients_in_sync(clients, timeout):
    """Seconds until every client has seen its match's current version (None: not within ``timeout``)."""
    started = time.time()
    while time.time() - started < timeout:
        versions = await asyncio.to_thread(match_versions, [c.match_id for c in clients])
        if all(c.frame and c.frame["version"] == versions[c.match_id] for c in clients):
            return time.time() - started
        await asyncio.sleep(0.1)
    return None


def moves_in_log(clients):
    """(moves, applied, doubled, not applied): each different move a client sent (a client resends its
    move when a resync shows it the same view again) is in the log at most once, at the version it
    was sent on; one not applied was refused (stale: time acted first) or cut in transit by a restart."""
    from matches.models import ActionLog

    applied = doubled = moves = 0
    for client in clients:
        for version, action in {(v, json.dumps(a, sort_keys=True)) for v, a in client.sent}:
            moves += 1
            found = ActionLog.objects.filter(match_id=client.match_id, seq=version, action=json.loads(action)).exclude(seat=None).count()
            applied += found == 1
            doubled += found > 1
    return moves, applied, doubled, moves - applied - doubled


def overdue_cleared(match_ids):
    from django.db import close_old_connections
    from django.utils import timezone

    from matches.models import Match

    close_old_connections()
    return not Match.objects.filter(pk__in=match_ids, status="running", next_deadline__lt=timezone.now()).exists()


async def same_action_twice(port, match_id, key):
    """Two sockets of one seat send the same action on the same version at once: it is applied once."""
    import websockets

    from matches.models import ActionLog

    headers = {"Cookie": f"sessionid={key}", "Origin": f"http://127.0.0.1:{port}"}
    url = f"ws://127.0.0.1:{port}/ws/match/{match_id}/"
    async with websockets.connect(url, additional_headers=headers) as a, websockets.connect(url, additional_headers=headers) as b:
        frame = json.loads(await a.recv())
        await b.recv()
        if not frame["legal"]:
            return None
        message = json.dumps({"type": "action", "version": frame["version"], "action": frame["legal"][0]})
        await asyncio.gather(a.send(message), b.send(message))
        await asyncio.sleep(1.0)
    rows = await asyncio.to_thread(lambda: ActionLog.objects.filter(match_id=match_id, seq=frame["version"]).exclude(seat=None).count())
    return rows


def report(name, figures):
    print(f"{name:<38} " + "  ".join(f"{k}={v}" for k, v in figures.items()), flush=True)


def lateness_figures(values):
    if not values:
        return {"expiries_after": 0}
    ordered = sorted(values)
    return {"expiries_after": len(ordered), "late_p50_ms": round(1000 * statistics.median(ordered)),
            "late_max_ms": round(1000 * ordered[-1])}


async def main():
    port = free_port()
    processes = Processes(port)
    processes.start("redis")
    time.sleep(0.5)
    await asyncio.to_thread(prepare_database)
    for name in ("web", "worker-a", "worker-b", "beat"):
        processes.start(name)
    try:
        assert wait_for(lambda: _http_ok(f"http://127.0.0.1:{port}/"), 30), "the web process did not start"
        restarts = []

        async def supervisor():
            while True:
                restarts.extend(processes.supervise())
                await asyncio.sleep(0.5)

        watchdog = asyncio.create_task(supervisor())
        plan = await asyncio.to_thread(create_matches)
        untimed = plan.pop()
        ids = [m for m, _keys in plan]
        clients = [Client(port, m, keys[s]) for m, keys in plan[:CLIENT_MATCHES] for s in range(2)]
        tasks = [asyncio.create_task(c.run()) for c in clients]
        failures = []

        def check(name, since, extra=None):
            expiries, wrong, overdue, lateness = audit(ids, since)
            moves, applied, doubled, not_applied = moves_in_log(clients)
            figures = {"expiries": expiries, "doubled_or_misplaced": wrong, "overdue": overdue, "moves": moves,
                       "applied": applied, "doubled": doubled, "not_applied": not_applied,
                       **lateness_figures(lateness), **(extra or {})}
            report(name, figures)
            if wrong or overdue or doubled:
                failures.append(name)

        # 1. the same action on two sockets at once (a seat with two tabs)
        match_id, keys = untimed
        for seat_key in keys:
            twice = await same_action_twice(port, match_id, seat_key)
            if twice is not None:
                break
        report("same action on two sockets", {"applied": twice})
        if twice != 1:
            failures.append("same action")

        # 2. two workers and beat race every expiry for a while
        since = time.time()
        await asyncio.sleep(12)
        await asyncio.to_thread(check, "two workers + beat, 12 s", since)

        # 3. kill -9 both workers with expiries pending; one comes back after 4 s
        watchdog.cancel()
        processes.kill("worker-a")
        processes.kill("worker-b")
        await asyncio.sleep(4)
        back = time.time()
        processes.start("worker-a")
        cleared = await asyncio.to_thread(wait_for, lambda: overdue_cleared(ids), 30)
        done = time.time()
        ready = await asyncio.to_thread(wait_for, lambda: processes.ready_at("worker-a", back) is not None, 30)
        since_ready = done - processes.ready_at("worker-a", back) if ready else None
        processes.start("worker-b")
        watchdog = asyncio.create_task(supervisor())
        await asyncio.sleep(3)
        await asyncio.to_thread(check, "kill -9 of both workers", back, {
            "overdue_cleared_after_restart_s": round(done - back, 2) if cleared else "never",
            "after_worker_ready_s": round(max(since_ready, 0.0), 2) if since_ready is not None else "n/a"})

        # 4. Redis restarted mid-match (nothing persisted: queued tasks and channel messages are lost)
        processes.kill("redis")
        await asyncio.sleep(3)
        processes.start("redis")
        back = time.time()
        cleared = await asyncio.to_thread(wait_for, lambda: overdue_cleared(ids), 30)
        done = time.time()
        recovery = done - back
        ready = [processes.ready_at(name, back) for name in ("worker-a", "worker-b")]
        first_ready = min([r for r in ready if r] or [back])
        synced = await clients_in_sync(clients, 30)
        await asyncio.to_thread(check, "Redis restart", back, {"overdue_cleared_s": round(recovery, 2) if cleared else "never",
                                                                "after_a_worker_ready_s": round(max(done - first_ready, 0.0), 2),
                                                                "clients_synced_s": round(synced, 2) if synced is not None else "never",
                                                                "processes_restarted": ",".join(restarts) or "none"})

        # 5. the web process restarted with every socket open
        processes.kill("web")
        await asyncio.sleep(2)
        processes.start("web")
        back = time.time()
        synced = await clients_in_sync(clients, 30)
        await asyncio.to_thread(check, "web process restart", back, {"clients_synced_s": round(synced, 2) if synced is not None else "never",
                                                                 "reconnects": sum(c.reconnects for c in clients)})

        # 6. every PostgreSQL connection of the site dropped
        def drop_connections():
            import psycopg

            with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
                return conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s",
                                    [DB_NAME]).fetchone()[0]

        dropped = await asyncio.to_thread(drop_connections)
        back = time.time()
        await asyncio.sleep(CLOCK + 3)
        synced = await clients_in_sync(clients, 30)
        await asyncio.to_thread(check, "PostgreSQL connections dropped", back, {
            "dropped": dropped, "clients_synced_s": round(synced, 2) if synced is not None else "never"})

        watchdog.cancel()
        for client in clients:
            client.stopped = True
        for task in tasks:
            task.cancel()
        print("error frames (stale or refused moves):", sum(c.refused for c in clients), flush=True)
        print("CHAOS FAILED: " + ", ".join(failures) if failures else "chaos: every scenario held", flush=True)
        return 1 if failures else 0
    finally:
        processes.stop_all()


def _http_ok(url):
    import urllib.request

    try:
        urllib.request.urlopen(url, timeout=1)
        return True
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

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
PostgreSQL connections dropped; then the site as `make run` starts it
(`scripts/run.sh`, two web processes) with one web process killed under load.

Matches keep running through every fault: the pairs of socket clients pace
their moves and move on to a new match when theirs ends, and the matches left
to their clocks are topped up before each scenario. After each, the log is
audited: every expiry applied once and at its own deadline (a system action
whose time is not the deadline of the state before it would be a doubled or a
wrong one), the log rebuilding every saved state, no deadline left overdue,
every move a client saw acknowledged (its own event in a later view) in the
log exactly once, every client back at its match's version; and the scenario
itself must have had deadlines fall and moves acknowledged during its fault,
else it proved nothing and fails.

`--plant FAULT` breaks one guarantee on purpose, to show that its check fails
(`make chaos PLANT=lost-move`): lost-move (an acknowledged move's log row
deleted), doubled-expiry (an expiry applied a second time), missed-deadline
(the killed workers never come back), stale-client (a client stops taking
views), no-replacement (the dead web process is not replaced: serve_web is
killed first). Each such run must end in CHAOS FAILED naming that check.
"""
import asyncio
import collections
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

from config.web_server import web_command  # noqa: E402 - after sys.path and BIN are set

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
os.environ.update({k: ENV[k] for k in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "SWEEP_GRACE_SECONDS", "DEBUG")})
CLOCK = 2            # the matches left to their clocks: time acts on them every 2 s
CLIENT_CLOCK = 5     # the client pairs' matches: they move every MOVE_PAUSE, time acts when they are cut off
MOVE_PAUSE = (0.25, 0.6)
MATCHES = 12         # left to their clocks, topped up before each scenario
PAIRS = 4            # two socket clients each, playing one match after another
PLANTS = ("lost-move", "doubled-expiry", "missed-deadline", "stale-client", "no-replacement")
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
        self.started_at = getattr(self, "started_at", {})
        self.started_at[name] = time.time()
        with open(LOGS / f"{name}.log", "a") as log:  # the process keeps its own copy of the file
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


def _session_key(user):
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
                    HASH_SESSION_KEY: user.get_session_auth_hash()})
    session.create()
    return session.session_key


_made = iter(range(10**6))


def create_match(clock):
    """A two-person treasure-cave match on a ``clock``-second turn clock (0: none): (match id, [session keys])."""
    from django.contrib.auth import get_user_model
    from django.db import close_old_connections

    from lobby.options import engine_options
    from matches import registry, services

    close_old_connections()
    spec = registry.get_game("alibaba_tiles")
    options = engine_options("alibaba_tiles", dict(registry.default_table_options(spec), clock=clock))
    n = next(_made)
    users = [get_user_model().objects.create_user(f"chaos{n}_{s}", password=None) for s in range(2)]
    # abandon_grace: nobody ever connects to the matches left to their clocks; no computer player takes them over
    match = services.create_match("alibaba_tiles", [services.SeatSpec(user=u) for u in users], options, seed=n,
                                  abandon_grace=86400)
    return match.pk, [_session_key(u) for u in users]


def running(match_ids):
    from django.db import close_old_connections

    from matches.models import Match

    close_old_connections()
    return set(Match.objects.filter(pk__in=match_ids, status=Match.Status.RUNNING).values_list("pk", flat=True))


def top_up(idle_ids):
    """Creates matches left to their clocks until MATCHES of them are running."""
    for _ in range(MATCHES - len(running(idle_ids))):
        idle_ids.append(create_match(CLOCK)[0])


def audit(match_ids, since):
    """Expiries checked against the engine: (expiries after ``since``, doubled or misplaced, overdue now,
    matches whose log does not rebuild their saved state, lateness list after ``since``)."""
    from django.db import close_old_connections

    from matches.models import ActionLog, Match
    from matches.registry import get_game

    close_old_connections()
    expiries = wrong = overdue = broken = 0
    lateness = []
    now = time.time()
    for match in Match.objects.filter(pk__in=match_ids):
        engine = get_game(match.game).engine
        state = engine.new_game(match.players, match.options, match.seed, match.options["started_at"])
        # the match row was read first: its log up to its version is complete (one transaction wrote both)
        for entry in ActionLog.objects.filter(match=match, seq__lt=match.version).order_by("seq"):
            if entry.seat is None:
                due = engine.deadline(state)
                if due is None or abs(due[0] - entry.server_time) > 1e-6 or due[1] != entry.action:
                    wrong += 1
                if entry.server_time >= since:
                    expiries += 1
                    lateness.append(entry.created_at.timestamp() - entry.server_time)
            try:
                state, _events = engine.apply(state, entry.seat, entry.action, entry.server_time)
            except Exception:  # noqa: BLE001 - a log the engine refuses is a broken log, counted below
                state = None
                break
        broken += state != match.state
        if match.status == Match.Status.RUNNING and match.next_deadline and match.next_deadline.timestamp() < now - 2:
            overdue += 1
    return expiries, wrong, overdue, broken, lateness


class Pair:
    """Two socket clients playing one match after another: a new match when theirs ends."""

    def __init__(self, runner):
        self.runner = runner
        self.match_id = None
        self.keys = []
        self.lock = asyncio.Lock()
        self.clients = [Client(self, seat) for seat in range(2)]

    async def next_match(self, finished):
        async with self.lock:
            if self.match_id == finished:
                self.match_id, self.keys = await asyncio.to_thread(create_match, CLIENT_CLOCK)
                self.runner.all_ids.append(self.match_id)
        return self.match_id, self.keys


class Client:
    """One seat's socket: plays a legal move whenever it may (after a short pause), reconnects and
    resyncs by version after a cut, and records which of its moves the server acknowledged."""

    def __init__(self, pair, seat):
        self.pair = pair
        self.seat = seat
        self.match_id = None
        self.frame = None
        self.sent = 0
        self.pending = None     # (match, version, action) sent, not yet answered
        self.last_sent = (0, -1)
        self.trace = collections.deque(maxlen=4000) if os.environ.get("CHAOS_DEBUG") else collections.deque(maxlen=0)
        self.acked = []         # (match, version sent on, action, version it reached, seen at): acknowledged
        self.refused = 0        # error frames received (a stale or refused move changes nothing)
        self.reconnects = []    # when a connection was lost
        self.cut_ports = []     # the local port of each connection lost
        self.cuts = []          # why
        self.stopped = False
        self.deaf = False       # planted fault: stops taking views
        self.local_port = None
        self.ws = None

    def _answered(self, frame):
        """The first view past the version our move was sent on settles it. Frames come in order, one per
        change, so our move, if applied on that version, is in it: an event of ours at the next version
        that time did not make (no ``timed_out`` there). The log's row at the version we sent on must
        then be our move. Any other first view: refused, stale or cut in transit. (Not any later event
        of ours: a timed-out turn's rest is played on defaults in the seat's name, in the same change.)"""
        match, version, action = self.pending
        if frame["match"] != match:
            self.pending = None
            return
        if frame["version"] <= version:
            return
        self.pending = None
        events = frame.get("events", [])
        timed_out = {e.get("version") for e in events if e.get("code") == "timed_out"}
        for e in events:
            if e.get("version") == version + 1 and e.get("seat") == self.seat and e["version"] not in timed_out:
                self.acked.append((match, version, action, e["version"], time.time()))
                return

    async def _maybe_move(self, ws, rng):
        frame = self.frame
        if self.pending or self.stopped or self.deaf or not frame or frame["status"] != "running" or not frame["legal"]:
            return
        if (self.match_id, frame["version"]) <= self.last_sent:
            return  # one move per version: a refusal does not say which move it refuses
        await asyncio.sleep(rng.uniform(*MOVE_PAUSE))
        if self.frame is not frame or self.pending:
            return  # a newer view came meanwhile (time acted): it decides
        action = rng.choice(frame["legal"])
        self.trace.append((round(time.time(), 2), "send", self.match_id, frame["version"], action["type"]))
        self.pending = (self.match_id, frame["version"], action)
        self.last_sent = (self.match_id, frame["version"])
        self.sent += 1
        await ws.send(json.dumps({"type": "action", "version": frame["version"], "action": action}))

    async def run(self):
        import random

        import websockets

        rng = random.Random(self.pair.runner.seed * 10 + self.seat)
        while not self.stopped:
            if self.match_id is None or (self.frame and self.frame["status"] != "running"):
                self.match_id, keys = await self.pair.next_match(self.match_id)
                self.frame, self.pending = None, None
                key = keys[self.seat]
            port = self.pair.runner.port
            headers = {"Cookie": f"sessionid={key}", "Origin": f"http://127.0.0.1:{port}"}
            try:
                async with websockets.connect(f"ws://127.0.0.1:{port}/ws/match/{self.match_id}/", additional_headers=headers,
                                              open_timeout=10) as ws:
                    self.ws = ws
                    self.local_port = ws.transport.get_extra_info("sockname")[1]
                    await ws.send(json.dumps({"type": "hello", "version": self.frame["version"] if self.frame else None}))
                    async for raw in ws:
                        frame = json.loads(raw)
                        self.trace.append((round(time.time(), 2), "recv", frame.get("type"), frame.get("match"), frame.get("version"),
                                           [(e.get("version"), e.get("code"), e.get("seat")) for e in frame.get("events", [])][-4:]))
                        if self.deaf:
                            continue
                        if frame.get("type") == "error":
                            # not which move it refuses: the next view past its version settles it
                            self.refused += 1
                        elif frame.get("type") == "view" and not (self.frame and frame["version"] < self.frame["version"]):
                            self.frame = frame
                            if self.pending:
                                self._answered(frame)
                            if frame["status"] != "running":
                                break
                        await self._maybe_move(ws, rng)
            except (TimeoutError, OSError, Exception) as exc:  # noqa: BLE001 - a cut connection of any kind
                if self.stopped:
                    return
                self.reconnects.append(time.time())
                self.cut_ports.append(self.local_port)
                self.cuts.append(repr(exc)[:200])
                self.trace.append((round(time.time(), 2), "cut", repr(exc)[:100]))
                await asyncio.sleep(0.2)
            finally:
                self.ws = None


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


def acknowledged_in_log(clients, since=0.0):
    """(acknowledged since ``since``, found once, lost): every move a client saw acknowledged is in the log
    exactly once, at the version it was sent on, with its seat and action."""
    from django.db import close_old_connections

    from matches.models import ActionLog

    close_old_connections()
    acked = found = lost = 0
    for client in clients:
        for match, _sent_on, action, reached, seen in client.acked:
            rows = ActionLog.objects.filter(match_id=match, seq=reached - 1, seat=client.seat, action=action).count()
            found += rows == 1
            lost += rows != 1
            if rows != 1 and os.environ.get("CHAOS_DEBUG"):
                print("trace:", list(client.trace)[-40:])
                around = ActionLog.objects.filter(match_id=match, seq__gte=_sent_on - 1, seq__lte=reached)
                print("lost?", match, client.seat, _sent_on, reached, action,
                      list(around.values_list("seq", "seat", "action", "events")))
            acked += seen >= since
    return acked, found, lost


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
        return {}
    ordered = sorted(values)
    return {"late_p50_ms": round(1000 * statistics.median(ordered)), "late_max_ms": round(1000 * ordered[-1])}


def plant_lost_move(clients):
    """Deletes the log row of the last move a client saw acknowledged (what a lost commit would look like)."""
    from matches.models import ActionLog

    client = next(c for c in clients if c.acked)
    match, _sent_on, _action, reached, _seen = client.acked[-1]
    ActionLog.objects.filter(match_id=match, seq=reached - 1).delete()
    return match


def plant_doubled_expiry(match_ids):
    """Applies a match's last expiry a second time, as a second timer that ignored the version would."""
    from django.db import transaction

    from matches.models import ActionLog, Match

    with transaction.atomic():
        entry = ActionLog.objects.filter(match_id__in=match_ids, seat=None).select_related("match").order_by("-id").first()
        match = Match.objects.select_for_update().get(pk=entry.match_id)
        ActionLog.objects.create(match=match, seq=match.version, seat=None, action=entry.action, server_time=entry.server_time)
        Match.objects.filter(pk=match.pk).update(version=match.version + 1)
    return match.pk


def web_pid_of(local_port, web_pids):
    """The web process holding the server end of the client socket on ``local_port`` (ss -tnp)."""
    out = subprocess.run(["ss", "-tnpH", "state", "established", f"( dport = :{local_port} )"], capture_output=True, text=True).stdout
    for pid in web_pids:
        if f"pid={pid}," in out:
            return pid
    return None


def descendants(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    children = [int(p) for p in out.split()]
    return children + [d for c in children for d in descendants(c)]


class Runner:
    def __init__(self, plant):
        self.plant = plant
        self.port = free_port()
        self.seed = 7
        self.all_ids = []
        self.idle_ids = []
        self.failures = []

    def check(self, name, since, clients, extra=None, must_have_expiries=True):
        """Audits the log since ``since`` (the fault's start) and records a failure by name."""
        expiries, wrong, overdue, broken, lateness = audit(self.all_ids, since)
        acked, found, lost = acknowledged_in_log(clients, since)
        figures = {"expiries": expiries, "doubled_or_misplaced": wrong, "overdue": overdue, "log_breaks_state": broken,
                   "acked": acked, "acked_in_log": found, "acked_lost": lost, **lateness_figures(lateness), **(extra or {})}
        report(name, figures)
        failed = [label for label, bad in (("doubled or misplaced expiry", wrong), ("overdue deadline", overdue),
                                           ("log does not rebuild state", broken), ("acknowledged move not in the log", lost),
                                           ("no deadline fell during the fault", must_have_expiries and not expiries),
                                           ("no move acknowledged during the fault", not acked)) if bad]
        failed += [f"{k} never" for k, v in (extra or {}).items() if v == "never"]
        if failed:
            self.failures.append(f"{name}: {', '.join(failed)}")


async def same_action_on_two_sockets(runner, match_id, keys):
    """The same action sent on two sockets of one seat at once is applied once."""
    for seat_key in keys:
        twice = await same_action_twice(runner.port, match_id, seat_key)
        if twice is not None:
            break
    report("same action on two sockets", {"applied": twice})
    if twice != 1:
        runner.failures.append(f"same action on two sockets: applied {twice} times")


async def both_workers_killed(runner, processes, clients):
    """kill -9 of both workers with expiries pending; one comes back after 4 s, the overdue ones are cleared."""
    since = time.time()
    processes.kill("worker-a")
    processes.kill("worker-b")
    await asyncio.sleep(4)
    back = time.time()
    if runner.plant == "missed-deadline":
        print("planted: the killed workers are not restarted")
        await asyncio.sleep(6)
        await asyncio.to_thread(runner.check, "kill -9 of both workers", since, clients)
        processes.start("worker-a")
        processes.start("worker-b")
        return
    processes.start("worker-a")
    cleared = await asyncio.to_thread(wait_for, lambda: overdue_cleared(runner.all_ids), 30)
    done = time.time()
    ready = await asyncio.to_thread(wait_for, lambda: processes.ready_at("worker-a", back) is not None, 30)
    since_ready = done - processes.ready_at("worker-a", back) if ready else None
    processes.start("worker-b")
    await asyncio.sleep(3)
    await asyncio.to_thread(runner.check, "kill -9 of both workers", since, clients, {
        "overdue_cleared_after_restart_s": round(done - back, 2) if cleared else "never",
        "after_worker_ready_s": round(max(since_ready, 0.0), 2) if since_ready is not None else "n/a"})


async def main(plant=None):
    runner = Runner(plant)
    processes = Processes(runner.port)
    tasks = []
    pairs = [Pair(runner) for _ in range(PAIRS)]
    clients = [c for p in pairs for c in p.clients]
    check = runner.check
    try:
        processes.start("redis")
        time.sleep(0.5)
        await asyncio.to_thread(prepare_database)
        for name in ("web", "worker-a", "worker-b", "beat"):
            processes.start(name)
        assert wait_for(lambda: _http_ok(f"http://127.0.0.1:{runner.port}/"), 90), "the web process did not start"
        restarts = []

        async def supervisor():
            while True:
                restarts.extend(processes.supervise())
                await asyncio.sleep(0.5)

        watchdog = asyncio.create_task(supervisor())
        untimed = await asyncio.to_thread(create_match, 0)  # the two-sockets race must not meet an expiry
        await asyncio.to_thread(top_up, runner.idle_ids)
        runner.all_ids.extend(runner.idle_ids)
        tasks = [asyncio.create_task(c.run()) for c in clients]

        # 1. the same action on two sockets at once (a seat with two tabs)
        await same_action_on_two_sockets(runner, *untimed)

        # 2. two workers and beat race every expiry for a while
        since = time.time()
        await asyncio.sleep(12)
        if plant == "lost-move":
            print(f"planted: an acknowledged move of match {await asyncio.to_thread(plant_lost_move, clients)} deleted from its log")
        if plant == "doubled-expiry":
            print(f"planted: an expiry of match {await asyncio.to_thread(plant_doubled_expiry, runner.idle_ids)} applied twice")
        if plant == "stale-client":
            clients[0].deaf = True
            print("planted: one client stops taking views")
        await asyncio.to_thread(check, "two workers + beat, 12 s", since, clients)

        async def new_idle():
            before = len(runner.idle_ids)
            await asyncio.to_thread(top_up, runner.idle_ids)
            runner.all_ids.extend(runner.idle_ids[before:])

        # 3. kill -9 both workers with expiries pending; one comes back after 4 s
        await new_idle()
        watchdog.cancel()
        await both_workers_killed(runner, processes, clients)
        watchdog = asyncio.create_task(supervisor())

        # 4. Redis restarted mid-match (nothing persisted: queued tasks and channel messages are lost)
        await new_idle()
        since = time.time()
        processes.kill("redis")
        await asyncio.sleep(3)
        processes.start("redis")
        back = time.time()
        cleared = await asyncio.to_thread(wait_for, lambda: overdue_cleared(runner.all_ids), 30)
        done = time.time()
        recovery = done - back
        ready = [processes.ready_at(name, back) for name in ("worker-a", "worker-b")]
        first_ready = min([r for r in ready if r] or [back])
        await asyncio.sleep(2)
        synced = await clients_in_sync(clients, 30)
        await asyncio.to_thread(check, "Redis restart", since, clients, {
            "overdue_cleared_s": round(recovery, 2) if cleared else "never",
            "after_a_worker_ready_s": round(max(done - first_ready, 0.0), 2),
            "clients_synced_s": round(synced, 2) if synced is not None else "never",
            "processes_restarted": ",".join(restarts) or "none"})

        # 5. the web process restarted with every socket open
        await new_idle()
        since = time.time()
        processes.kill("web")
        await asyncio.sleep(2)
        processes.start("web")
        await asyncio.sleep(3)
        synced = await clients_in_sync(clients, 30)
        await asyncio.to_thread(check, "web process restart", since, clients, {
            "clients_synced_s": round(synced, 2) if synced is not None else "never",
            "reconnects": sum(1 for c in clients for t in c.reconnects if t >= since)})

        # 6. every PostgreSQL connection of the site dropped
        def drop_connections():
            import psycopg

            with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
                return conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s"
                                    " AND pid <> pg_backend_pid()", [DB_NAME]).fetchone()[0]

        await new_idle()
        since = time.time()
        dropped = await asyncio.to_thread(drop_connections)
        await asyncio.sleep(CLOCK + 3)
        synced = await clients_in_sync(clients, 30)
        await asyncio.to_thread(check, "PostgreSQL connections dropped", since, clients, {
            "dropped": dropped, "clients_synced_s": round(synced, 2) if synced is not None else "never"})

        # 7. the site as `make run` starts it (scripts/run.sh, two web processes); one web process killed under load
        watchdog.cancel()
        for name in ("web", "worker-a", "worker-b", "beat"):
            processes.kill(name, signal.SIGTERM)
        await killed_web_under_load(runner, clients, new_idle)

        for client in clients:
            client.stopped = True
        for task in tasks:
            task.cancel()
        print("error frames (stale or refused moves):", sum(c.refused for c in clients), flush=True)
        print("moves sent:", sum(c.sent for c in clients), "acknowledged:", sum(len(c.acked) for c in clients), flush=True)
        for failure in runner.failures:
            print("CHAOS FAILED: " + failure, flush=True)
        if not runner.failures:
            print("chaos: every scenario held", flush=True)
        return 1 if runner.failures else 0
    finally:
        for task in tasks:
            task.cancel()
        processes.stop_all()


async def killed_web_under_load(runner, clients, new_idle):
    """scripts/run.sh with two web processes; kill -9 of the one holding more client sockets. The port
    keeps answering, the dead process is replaced, sockets on the other stay open, those of the dead
    one reconnect and resync, nothing acknowledged is lost and every deadline falls once."""
    port = runner.port = free_port()
    with open(LOGS / "run-sh.log", "a") as log:  # the site keeps its own copy of the file
        site = subprocess.Popen(
            ["bash", "scripts/run.sh"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env=dict(ENV, PORT=str(port), WEB_PROCESSES="2", BEAT_SCHEDULE=str(LOGS / "run-sh-beat-schedule")))
    try:
        ok = await asyncio.to_thread(wait_for, lambda: _http_ok(f"http://127.0.0.1:{port}/"), 60)
        assert ok, "scripts/run.sh did not serve"
        serve_web = await asyncio.to_thread(lambda: next(p for p in descendants(site.pid) if "serve_web" in _cmdline(p)))
        await asyncio.to_thread(wait_for, lambda: len(descendants(serve_web)) == 2, 30)
        web = descendants(serve_web)
        await new_idle()
        await asyncio.sleep(4)  # every client back on this site and moving
        holders = {c: (web_pid_of(c.local_port, web), c.local_port) for c in clients if c.local_port and c.ws}
        victim = max(web, key=lambda pid: sum(1 for h in holders.values() if h == pid))
        on_victim = [c for c, (h, _p) in holders.items() if h == victim]
        on_survivor = [(c, p) for c, (h, p) in holders.items() if h is not None and h != victim]
        since = time.time()
        if runner.plant == "no-replacement":
            os.kill(serve_web, signal.SIGKILL)
            print("planted: serve_web killed before the web process: nothing replaces it")
        os.kill(victim, signal.SIGKILL)
        # A request the kernel queued for the dead process waits for its replacement (scripts/serve_web.py):
        # late, never refused; how late is printed.
        refused, waits = 0, []
        probe_end = time.time() + 5
        while time.time() < probe_end:
            asked = time.time()
            refused += not await asyncio.to_thread(_http_ok, f"http://127.0.0.1:{port}/", 30)
            waits.append(time.time() - asked)
            await asyncio.sleep(0.1)
        replaced = await asyncio.to_thread(
            wait_for, lambda: f"started in place of {victim}" in (LOGS / "run-sh.log").read_text(errors="replace"), 20)
        await asyncio.sleep(CLOCK + 2)
        synced = await clients_in_sync(clients, 30)
        back = [max(t for t in c.reconnects if t >= since) - since for c in on_victim if any(t >= since for t in c.reconnects)]
        dropped_survivors = sum(1 for c, p in on_survivor if p in c.cut_ports)
        for c, p in on_survivor:
            if p in c.cut_ports:
                print(f"a socket on the surviving process dropped: {c.cuts[c.cut_ports.index(p)]}", flush=True)
        extra = {"web": f"{len(on_victim)} sockets on the killed, {len(on_survivor)} on the other",
                 "http_refused": refused, "http_slowest_s": round(max(waits), 2), "replaced": "yes" if replaced else "never",
                 "survivor_sockets_dropped": dropped_survivors,
                 "victim_sockets_reconnected": f"{len(back)}/{len(on_victim)}",
                 "clients_synced_s": round(synced, 2) if synced is not None else "never"}
        await asyncio.to_thread(runner.check, "web process killed under load (run.sh)", since, clients, extra)
        if refused:
            runner.failures.append(f"web process killed under load: {refused} HTTP requests refused")
        if dropped_survivors:
            runner.failures.append(f"web process killed under load: {dropped_survivors} sockets on the surviving process dropped")
        if not on_victim or len(back) < len(on_victim):
            runner.failures.append("web process killed under load: the killed process's sockets did not all reconnect")
    finally:
        os.killpg(site.pid, signal.SIGINT)
        try:
            site.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(site.pid, signal.SIGKILL)


def _cmdline(pid):
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def _http_ok(url, timeout=1):
    import urllib.request

    try:
        urllib.request.urlopen(url, timeout=timeout)
        return True
    except OSError:
        return False


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plant", choices=PLANTS, default=os.environ.get("PLANT") or None,
                        help="break one guarantee on purpose: the run must then fail")
    sys.exit(asyncio.run(main(parser.parse_args().plant)))

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
audited against bounds stated once (tests/chaos/accounting.py, with why): every
expiry applied once and at its own deadline (a system action whose time is not
the deadline of the state before it would be a doubled or a wrong one), the log
rebuilding every saved state, the lateness of every deadline that fell (each
expiry judged once, each deadline still waiting judged so far) within the
scenario's bound, every move a client sent matched with the log (in it exactly
once if applied, the client told of it by an acknowledgement or a resync; no
row of a seat's decision that no client sent or that repeats one), every
client back at its match's version within the sync bound, HTTP requests during
the web kill answered within theirs; and the scenario itself must have had
deadlines fall and moves acknowledged during its fault, else it proved nothing
and fails.

`--plant FAULT` breaks one guarantee on purpose, to show that its check fails
(`make chaos PLANT=lost-move`): lost-move (an acknowledged move's log row
deleted), doubled-expiry (an expiry applied a second time), missed-deadline
(the killed workers stay away past their bound), stale-client (a client stops
taking views), no-replacement (the dead web process is not replaced: serve_web
is killed first), slow-expiry (both workers stopped for 3.5 s while the timers
should run), doubled-move (an acknowledged move logged a second time),
unacked-move (a client drops the acknowledgement of its applied move and asks
no resync), slow-http (serve_web and the surviving web process stopped past
the HTTP bound when one is killed). Each such run must end in CHAOS FAILED
naming that check.
"""
import asyncio
import collections
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

from config.web_server import web_command  # noqa: E402 - after sys.path and BIN are set
from tests.chaos import accounting as acc  # noqa: E402 - pure: the accounting and the bounds, stated once there

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
PLANTS = ("lost-move", "doubled-expiry", "missed-deadline", "stale-client", "no-replacement",
          "slow-expiry", "doubled-move", "unacked-move", "slow-http")
LOGS = ROOT / "test-artifacts" / "chaos"
WORKERS_DOWN_S = 4   # both workers killed this long (their deadlines' bound: acc.timers_down)
REDIS_DOWN_S = 3     # Redis away this long


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
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            # a Celery worker's warm shutdown waits for its task (one run's worker-b, after the PostgreSQL
            # connections were dropped, was still waiting at 20 s): the stop must not end the run
            print(f"{name} did not stop on signal {sig} within 20 s: killed", flush=True)
            process.kill()
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


def audit(match_ids, since, judged):
    """Expiries checked against the engine: (expiries after ``since``, doubled or misplaced, matches whose
    log does not rebuild their saved state, the lateness of deadlines that fell: each applied expiry's that
    no audit judged before (their row ids in ``judged``, added to here), and each deadline of a running
    match still waiting, late by now so far)."""
    from django.db import close_old_connections

    from matches.models import ActionLog, Match
    from matches.registry import get_game

    close_old_connections()
    expiries = wrong = broken = 0
    applied, waiting = [], []
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
                expiries += entry.server_time >= since
                if entry.id not in judged:
                    judged.add(entry.id)
                    applied.append((entry.server_time, entry.created_at.timestamp()))
            try:
                state, _events = engine.apply(state, entry.seat, entry.action, entry.server_time)
            except Exception:  # noqa: BLE001 - a log the engine refuses is a broken log, counted below
                state = None
                break
        broken += state != match.state
        if match.status == Match.Status.RUNNING and match.next_deadline:
            waiting.append(match.next_deadline.timestamp())
    return expiries, wrong, broken, acc.fallen_lateness(applied, waiting, now)


class Pair:
    """Two socket clients playing one match after another: a new match when theirs ends."""

    numbers = iter(range(10**6))

    def __init__(self, runner):
        self.runner = runner
        self.number = next(Pair.numbers)
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
    resyncs by version after a cut or a missed frame (a change's ``after`` past the version it holds:
    it asks for a full frame with ``sync``, as the page does), and records every move it sent with what
    it learnt of it (tests/chaos/accounting.py: acknowledged, shown by a resync, not applied)."""

    def __init__(self, pair, seat):
        self.pair = pair
        self.seat = seat
        self.name = f"pair{pair.number}-seat{seat}"
        self.match_id = None
        self.frame = None
        self.moves = []         # acc.SentMove, every move sent
        self.pending = None     # the SentMove sent and not answered yet
        self.last_sent = (0, -1)
        self.trace = collections.deque(maxlen=4000) if os.environ.get("CHAOS_DEBUG") else collections.deque(maxlen=0)
        self.refused = 0        # error frames received (a stale or refused move changes nothing)
        self.resyncs = 0        # sync asked after a missed frame
        self.reconnects = []    # when a connection was lost
        self.cut_ports = []     # the local port of each connection lost
        self.cuts = []          # why
        self.stopped = False
        self.deaf = False       # planted fault (stale-client): stops taking views
        self.go_deaf = False    # ... from its next view on with no move of its own waiting for an answer
        self.drop_an_ack = False  # planted fault (unacked-move): drops one acknowledgement, asks no resync
        self.skip_gap_check = False
        self.sync_asked_at = 0.0
        self.connected_at = 0.0
        self.local_port = None
        self.ws = None

    def _settle(self, frame):
        """Records what ``frame`` says of the move waiting for an answer, if anything."""
        move = self.pending
        answer = acc.answer_from_frame(move, frame, self.seat, reconnected=self.connected_at > move.sent_at)
        if answer is not None:
            move.answer, move.reached = answer
            move.answered_at = time.time()
            self.pending = None
            if frame["version"] == move.version:
                # lost with its connection: the seat decides again on the same version, as a person would
                self.last_sent = (move.match, move.version - 1)

    def _take(self, frame):
        """Whether to take a view: False for an older one and for one that follows a frame we missed
        (then a full frame is asked for: ``sync``)."""
        if self.frame and frame["match"] == self.frame["match"]:
            if frame["version"] < self.frame["version"]:
                return False
            if "after" in frame and frame["after"] > self.frame["version"] and not self.skip_gap_check:
                return False
        self.skip_gap_check = False
        return True

    async def _receive(self, ws, frame):
        """Takes one frame: None when it changes nothing for us, False when the match is over, else True."""
        if self.go_deaf and not self.pending:
            self.deaf = True
        if self.deaf:
            return None
        if frame.get("type") == "error":
            # not which move it refuses: the next view past its version settles it
            self.refused += 1
        elif frame.get("type") == "view" and self.drop_an_ack and self.pending and frame["status"] == "running" \
                and (acc.answer_from_frame(self.pending, frame, self.seat) or (None,))[0] == acc.ACKNOWLEDGED:
            # planted: the acknowledgement is lost and the gap after it goes unnoticed
            self.drop_an_ack, self.skip_gap_check = False, True
            print(f"planted: the acknowledgement of a move of match {self.match_id} dropped by {self.name}", flush=True)
            return None
        elif frame.get("type") == "view" and not self._take(frame):
            if frame["version"] >= self.frame["version"] and time.time() - self.sync_asked_at > 3:
                # asked again after 3 s should no full frame come, as the page does
                self.resyncs += 1
                self.sync_asked_at = time.time()
                await ws.send(json.dumps({"type": "sync"}))
            return None
        elif frame.get("type") == "view":
            self.frame = frame
            if "after" not in frame:
                self.sync_asked_at = 0.0
            if self.pending:
                self._settle(frame)
            if frame["status"] != "running" and self.pending and time.time() - self.sync_asked_at > 3:
                # its last frame said nothing of our move (the ratings' frame came first): the full frame does
                self.sync_asked_at = time.time()
                await ws.send(json.dumps({"type": "sync"}))
            elif frame["status"] != "running" and not self.pending:
                return False
        return True

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
        self.pending = acc.SentMove(self.name, self.match_id, self.seat, frame["version"], action, time.time())
        self.moves.append(self.pending)
        self.last_sent = (self.match_id, frame["version"])
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
                    self.connected_at = time.time()
                    self.local_port = ws.transport.get_extra_info("sockname")[1]
                    await ws.send(json.dumps({"type": "hello", "version": self.frame["version"] if self.frame else None}))
                    async for raw in ws:
                        frame = json.loads(raw)
                        self.trace.append((round(time.time(), 2), "recv", frame.get("type"), frame.get("match"), frame.get("version"),
                                           [(e.get("version"), e.get("code"), e.get("seat")) for e in frame.get("events", [])][-4:]))
                        taken = await self._receive(ws, frame)
                        if taken is None:
                            continue
                        if not taken:
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


async def clients_in_sync(clients, fault_ended):
    """Seconds from ``fault_ended`` until every client has seen its match's current version; None when
    they are not by twice acc.SYNC_S after it (so a late sync is measured, and failed, rather than cut)."""
    while time.time() - fault_ended < 2 * acc.SYNC_S:
        versions = await asyncio.to_thread(match_versions, [c.match_id for c in clients])
        if all(c.frame and c.frame["version"] == versions[c.match_id] for c in clients):
            return max(time.time() - fault_ended, 0.0)
        await asyncio.sleep(0.1)
    return None


def client_log_rows(clients):
    """Every log row of the clients' matches (acc.LogRow): theirs alone (nobody else sits there, no computer
    player stands in: abandon_grace), so every row a seat's decision made is a client's move."""
    from django.db import close_old_connections

    from matches.models import ActionLog

    close_old_connections()
    matches = {m.match for c in clients for m in c.moves} | {c.match_id for c in clients if c.match_id}
    rows = ActionLog.objects.filter(match_id__in=matches).values_list("id", "match_id", "seq", "seat", "action", "server_time")
    return [acc.LogRow(*row) for row in rows]


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


def plant_lost_move(clients):
    """Deletes the log row of the last move a client saw acknowledged (what a lost commit would look like)."""
    from matches.models import ActionLog

    move = [m for c in clients for m in c.moves if m.answer == acc.ACKNOWLEDGED][-1]
    ActionLog.objects.filter(match_id=move.match, seq=move.reached - 1).delete()
    return move.match


def plant_doubled_move(clients):
    """Writes an acknowledged move's log row a second time, at the end of its match's log, as a second apply
    that ignored the version would. The match is one that finished (nothing is logged after it, so the row
    stays where it is put) and its saved state is left alone: only the accounting of moves can see it."""
    from django.db import connection

    from matches.models import ActionLog, Match

    connection.close()  # this thread's connection may be one the scenario just terminated
    finished = set(Match.objects.filter(pk__in={m.match for c in clients for m in c.moves}, status=Match.Status.FINISHED)
                   .values_list("pk", flat=True))
    move = next((m for c in clients for m in reversed(c.moves) if m.answer == acc.ACKNOWLEDGED and m.match in finished), None)
    if move is None:
        return None  # no client match finished yet: asked again
    row = ActionLog.objects.get(match_id=move.match, seq=move.reached - 1)
    match = Match.objects.get(pk=move.match)
    ActionLog.objects.create(match=match, seq=match.version, seat=row.seat, action=row.action, server_time=row.server_time,
                             events=row.events)
    return move.match


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
        self.reported = set()
        self.judged_expiries = set()   # log row ids of the expiries whose lateness a check judged
        self.healthy_lateness = []     # of every deadline judged while the timers ran: the run's p99

    def check(self, name, since, clients, bound, extra=None, waits=(), must_have_expiries=True):
        """Audits the log since ``since`` (the fault's start) and records a failure by name: the expiries
        against the engine, every deadline that fell against ``bound`` (acc.LatenessBound), every move the
        clients sent against the log (each failure reported once, in the first scenario that sees it), and
        ``waits``: (figure's name, seconds or None, bound, check name) each."""
        expiries, wrong, broken, lateness = audit(self.all_ids, since, self.judged_expiries)
        accounting = acc.account_moves([m for c in clients for m in c.moves], client_log_rows(clients), time.time())
        late_figures, failed = acc.lateness_verdict(lateness, bound)
        if bound == acc.HEALTHY:
            self.healthy_lateness += lateness
        answered = [m for m in accounting.acknowledged + accounting.resynced if m.answered_at >= since]
        new = {label: [x for x in items if self._first_report(label, x)]
               for label, items in ((acc.LOST, accounting.lost), (acc.DOUBLED, accounting.doubled),
                                    (acc.UNSENT, accounting.unsent), (acc.UNACKNOWLEDGED, accounting.unacknowledged))}
        figures = {"expiries": expiries, "doubled_or_misplaced": wrong, "log_breaks_state": broken, **late_figures,
                   "acked": sum(m.answer == acc.ACKNOWLEDGED for m in answered),
                   "resynced": sum(m.answer == acc.RESYNCED for m in answered),
                   "sent_total": sum(len(c.moves) for c in clients), "in_log_once": len(accounting.acknowledged) + len(accounting.resynced),
                   "refused": len(accounting.refused), "in_flight": len(accounting.in_flight),
                   "lost_in_transit": len(accounting.unanswered),
                   "acked_lost": len(accounting.lost), "applied_twice": len(accounting.doubled), "unsent": len(accounting.unsent),
                   "applied_unacked": len(accounting.unacknowledged), **(extra or {})}
        for figure, seconds, limit, _check in waits:
            figures[figure] = f"{round(seconds, 2)}/{limit}" if seconds is not None else f"never/{limit}"
        report(name, figures)
        traces = {c.name: c.trace for c in clients}
        for label, items in new.items():
            for item in items:
                print(f"  {label}: {item}", flush=True)
                if isinstance(item, acc.SentMove) and traces[item.client]:  # CHAOS_DEBUG=1 keeps each client's frames
                    print("  its client's last frames:", list(traces[item.client])[-40:], flush=True)
        failed += [label for label, bad in (("doubled or misplaced expiry", wrong), ("log does not rebuild state", broken),
                                            ("no deadline fell during the fault", must_have_expiries and not expiries),
                                            ("no move acknowledged during the fault", not answered)) if bad]
        failed += [label for label, items in new.items() if items]
        failed += [check for _figure, seconds, limit, check in waits if acc.wait_verdict(seconds, limit, check)]
        failed += [f"{k} never" for k, v in (extra or {}).items() if v == "never"]
        if failed:
            self.failures.append(f"{name}: {', '.join(failed)}")

    def conclude(self):
        """The run's own checks, then its verdict: the exit status."""
        # One scenario has too few deadlines for a p99 (acc.P99_FROM): the run's, while the timers ran, has enough.
        figures, failed = acc.lateness_verdict(self.healthy_lateness, acc.HEALTHY)
        report("every deadline while the timers ran", {"deadlines": len(self.healthy_lateness), **figures})
        if failed:
            self.failures.append(f"every deadline while the timers ran: {', '.join(failed)}")
        for failure in self.failures:
            print("CHAOS FAILED: " + failure, flush=True)
        if not self.failures:
            print("chaos: every scenario held", flush=True)
        return 1 if self.failures else 0

    def _first_report(self, label, item):
        key = (label, item.id) if isinstance(item, acc.LogRow) else (label, item.client, item.match, item.version)
        if key in self.reported:
            return False
        self.reported.add(key)
        return True


async def same_action_on_two_sockets(runner, match_id, keys):
    """The same action sent on two sockets of one seat at once is applied once."""
    for seat_key in keys:
        twice = await same_action_twice(runner.port, match_id, seat_key)
        if twice is not None:
            break
    report("same action on two sockets", {"applied": twice})
    if twice != 1:
        runner.failures.append(f"same action on two sockets: applied {twice} times")


async def racing_timers(runner, processes, clients):
    """Two workers and beat race every expiry for 12 s; the plants of the log, a client and the clock's
    workers that this first audit is to see."""
    plant = runner.plant
    since = time.time()
    if plant == "unacked-move":
        clients[0].drop_an_ack = True
    if plant == "slow-expiry":
        await asyncio.sleep(4)
        stalled = acc.HEALTHY_LATENESS_MAX_S + 1
        print(f"planted: both workers stopped (SIGSTOP) for {stalled} s", flush=True)
        for name in ("worker-a", "worker-b"):
            processes.running[name].send_signal(signal.SIGSTOP)
        await asyncio.sleep(stalled)
        for name in ("worker-a", "worker-b"):
            processes.running[name].send_signal(signal.SIGCONT)
        await asyncio.sleep(12 - 4 - stalled)
    else:
        await asyncio.sleep(12)
    if plant == "lost-move":
        print(f"planted: an acknowledged move of match {await asyncio.to_thread(plant_lost_move, clients)} deleted from its log")
    if plant == "doubled-expiry":
        print(f"planted: an expiry of match {await asyncio.to_thread(plant_doubled_expiry, runner.idle_ids)} applied twice")
    if plant == "stale-client":
        clients[0].go_deaf = True
        print("planted: one client stops taking views")
    await asyncio.to_thread(runner.check, "two workers + beat, 12 s", since, clients, acc.HEALTHY)


async def both_workers_killed(runner, processes, clients):
    """kill -9 of both workers with expiries pending; one comes back after 4 s, the overdue ones are cleared."""
    since = time.time()
    processes.kill("worker-a")
    processes.kill("worker-b")
    await asyncio.sleep(WORKERS_DOWN_S)
    back = time.time()
    if runner.plant == "missed-deadline":
        print("planted: the killed workers are not restarted")
        await asyncio.sleep(acc.TIMER_RECOVERY_S + 2)
        await asyncio.to_thread(runner.check, "kill -9 of both workers", since, clients, acc.timers_down(WORKERS_DOWN_S))
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
    await asyncio.to_thread(runner.check, "kill -9 of both workers", since, clients, acc.timers_down(WORKERS_DOWN_S), {
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
        await racing_timers(runner, processes, clients)

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
        await asyncio.sleep(REDIS_DOWN_S)
        processes.start("redis")
        back = time.time()
        cleared = await asyncio.to_thread(wait_for, lambda: overdue_cleared(runner.all_ids), 30)
        done = time.time()
        recovery = done - back
        ready = [processes.ready_at(name, back) for name in ("worker-a", "worker-b")]
        first_ready = min([r for r in ready if r] or [back])
        await asyncio.sleep(2)
        synced = await clients_in_sync(clients, back)
        await asyncio.to_thread(check, "Redis restart", since, clients, acc.timers_down(REDIS_DOWN_S), {
            "overdue_cleared_s": round(recovery, 2) if cleared else "never",
            "after_a_worker_ready_s": round(max(done - first_ready, 0.0), 2),
            "processes_restarted": ",".join(restarts) or "none"}, [("clients_synced_s", synced, acc.SYNC_S, acc.NOT_SYNCED)])

        # 5. the web process restarted with every socket open
        await new_idle()
        since = time.time()
        processes.kill("web")
        await asyncio.sleep(2)
        processes.start("web")
        back = time.time()
        await asyncio.sleep(3)
        synced = await clients_in_sync(clients, back)
        await asyncio.to_thread(check, "web process restart", since, clients, acc.HEALTHY, {
            "reconnects": sum(1 for c in clients for t in c.reconnects if t >= since)},
            [("clients_synced_s", synced, acc.SYNC_S, acc.NOT_SYNCED)])

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
        synced = await clients_in_sync(clients, since)
        if plant == "doubled-move":
            doubled = None
            for _ in range(90):  # a pair's match lasts about 40 s
                doubled = await asyncio.to_thread(plant_doubled_move, clients)
                if doubled:
                    break
                await asyncio.sleep(1)
            print(f"planted: an acknowledged move of match {doubled} logged twice", flush=True)
        await asyncio.to_thread(check, "PostgreSQL connections dropped", since, clients, acc.HEALTHY, {"dropped": dropped},
                                [("clients_synced_s", synced, acc.SYNC_S, acc.NOT_SYNCED)])

        # 7. the site as `make run` starts it (scripts/run.sh, two web processes); one web process killed under load
        watchdog.cancel()
        switch_started = time.time()
        for name in ("web", "worker-a", "worker-b", "beat"):
            processes.kill(name, signal.SIGTERM)
        await killed_web_under_load(runner, clients, new_idle, switch_started)

        for client in clients:
            client.stopped = True
        for task in tasks:
            task.cancel()
        print("error frames (stale or refused moves):", sum(c.refused for c in clients),
              " syncs asked after a missed frame:", sum(c.resyncs for c in clients), flush=True)
        print("moves sent:", sum(len(c.moves) for c in clients),
              "acknowledged:", sum(m.answer == acc.ACKNOWLEDGED for c in clients for m in c.moves),
              "shown by a resync:", sum(m.answer == acc.RESYNCED for c in clients for m in c.moves), flush=True)
        return runner.conclude()
    finally:
        for task in tasks:
            task.cancel()
        processes.stop_all()


async def killed_web_under_load(runner, clients, new_idle, switch_started):
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
        serving = time.time()
        serve_web = await asyncio.to_thread(lambda: next(p for p in descendants(site.pid) if "serve_web" in _cmdline(p)))
        await asyncio.to_thread(wait_for, lambda: len(descendants(serve_web)) == 2, 30)
        web = descendants(serve_web)
        await new_idle()
        await asyncio.sleep(4)  # every client back on this site and moving
        # The switch itself stopped the timers (the first site's workers stopped, run.sh's starting):
        # the deadlines that fell meanwhile are judged here, against that length, not the kill's bound.
        await asyncio.to_thread(runner.check, "switch to scripts/run.sh", switch_started, clients,
                                acc.timers_down(serving - switch_started))
        await new_idle()  # the timers' catching up after the switch may have ended the matches left to them
        holders = {c: (web_pid_of(c.local_port, web), c.local_port) for c in clients if c.local_port and c.ws}
        victim = max(web, key=lambda pid: sum(1 for h, _p in holders.values() if h == pid))
        on_victim = [c for c, (h, _p) in holders.items() if h == victim]
        on_survivor = [(c, p) for c, (h, p) in holders.items() if h is not None and h != victim]
        since = time.time()
        if runner.plant == "no-replacement":
            os.kill(serve_web, signal.SIGKILL)
            print("planted: serve_web killed before the web process: nothing replaces it")
        os.kill(victim, signal.SIGKILL)
        stall = None
        if runner.plant == "slow-http":
            survivor = next(pid for pid in web if pid != victim)
            for pid in (serve_web, survivor):
                os.kill(pid, signal.SIGSTOP)
            print(f"planted: serve_web and the surviving web process stopped (SIGSTOP) for {acc.HTTP_WAIT_S + 1.5} s", flush=True)

            async def resume():
                await asyncio.sleep(acc.HTTP_WAIT_S + 1.5)
                for pid in (serve_web, survivor):
                    os.kill(pid, signal.SIGCONT)

            stall = asyncio.create_task(resume())
        # A request the kernel queued for the dead process waits for its replacement (scripts/serve_web.py):
        # late, never refused, and within acc.HTTP_WAIT_S (the probe gives up at three times that: refused).
        refused, waits = 0, []
        probe_end = time.time() + 5
        while time.time() < probe_end:
            asked = time.time()
            refused += not await asyncio.to_thread(_http_ok, f"http://127.0.0.1:{port}/", 3 * acc.HTTP_WAIT_S)
            waits.append(time.time() - asked)
            await asyncio.sleep(0.1)
        if stall:
            await stall
        replaced = await asyncio.to_thread(
            wait_for, lambda: f"started in place of {victim}" in (LOGS / "run-sh.log").read_text(errors="replace"), 20)
        synced = await clients_in_sync(clients, time.time() if replaced else since)
        await asyncio.sleep(CLOCK + 2)
        back = [max(t for t in c.reconnects if t >= since) - since for c in on_victim if any(t >= since for t in c.reconnects)]
        dropped_survivors = sum(1 for c, p in on_survivor if p in c.cut_ports)
        for c, p in on_survivor:
            if p in c.cut_ports:
                print(f"a socket on the surviving process dropped: {c.cuts[c.cut_ports.index(p)]}", flush=True)
        extra = {"web": f"{len(on_victim)} sockets on the killed, {len(on_survivor)} on the other",
                 "http_refused": refused, "replaced": "yes" if replaced else "never",
                 "survivor_sockets_dropped": dropped_survivors,
                 "victim_sockets_reconnected": f"{len(back)}/{len(on_victim)}"}
        await asyncio.to_thread(runner.check, "web process killed under load (run.sh)", since, clients, acc.HEALTHY, extra,
                                [("http_slowest_s", max(waits), acc.HTTP_WAIT_S, acc.SLOW_HTTP),
                                 ("clients_synced_s", synced, acc.SYNC_S, acc.NOT_SYNCED)])
        if refused:
            runner.failures.append(f"web process killed under load: {refused} HTTP requests refused")
        if dropped_survivors:
            runner.failures.append(f"web process killed under load: {dropped_survivors} sockets on the surviving process dropped")
        if not on_victim or len(back) < len(on_victim):
            runner.failures.append("web process killed under load: the killed process's sockets did not all reconnect")
    finally:
        try:  # run.sh may have stopped already (its serve_web killed: it cleans up and exits)
            os.killpg(site.pid, signal.SIGINT)
            site.wait(timeout=30)
        except ProcessLookupError:
            pass
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

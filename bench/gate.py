#!/usr/bin/env python
"""The load gate (`make bench-gate`): the live path beside its floor, with a storm of computer
players beside it, and a verdict. Exit status 1 when the site regressed.

One site started as `make run` starts it (scripts/run.sh, PostgreSQL + Redis, bench/load.py's
environment), then two phases of the same length:

1. the floor: TABLES x SEATS sockets at RATE moves/s against the echo consumer (the channel
   layer alone); meanwhile a calm account's match of two Random computer players plays on
   the site: its moves per minute are the quiet figure;
2. the site: the same sockets and rate on real matches, while
   - one storm account runs STORM real-time Basra tables, each its host (resigned at once,
     as the issue's storm did) and five Master computer players,
   - the calm account's Random match plays on (a new one when it ends),
   - TIMED tables nobody plays are left to short clocks, whose every expiry is timed.

The gate fails when the site's p99 (move -> every seat's view) exceeds FLOOR_RATIO x the
floor's p99, a deadline is applied more than LATE_MS late at p99 (or one is applied twice),
the calm Random match keeps less than CALM_SHARE of its quiet move rate, or any socket error.

    .venv/bin/python bench/gate.py                     # PostgreSQL + Redis: about two minutes
    .venv/bin/python bench/gate.py --default-mode --tables 20 --rate 20
                                                       # the default mode at its scale (SQLite, one web
                                                       # process, the bots' process pool)
    .venv/bin/python bench/gate.py --plant slow-views  # a 60 ms sleep planted in the views' send:
                                                       # the gate must fail (bench/plants/)

`make bench-gate` runs the first two; `make test` (and so CI) ends with it. The tables of the storm,
the calm match and the clocks are made over HTTP through the lobby's forms, as a person makes them:
every timer they start is the site's own, and each bot turn counts against its table's host.
"""
import argparse
import os
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
# The default mode's gate: SQLite and no Redis (one web process, the in-process channel layer and
# timer loop, the bots' process pool), chosen before bench/load.py sets the run's environment.
DEFAULT_MODE = "--default-mode" in sys.argv
if DEFAULT_MODE:
    os.environ["LOAD_DATABASE_URL"] = os.environ.get("GATE_SQLITE_URL", "sqlite:////tmp/alibaba-gate.sqlite3")
    os.environ["LOAD_REDIS_URL"] = ""

import load  # noqa: E402 - sets the load run's environment before Django loads
from load_client import pct, phase, timer_lateness  # noqa: E402
from load_site import Tables, free_port, server_processes, session_cookie, setup_django, start_server, stop_server  # noqa: E402

FLOOR_RATIO = 10.0
LATE_MS = 250.0
CALM_SHARE = 0.9
PLANTS = {"slow-views": "bench/plants"}
TIMED_CLOCK = 3


class SiteTables:
    """Tables made over HTTP as a person makes them (the lobby's forms, a session cookie each), so that
    every timer they start is the running site's own (in the default mode the bench's process has no
    timer loop) and each computer player's turn counts against the account that hosts it."""

    def __init__(self, port, run_id):
        self.base = f"http://127.0.0.1:{port}"
        self.run_id = run_id
        self.made = 0
        self.opener = urllib.request.build_opener(_NoRedirect)

    def person(self, name):
        from django.contrib.auth import get_user_model

        self.made += 1
        user = get_user_model().objects.create(username=f"{name}{self.run_id}_{self.made}")
        return user, session_cookie(user)

    def post(self, who, path, **data):
        """POST a form as ``who``; the path it redirects to."""
        token = "gate" + "0" * 28  # the form's token and the cookie's, as the page would send them
        request = urllib.request.Request(self.base + path, data=urllib.parse.urlencode(data).encode(), method="POST",
                                         headers={"Cookie": f"{who[1]}; csrftoken={token}", "X-CSRFToken": token})
        try:
            with self.opener.open(request, timeout=30) as response:
                raise SystemExit(f"POST {path}: {response.status} without a redirect")
        except urllib.error.HTTPError as redirect:
            if redirect.code != 302:
                raise SystemExit(f"POST {path}: HTTP {redirect.code}") from None
            return urllib.parse.urlsplit(redirect.headers["Location"]).path

    def start(self, host, game, bots, people=(), clock=None, resign=True, abandon_grace=60):
        """A table of ``host``, ``people`` and ``bots``, started; the host resigns (a computer player takes
        the seat). ``clock``: every clock of the game set to that many seconds. Returns the match's id."""
        from matches import registry

        spec = registry.get_game(game)
        options = registry.default_table_options(spec)
        for option in registry.contract.clock_options(registry.table_options(spec)) if clock else ():
            options[option["name"]] = max(clock, option.get("min", 0))
        table = self.post(host, "/tables/new/", game=game, seats=1 + len(people) + len(bots), abandon_grace=abandon_grace,
                          **options)
        for seat, person in enumerate(people, start=1):
            self.post(person, table + "join/", seat=seat)
        for seat, bot in enumerate(bots, start=1 + len(people)):
            self.post(host, table + "bot/", seat=seat, bot=bot)
        match = self.post(host, table + "start/")
        if not match.startswith("/matches/"):
            raise SystemExit(f"the table {table} did not start (the lobby said no: quotas, options?)")
        if resign:
            self.post(host, match + "resign/")
        return int(match.strip("/").split("/")[-1])


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Calm:
    """The calm account's Random match, renewed when it ends; counts its moves in a window."""

    def __init__(self, maker):
        self.maker = maker
        self.host = maker.person("calm")
        self.match_ids = []
        self.stop = threading.Event()

    def keep_playing(self):
        from django.db import close_old_connections

        from matches.models import Match

        while not self.stop.is_set():
            if not self.match_ids or Match.objects.get(pk=self.match_ids[-1]).status != Match.Status.RUNNING:
                self.match_ids.append(self.maker.start(self.host, "alibaba_tiles", ["random"]))
            self.stop.wait(0.5)
        close_old_connections()

    def moves_per_minute(self, since, until):
        """Moves a minute while a match runs: 60 over the mean time between two moves of one match (the
        pause between one match's end and the next one's start is the bench's, not the site's)."""
        from matches.models import ActionLog

        rows = ActionLog.objects.filter(match_id__in=self.match_ids, seat__isnull=False, created_at__gte=_at(since),
                                        created_at__lt=_at(until)).order_by("match_id", "seq")
        gaps, last = [], {}
        for match_id, created in rows.values_list("match_id", "created_at"):
            if match_id in last:
                gaps.append((created - last[match_id]).total_seconds())
            last[match_id] = created
        return 60 / (sum(gaps) / len(gaps)) if gaps else 0.0


def _at(seconds):
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, tz=UTC)


def storm(maker, count):
    host = maker.person("storm")
    return [maker.start(host, "basra", ["master"] * 5) for _ in range(count)]


def timed_tables(maker, count, clock):
    """Tables of two people nobody plays, on ``clock``-second clocks: only time acts there."""
    return [maker.start(maker.person("timed"), "alibaba_tiles", [], people=[maker.person("timed")], clock=clock, resign=False,
                        abandon_grace=600)
            for _ in range(count)]


def verdict(floor, site, late, calm_quiet, calm_storm):
    failures = []
    floor_p99, site_p99 = pct(floor.every, 0.99), pct(site.every, 0.99)
    if not site.every or site_p99 > FLOOR_RATIO * floor_p99:
        failures.append(f"site p99 {site_p99:.1f} ms > {FLOOR_RATIO:g} x the floor's {floor_p99:.1f} ms")
    if site.errors or site.timeouts:
        failures.append(f"{len(site.errors)} socket errors, {site.timeouts} timeouts")
    if late is None:
        failures.append("no deadline was applied")
    else:
        p99_ms, doubled = late
        if p99_ms > LATE_MS:
            failures.append(f"deadlines {p99_ms:.0f} ms late at p99 > {LATE_MS:g} ms")
        if doubled:
            failures.append(f"{doubled} deadlines applied twice")
    if calm_storm < CALM_SHARE * calm_quiet:
        failures.append(f"the calm Random match made {calm_storm:.0f} moves/min in the storm, "
                        f"< {CALM_SHARE:.0%} of its {calm_quiet:.0f} when quiet")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--storm", type=int, default=10, help="Basra tables of five Masters, one account")
    parser.add_argument("--timed", type=int, default=20, help="treasure-cave tables left to 3 s clocks")
    parser.add_argument("--plant", choices=sorted(PLANTS), help="a planted slowdown: the gate must fail")
    parser.add_argument("--default-mode", action="store_true",
                        help="SQLite, no Redis, one web process (pair with the smaller scale: --tables 20 --storm 4)")
    args = parser.parse_args()

    if args.plant:
        os.environ["LOAD_PLANT"] = args.plant
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / PLANTS[args.plant]), os.environ.get("PYTHONPATH")]))
        print(f"planted: {args.plant}")
    setup_django(True)
    from django.utils.crypto import get_random_string

    run_id = get_random_string(6).lower()
    tables = Tables("alibaba_tiles", args.seats, 0, run_id)
    seat_users = [tables.make_users("seat", args.seats) for _ in range(args.tables)]
    port = free_port()
    server = start_server(port, 0)
    maker = SiteTables(port, run_id)
    calm = Calm(maker)
    calm_thread = threading.Thread(target=calm.keep_playing, daemon=True)
    try:
        processes = server_processes(server.pid)
        print(f"site on port {port}: " + ", ".join(f"{label} {pid}" for pid, label in processes.items()))
        label = f"{args.tables}x{args.seats}@{args.rate:g}/s"
        calm_thread.start()
        echo_plan = [(seat_users[i], [], None) for i in range(args.tables)]
        quiet_from = time.time()
        floor = load.run_client(phase(f"floor {label}", port, args.seats, True, echo_plan, args.rate, args.seconds, processes))
        calm_quiet = calm.moves_per_minute(quiet_from, time.time())

        plan = [(seat_users[i], [], tables.new_match(seat_users[i])) for i in range(args.tables)]
        storm_ids = storm(maker, args.storm)
        timed_tables(maker, args.timed, TIMED_CLOCK)
        print(f"storm: {len(storm_ids)} Basra tables of five Masters (one account); {args.timed} tables on 3 s clocks")
        since = time.time()
        site = load.run_client(phase(f"site {label} + storm", port, args.seats, False, plan, args.rate, args.seconds,
                                     processes, make_match=tables.new_match))
        until = time.time()
        calm_storm = calm.moves_per_minute(since, until)
        time.sleep(1.0)
        late = timer_lateness(since, until)
        print(f"calm Random match: {calm_quiet:.0f} moves/min quiet, {calm_storm:.0f} in the storm")
        load.ratio(site, floor)
    finally:
        calm.stop.set()
        stop_server(server)
    failures = verdict(floor, site, late, calm_quiet, calm_storm)
    for failure in failures:
        print(f"GATE FAILED: {failure}")
    if not failures:
        print("GATE PASSED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

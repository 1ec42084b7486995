#!/usr/bin/env python
"""A 200-person arena under load (issue 38): people as socket clients, computer players filling gaps.

One site started as `make run` starts it (scripts/run.sh, bench/load.py's environment: PostgreSQL +
Redis, or `--default-mode`: SQLite, one web process, as bench/gate.py does). An arena of PEOPLE
registered people at tables of SEATS is created through the tournaments' service before the site
starts, starting a few seconds after it; the site's own clock starts it (tournaments/services.py,
"Time"). Each person is a client of the site's two sockets, as the tournament page and the match page
are: the tournament's (`/ws/tournament/<id>/`), which tells them when they are seated and carries the
standings, and their match's (`/ws/match/<id>/`), where they play a random legal action of their own
view (domains drawn at random) after a think time of THINK seconds on average, until the match ends.
Computer players fill the seats of a table that could not fill (the arena's fill delay).

Measured on the client, p50/p95/p99/max with counts:
- the pairing delay: from a person's match's last frame (it ended) to their tournament socket's view
  naming their next match; split, from the database, into the people seated by the very advance that
  counted their match (the platform's delay) and those who had to wait for table-mates (fewer than a
  table were free: the arena's rule, docs/tournaments.md, "Pairings");
- the standings delay: from that last frame of a finished match to the tournament socket's standings
  counting it (their row's matches);
and from the database, the count delay (match finished -> counted by the tournament).

    .venv/bin/python bench/bench_arena.py --minutes 30                 # the real run, PostgreSQL + Redis
    .venv/bin/python bench/bench_arena.py --minutes 3 --people 40      # a try
    .venv/bin/python bench/bench_arena.py --default-mode --minutes 3   # SQLite, no Redis

Environment: as bench/load.py (LOAD_DATABASE_URL, recreated; LOAD_REDIS_URL, flushed).
"""
import argparse
import asyncio
import functools
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
DEFAULT_MODE = "--default-mode" in sys.argv
if DEFAULT_MODE:
    os.environ["LOAD_DATABASE_URL"] = os.environ.get("ARENA_SQLITE_URL", "sqlite:////tmp/alibaba-arena-bench.sqlite3")
    os.environ["LOAD_REDIS_URL"] = ""

import load  # noqa: E402 - sets the load run's environment before Django loads
import orjson  # noqa: E402
from load_client import pct  # noqa: E402
from load_site import cpu_seconds, free_port, server_processes, session_cookie, setup_django, start_server, stop_server  # noqa: E402

print = functools.partial(print, flush=True)  # noqa: A001 - progress shows when the output is a file
# the arena starts this long after it is made: the site is up and every person's sockets are open by then
LEAD_SECONDS = 30.0
# as the match page pings its socket (live.js)
PING_SECONDS = 25.0


def figures(name, values):
    """Seconds -> a line of milliseconds."""
    if not values:
        return f"{name}: none"
    return (f"{name}: n={len(values)}, p50 {pct(values, .5):.0f}, p95 {pct(values, .95):.0f}, "
            f"p99 {pct(values, .99):.0f}, max {max(values) * 1000:.0f} ms")


class Stats:
    def __init__(self):
        self.pairing = []  # (person, the match that ended, seconds)
        self.standings = []  # seconds
        self.moves = 0
        self.refused = []
        self.matches_seen = 0
        self.errors = []


class Person:
    """One person: the tournament page's socket, and a match page's socket while seated."""

    def __init__(self, bench, user, cookie, index):
        self.bench, self.user, self.cookie = bench, user, cookie
        self.rng = random.Random(index)
        self.stats = bench.stats
        self.match_id = None  # the match being played (or last played)
        self.ended_at = None  # when the client saw its match end (None while at a table or before the first)
        self.ended_match = None
        self.next_seen_at = None  # a new match named before the old one's end was seen
        self.finished = 0  # finished matches seen (the standings count these; an aborted match counts nothing)
        self.counted_wait = None  # (since, matches expected) while the standings do not show the last match
        self.counted = 0  # the matches the last tournament view counted for this person
        self.play_task = None

    async def connect(self, path):
        import websockets

        return await websockets.connect(
            f"ws://127.0.0.1:{self.bench.port}{path}",
            additional_headers={"Cookie": self.cookie, "Origin": f"http://127.0.0.1:{self.bench.port}"},
            open_timeout=60, max_size=2**22, ping_interval=None, compression=None)

    async def follow_tournament(self):
        ws = await self.connect(f"/ws/tournament/{self.bench.tournament_id}/")
        self.bench.connected += 1
        try:
            async for raw in ws:
                self.tournament_view(orjson.loads(raw), time.perf_counter())
        finally:
            await ws.close()

    def tournament_view(self, view, now):
        mine = view["standings"][view["me"]["row"]] if view["me"]["row"] is not None else None
        self.counted = mine["matches"] if mine is not None else 0
        if self.counted_wait is not None and self.counted >= self.counted_wait[1]:
            self.stats.standings.append(now - self.counted_wait[0])
            self.counted_wait = None
        match_id = view["me"]["match"]
        if not match_id or match_id == self.match_id:
            return
        previous, self.match_id = self.match_id, match_id
        if previous is not None:
            if self.ended_at is not None:
                self.stats.pairing.append((self.user.pk, self.ended_match, now - self.ended_at))
            else:
                self.next_seen_at = now  # named before the client saw the last one end: its play loop goes on to it
        self.ended_at = None
        if self.play_task is None or self.play_task.done():
            self.play_task = asyncio.ensure_future(self.play(match_id))

    async def play(self, match_id):
        while True:
            try:
                await self.play_one(match_id)
            except Exception as exc:  # noqa: BLE001 - counted; the next match is played anyway
                self.stats.errors.append(f"match {match_id}: {type(exc).__name__}: {exc}"[:200])
                self.match_ended(match_id, False, time.perf_counter())
            if self.match_id == match_id or self.bench.stopping:
                return
            match_id = self.match_id  # named while this one was still ending on the client

    async def play_one(self, match_id):
        ws = await self.connect(f"/ws/match/{match_id}/")
        self.stats.matches_seen += 1
        self.latest = latest = {"version": -1}
        mover = None
        pinger = asyncio.ensure_future(self.ping(ws))
        try:
            async for raw in ws:
                frame = orjson.loads(raw)
                if frame.get("type") == "error":
                    if frame.get("code") != "stale":
                        self.stats.refused.append(frame.get("code"))
                    continue
                if frame.get("type") != "view" or frame["version"] < latest["version"]:
                    continue
                self.latest = latest = frame
                if frame["status"] != "running":
                    self.match_ended(match_id, frame["status"] == "finished", time.perf_counter())
                    return
                if frame["seat"] in (frame.get("to_act") or []) and frame["legal"] and (mover is None or mover.done()):
                    mover = asyncio.ensure_future(self.move(ws, frame))
        finally:
            pinger.cancel()
            if mover is not None:
                mover.cancel()
            await ws.close()

    async def ping(self, ws):
        """The match page's ping (matches/static/matches/live.js), which keeps the seat's presence fresh: without
        it every person looks away to the stand-in sweep after a minute, and the sweep locks their match each
        second to find them present."""
        while True:
            await asyncio.sleep(PING_SECONDS)
            await ws.send('{"type": "ping"}')

    async def move(self, ws, frame):
        from gamekit import domains

        await asyncio.sleep(self.bench.think * (0.5 + self.rng.random()))
        now = self.latest
        if now["version"] != frame["version"] or now["status"] != "running":
            return  # the view moved on meanwhile: the next frame decides again
        action = domains.sample(self.rng.choice(now["legal"]), self.rng)
        await ws.send(orjson.dumps({"type": "action", "version": now["version"], "action": action}).decode())
        self.stats.moves += 1

    def match_ended(self, match_id, finished, now):
        if self.match_id != match_id:  # the next one was named first: seated before the end frame came
            self.stats.pairing.append((self.user.pk, match_id, max(0.0, (self.next_seen_at or now) - now)))
            self.next_seen_at = None
        else:
            self.ended_at, self.ended_match = now, match_id
        if finished:
            self.finished += 1
            if self.counted >= self.finished:  # the tournament's view came before the match's last frame
                self.stats.standings.append(0.0)
            else:
                self.counted_wait = (now, self.finished)


class Bench:
    def __init__(self, port, tournament_id, think):
        self.port, self.tournament_id, self.think = port, tournament_id, think
        self.stats = Stats()
        self.connected = 0
        self.stopping = False


async def drive(bench, people, seconds):
    followers = []
    for k in range(0, len(people), 25):  # people arrive a few at a time
        followers += [asyncio.ensure_future(p.follow_tournament()) for p in people[k:k + 25]]
        await asyncio.sleep(0.2)
    start = time.perf_counter()
    while (left := seconds - (time.perf_counter() - start)) > 0:
        await asyncio.sleep(min(60.0, left))
        if left < 60.0:
            break  # the end: the report follows
        s = bench.stats
        print(f"  {(time.perf_counter() - start) / 60:.1f} min: {s.matches_seen} match sockets, {s.moves} moves, "
              f"{len(s.pairing)} pairings, {len(s.standings)} standings updates, {len(s.errors)} errors")
    bench.stopping = True
    for task in followers + [p.play_task for p in people if p.play_task]:
        task.cancel()
    await asyncio.gather(*followers, *(p.play_task for p in people if p.play_task), return_exceptions=True)


def make_arena(args, run_id):
    from django.contrib.auth import get_user_model

    from tournaments import services

    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"arena{run_id}_{i}") for i in range(args.people)])
    creator = User.objects.create(username=f"organiser{run_id}")
    starts = datetime.fromtimestamp(time.time() + LEAD_SECONDS, tz=UTC)
    options = {"clock": args.clock} if args.game == "alibaba_tiles" else {"turn_seconds": args.clock}
    tournament = services.create_tournament(
        creator, starts_at=starts, name=f"Bench arena {run_id}", kind="arena", game=args.game, table_size=args.seats,
        raw_options=options, minutes=max(10, int(args.minutes + 0.999)), fill_after=args.fill_after, rated=True)
    for user in users:
        services.register(user, tournament.pk)
    return tournament, [(u, session_cookie(u)) for u in users]


def server_side(tournament_id, pairings):
    """From the database: each pairing seated at once (by the advance that counted its match) or after a wait
    for table-mates, and the count delay (finished -> counted by the tournament)."""
    from tournaments.models import TournamentMatch

    rows = list(TournamentMatch.objects.filter(tournament_id=tournament_id).select_related("match").order_by("pk"))
    by_match = {row.match_id: row for row in rows}
    counted = [(row.recorded_at - row.match.finished_at).total_seconds() for row in rows
               if row.recorded_at and row.match.finished_at]
    opened = {}  # person -> starts of their tables, in order
    for row in rows:
        for player in row.players:
            if not isinstance(player, str):
                opened.setdefault(player, []).append(row.match.options.get("started_at"))
    at_once, waited = [], []
    for person, match_id, delay in pairings:
        row = by_match.get(match_id)
        if row is None or row.recorded_at is None:
            waited.append(delay)
            continue
        # a table opened by that advance started at its `now`, the moment it counted the match
        recorded = row.recorded_at.timestamp()
        seated_then = any(start is not None and abs(start - recorded) < 0.001 for start in opened.get(person, []))
        (at_once if seated_then else waited).append(delay)
    return counted, at_once, waited, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="alibaba_tiles", choices=["alibaba_tiles", "basra"])
    parser.add_argument("--minutes", type=float, default=30.0, help="how long the people play (the arena lasts at least 10)")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean seconds before a move")
    parser.add_argument("--clock", type=int, default=15, help="seconds on the game's clock")
    parser.add_argument("--fill-after", type=int, default=10, help="seconds before computer players fill a table")
    parser.add_argument("--web-processes", type=int, default=0)
    parser.add_argument("--default-mode", action="store_true", help="SQLite, no Redis, one web process")
    args = parser.parse_args()

    setup_django(True)
    from django.utils.crypto import get_random_string

    run_id = get_random_string(6).lower()
    t0 = time.perf_counter()
    tournament, people_cookies = make_arena(args, run_id)
    print(f"arena {tournament.pk}: {args.people} people at tables of {args.seats}, {args.game}, clock {args.clock} s, "
          f"think {args.think} s, fill after {args.fill_after} s; made in {time.perf_counter() - t0:.1f} s; "
          f"{'default mode (SQLite, no Redis)' if DEFAULT_MODE else 'PostgreSQL + Redis'}")
    port = free_port()
    server = start_server(port, 1 if DEFAULT_MODE else args.web_processes)
    try:
        processes = server_processes(server.pid)
        print(f"site on port {port}: " + ", ".join(f"{label} {pid}" for pid, label in processes.items()))
        bench = Bench(port, tournament.pk, args.think)
        people = [Person(bench, user, cookie, i) for i, (user, cookie) in enumerate(people_cookies)]
        wait = tournament.starts_at.timestamp() - time.time()
        seconds = max(0.0, wait) + args.minutes * 60
        cpu0 = {pid: cpu_seconds(pid) for pid in processes}
        started = time.perf_counter()
        load.run_client(drive(bench, people, seconds))
        elapsed = time.perf_counter() - started
        cpu = {}
        for pid, label in processes.items():
            cpu[label] = cpu.get(label, 0.0) + (cpu_seconds(pid) - cpu0[pid]) / elapsed * 100
        report(args, tournament.pk, bench, cpu)
    finally:
        stop_server(server)
    return 0


def report(args, tournament_id, bench, cpu):
    from tournaments.models import Tournament

    s = bench.stats
    counted, at_once, waited, rows = server_side(tournament_id, s.pairing)
    tournament = Tournament.objects.get(pk=tournament_id)
    bots = sum(1 for row in rows for p in row.players if isinstance(p, str))
    print(f"tournament {tournament.status}: {len(rows)} matches ({bots} computer players' seats), "
          f"{sum(1 for r in rows if r.recorded_at)} counted; {s.moves} moves by the people, refused {len(s.refused)}, "
          f"client errors {len(s.errors)}" + (f" (first: {s.errors[:2]})" if s.errors else ""))
    all_pairing = [delay for _p, _m, delay in s.pairing]
    print(figures("pairing delay, match's end -> next match named (all)", all_pairing))
    print(figures("  seated by the advance that counted their match (the platform)", at_once))
    print(figures("  waited for table-mates (fewer than a table free)", waited))
    print(figures("standings delay, match's end -> counted on the tournament socket", s.standings))
    print(figures("count delay in the database, finished -> counted", counted))
    print("CPU (100% = one core): " + ", ".join(f"{label} {share:.0f}%" for label, share in cpu.items()))
    ok_pairing = pct(at_once, .99) <= 2000 if at_once else False
    ok_standings = pct(s.standings, .99) <= 1000 if s.standings else False
    print(f"goals: pairing p99 <= 2 s {'held' if ok_pairing else 'MISSED'}; standings p99 <= 1 s {'held' if ok_standings else 'MISSED'}")


if __name__ == "__main__":
    sys.exit(main())

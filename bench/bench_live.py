#!/usr/bin/env python
"""The live path end to end: a move sent on a socket -> every seat's new view received.

Starts a real daphne on PostgreSQL and the Redis channel layer, opens two
sockets per treasure-cave table (one per seat), and has the seat to move play
its first legal action at a steady total rate. Prints the latency from send to
the last seat's view, p50/p99, and the moves/s achieved.

    .venv/bin/python bench/bench_live.py --tables 50 --rate 50 --seconds 20

Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/alibaba_bench,
recreated) and REDIS_URL (default redis://127.0.0.1:6379/3, flushed).
"""
import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/alibaba_bench")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["BOT_THINK_SECONDS"] = "0.2"


def prepare(tables):
    import django
    import psycopg
    import redis

    name = os.environ["DATABASE_URL"].rsplit("/", 1)[1]
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from lobby.services import engine_options
    from matches import scheduling, services
    from matches.registry import get_game

    call_command("migrate", verbosity=0)
    call_command("load_game_data", verbosity=0)
    spec = get_game("alibaba_tiles")
    table_options = {o["name"]: o.get("default") for o in (spec.options() if callable(spec.options) else spec.options)}
    table_options["clock"] = 0
    options = engine_options("alibaba_tiles", table_options)
    User = get_user_model()
    plan = []
    with scheduling.suspended():
        for t in range(tables):
            users = [User.objects.create_user(f"bench{t}_{s}", password=None) for s in range(2)]
            match = services.create_match("alibaba_tiles", [services.SeatSpec(user=u) for u in users], options, seed=t)
            cookies = []
            for user in users:
                session = SessionStore()
                session[SESSION_KEY] = str(user.pk)
                session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
                session[HASH_SESSION_KEY] = user.get_session_auth_hash()
                session.create()
                cookies.append(session.session_key)
            plan.append((match.pk, cookies))
    return plan


class Seat:
    def __init__(self, ws):
        self.ws = ws
        self.frame = None
        self.changed = asyncio.Event()

    async def read(self):
        async for raw in self.ws:
            frame = json.loads(raw)
            if frame.get("type") == "view" and (self.frame is None or frame["version"] >= self.frame["version"]):
                self.frame = frame
                self.changed.set()


async def wait_version(seat, version, timeout=10):
    end = time.perf_counter() + timeout
    while seat.frame is None or seat.frame["version"] < version:
        seat.changed.clear()
        await asyncio.wait_for(seat.changed.wait(), max(0.001, end - time.perf_counter()))


async def play_table(port, match_id, cookies, interval, offset, stop_at, latencies, errors):
    import websockets

    seats = []
    for cookie in cookies:
        ws = await websockets.connect(
            f"ws://127.0.0.1:{port}/ws/match/{match_id}/",
            additional_headers={"Cookie": f"sessionid={cookie}", "Origin": f"http://127.0.0.1:{port}"},
            max_size=2**22,
        )
        seat = Seat(ws)
        asyncio.get_running_loop().create_task(seat.read())
        seats.append(seat)
    for seat in seats:
        await wait_version(seat, 0)
    # Tables are spread over the interval so the total rate is steady, not a burst per interval.
    await asyncio.sleep(offset)
    next_at = time.perf_counter()
    while time.perf_counter() < stop_at:
        next_at += interval
        movers = [s for s in seats if s.frame["legal"] and s.frame["status"] == "running"]
        if not movers:
            break
        mover = movers[0]
        version = mover.frame["version"]
        sent = time.perf_counter()
        await mover.ws.send(json.dumps({"type": "action", "version": version, "action": mover.frame["legal"][0]}))
        try:
            for seat in seats:
                await wait_version(seat, version + 1)
            latencies.append(time.perf_counter() - sent)
        except (asyncio.TimeoutError, TimeoutError):
            errors.append(match_id)
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    for seat in seats:
        await seat.ws.close()


async def connect_burst(port, plan, count):
    """Open `count` sockets at once (the redis-py pool pitfall of ARCHITECTURE.md); returns (ok, failed, seconds)."""
    import websockets

    async def one(i):
        match_id, cookies = plan[i % len(plan)]
        try:
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/match/{match_id}/",
                additional_headers={"Cookie": f"sessionid={cookies[i % 2]}", "Origin": f"http://127.0.0.1:{port}"},
                open_timeout=30, max_size=2**22,
            )
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            return ws, frame.get("type") == "view"
        except Exception:
            return None, False

    start = time.perf_counter()
    results = await asyncio.gather(*(one(i) for i in range(count)))
    elapsed = time.perf_counter() - start
    for ws, _ok in results:
        if ws is not None:
            await ws.close()
    ok = sum(1 for _ws, good in results if good)
    return ok, count - ok, elapsed


async def run(port, plan, rate, seconds):
    latencies, errors = [], []
    interval = len(plan) / rate
    start = time.perf_counter()
    stop_at = start + seconds
    # elapsed counts from the first socket to the last move, connects included.
    await asyncio.gather(
        *(play_table(port, m, c, interval, i * interval / len(plan), stop_at, latencies, errors) for i, (m, c) in enumerate(plan))
    )
    return latencies, errors, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=50.0, help="total moves per second over all tables")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--burst", type=int, default=0, help="first open this many sockets at once and count failures")
    args = parser.parse_args()
    plan = prepare(args.tables)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    daphne = subprocess.Popen(
        [str(Path(sys.executable).parent / "daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT, env=dict(os.environ, DEBUG="1", LOG_LEVEL="WARNING"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        if args.burst:
            ok, failed, took = asyncio.run(connect_burst(port, plan, args.burst))
            print(f"burst of {args.burst} socket connects: {ok} got their view, {failed} failed, in {took:.1f} s")
        latencies, errors, elapsed = asyncio.run(run(port, plan, args.rate, args.seconds))
    finally:
        daphne.terminate()
        daphne.wait(timeout=10)
    if not latencies:
        print("no move completed")
        return 1
    latencies.sort()
    ms = [x * 1000 for x in latencies]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{args.tables} tables x 2 sockets, target {args.rate:.0f} moves/s: {len(ms)} moves in {elapsed:.1f} s "
        f"({len(ms) / elapsed:.1f} moves/s); send -> every seat's view: p50 {statistics.median(ms):.1f} ms, "
        f"p99 {p99:.1f} ms, max {ms[-1]:.1f} ms; {len(errors)} timeouts"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

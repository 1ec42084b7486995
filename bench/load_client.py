"""The client side of bench/load.py: sockets that play by the frames' `to_act` and `legal`, timed.

Each move is timed from its send to the mover's new view ("own answer") and to
every socket's new view; a phase prints those beside errors, CPU and memory.
"""
import asyncio
import functools
import gc
import os
import random
import time

import orjson
from load_site import cpu_seconds, machine_ticks, machine_use, rss_bytes, server_processes, web_redis_connections, web_rss

print = functools.partial(print, flush=True)  # noqa: A001 - progress shows when the output is a file
MOVE_TIMEOUT = 10.0

class Sock:
    """One socket of a table; if the server drops it (a web process died), it reconnects and resyncs."""

    def __init__(self, table, seat, ws, cookie):
        self.table, self.seat, self.ws, self.cookie = table, seat, ws, cookie
        self.frame = None
        self.ready = asyncio.Event()

    async def read(self):
        while True:
            try:
                async for raw in self.ws:
                    frame = orjson.loads(raw)
                    kind = frame.get("type")
                    if kind == "view":
                        if self.frame is None or frame["version"] >= self.frame["version"]:
                            self.frame = frame
                        self.ready.set()
                        self.table.seen(self, frame)
                    elif kind == "error":
                        self.table.error(self, frame)
            except Exception as exc:  # noqa: BLE001 - counted; the socket reconnects below
                reason = type(exc).__name__
            else:
                reason = f"closed by the server: {self.ws.close_code}"
            if self.table.closing:
                return
            self.table.stats.dropped.append(reason)
            if not await self.reconnect():
                self.table.stats.errors.append(f"socket lost for good after: {reason}")
                return

    async def reconnect(self, attempts=30):
        """A new socket for the same seat, as a page does: connect, say hello with the version held, resync."""
        for attempt in range(attempts):
            await asyncio.sleep(min(2.0, 0.1 * 2 ** attempt))
            try:
                ws = await self.table.open_socket(self.seat, self.cookie)
                await ws.send(orjson.dumps({"type": "hello", "version": self.frame["version"] if self.frame else 0}).decode())
            except Exception:  # noqa: BLE001 - the site may still be restarting: try again
                continue
            self.ws = ws
            self.table.stats.reconnected += 1
            return True
        return False

    async def send(self, text) -> bool:
        """Send a frame; False (counted) if the socket is gone, in which case read() is reconnecting it."""
        try:
            await self.ws.send(text)
        except Exception:  # noqa: BLE001 - a dying server socket: the move is lost, not the run
            self.table.stats.send_failed += 1
            return False
        return True


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
        self.dropped, self.reconnected, self.send_failed = [], 0, 0  # sockets the server dropped, and what followed
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

    async def open_socket(self, seat, cookie):
        import websockets

        return await websockets.connect(
            self.url(seat), additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{self.run.port}"},
            open_timeout=60, max_size=2**22, ping_interval=None, compression=None,
        )

    async def connect_one(self, seat, cookie):
        start = time.perf_counter()
        try:
            ws = await self.open_socket(seat, cookie)
        except Exception as exc:  # noqa: BLE001 - any failure of a client is counted
            self.stats.connect_failed += 1
            self.stats.errors.append(f"connect: {type(exc).__name__}: {exc}"[:200])
            return None
        sock = Sock(self, seat, ws, cookie)
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
        if not await mover.send(orjson.dumps({"type": "action", "version": version, "action": action}).decode()):
            self.pending = None
            return True
        try:
            finished_at = await asyncio.wait_for(done, MOVE_TIMEOUT)
        except TimeoutError:
            self.stats.timeouts += 1
            finished_at = None
            await mover.send(orjson.dumps({"type": "hello", "version": version}).decode())
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
    text = line("move -> own answer", stats.own) + "; " + line("move -> every socket's view", stats.every)
    if stats.dropped or stats.send_failed:
        text += (f"; sockets dropped by the server {len(stats.dropped)}, reconnected {stats.reconnected}, "
                 f"moves not sent on a dying socket {stats.send_failed}")
    return text


async def sample_memory(label, processes, stats, every, samples):
    """Web RSS against matches finished, every `every` seconds (soak), appended to `samples`."""
    start = time.perf_counter()
    while True:
        await asyncio.sleep(every)
        rss = web_rss(processes)
        samples.append((time.perf_counter() - start, stats.finished, rss))
        each = ", ".join(f"{pid} {rss_bytes(pid) / 2**20:.1f}" for pid, name in processes.items() if name == "web")
        print(f"[{label}] {samples[-1][0] / 60:.0f} min: {stats.finished} matches finished, web RSS {rss / 2**20:.0f} MB"
              f" (each process, MB: {each})")


def memory_growth(label, samples):
    """Least-squares slope of web RSS over matches finished, in the second half of the soak (after warm-up)."""
    half = samples[len(samples) // 2:]
    if len(half) < 2 or half[-1][1] == half[0][1]:
        print(f"[{label}] memory growth: too few samples or no match finished")
        return
    xs, ys = [f for _t, f, _r in half], [r for _t, _f, r in half]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
    print(f"[{label}] memory growth over the second half ({half[0][1]} -> {half[-1][1]} matches finished): "
          f"{slope / 1024:.2f} KB of web RSS per finished match; RSS {half[0][2] / 2**20:.0f} -> {half[-1][2] / 2**20:.0f} MB")


async def phase(label, port, seats, echo, plan, rate, seconds, processes, make_match=None, burst=False, sample_every=0):
    run = Run(port, seats, echo)
    tables = [Table(run, i, match_id) for i, (_users, _spect, match_id) in enumerate(plan)]
    rss_before = web_rss(processes)
    t0 = time.perf_counter()
    if burst:
        await asyncio.gather(*(t.connect([c for _u, c in users], spect) for t, (users, spect, _m) in zip(tables, plan, strict=True)))
    else:
        # Tables sit down a few at a time, as people do; a burst is its own scenario.
        for k in range(0, len(tables), 25):
            await asyncio.gather(*(t.connect([c for _u, c in users], spect)
                                   for t, (users, spect, _m) in zip(tables[k:k + 25], plan[k:k + 25], strict=True)))
    connect_took = time.perf_counter() - t0
    sockets = sum(len(t.socks) for t in tables)
    asked = sum(len(users) + len(spect) for users, spect, _m in plan)
    rss_connected = web_rss(processes)
    s = run.stats
    print(
        f"[{label}] {len(plan)} tables x {seats} seats + {len(plan[0][1]) if plan else 0} spectators each: "
        f"{sockets}/{asked} sockets connected in {connect_took:.1f} s"
        + (
            f" (connect p50 {pct(s.connect_seconds, 0.5):.0f} ms, p99 {pct(s.connect_seconds, 0.99):.0f} ms,"
            f" max {max(s.connect_seconds or [0]) * 1000:.0f} ms)"
            if burst
            else ""
        )
    )
    if processes and not echo and os.environ.get("REDIS_URL"):  # the default mode has no Redis
        print(f"[{label}] Redis connections of each web process with the sockets open: {web_redis_connections(processes)}")
    cpu0 = {pid: cpu_seconds(pid) for pid in processes}
    own0 = os.times()
    machine0 = machine_ticks()
    # The client's own collector paused it for up to 130 ms (measured with --trace), and a
    # paused client reads every frame late: it collects between phases, not during one.
    gc.collect()
    gc.freeze()
    gc.disable()
    samples = []
    sampler = asyncio.ensure_future(sample_memory(label, processes, s, sample_every, samples)) if sample_every else None
    try:
        elapsed = await play(run, tables, [(u, s) for u, s, _m in plan], rate, seconds, make_match)
    finally:
        gc.enable()
        gc.unfreeze()
        if sampler is not None:
            sampler.cancel()
            memory_growth(label, samples)
    # A process that exited during the phase (a web process killed on purpose) has no figure of its own;
    # one started during it (its replacement) counts from its start, and from now on replaces it.
    cpu = {pid: (cpu_seconds(pid) - cpu0[pid]) / elapsed * 100 for pid in processes if os.path.exists(f"/proc/{pid}")}
    machine = machine_use(machine0, machine_ticks())
    exited = [f"{processes[pid]} {pid}" for pid in processes if pid not in cpu]
    started = {}
    if getattr(processes, "root", None):
        started = {pid: label for pid, label in server_processes(processes.root).items() if pid not in processes}
        cpu.update({pid: cpu_seconds(pid) / elapsed * 100 for pid in started})
        for pid in [pid for pid in processes if pid not in cpu]:
            del processes[pid]
        processes.update(started)
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
        name = processes[pid] if processes[pid] != "web" else f"web {pid}"
        by_label[name] = by_label.get(name, 0.0) + share
    print(
        f"[{label}] CPU (100% = one core): "
        + ", ".join(f"{name} {share:.0f}%" for name, share in by_label.items())
        + f", load client {((own1.user + own1.system) - (own0.user + own0.system)) / elapsed * 100:.0f}%"
        # the whole machine (the database, Redis and anything else running included) and the CPU the hypervisor
        # gave other guests: a slow day's figures say so (docs/performance.md, "The load gate")
        + (f"; the machine: busy {machine[0]:.0f}% of {100 * (os.cpu_count() or 1)}%, stolen {machine[1]:.1f}%" if machine else "")
        + (f"; exited during the phase: {', '.join(exited)}" if exited else "")
        + (
            "; started during the phase (from its start): " + ", ".join(f"{label} {pid}" for pid, label in started.items())
            if started
            else ""
        )
    )
    web_share = sum(share for name, share in by_label.items() if name.startswith("web "))
    if moves and web_share:
        # the figure: every web process's CPU over the phase, per move played in it (idle sockets included)
        per_move = web_share / 100 * elapsed / moves * 1000
        print(f"[{label}] web CPU a move: {per_move:.2f} ms ({web_share:.1f}% of a core over {moves} moves)")
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

    print(f"ratio site/floor, move -> every socket's view: p50 {r(site.every, floor.every, .5):.1f}x, "
          f"p99 {r(site.every, floor.every, .99):.1f}x")


async def timer_phase(label, port, seats, playing, idle, rate, seconds, processes):
    """Playing tables at `rate` while the idle tables' sockets stay open and their clocks expire."""
    run = Run(port, seats, False)
    idle_tables = [Table(run, 10_000 + i, m) for i, (_u, _s, m) in enumerate(idle)]
    for t, (users, spect, _m) in zip(idle_tables, idle, strict=True):
        await t.connect([c for _u, c in users], spect)
    stats = await phase(f"site {label} (+{len(idle)} tables left to their clocks)", port, seats, False, playing, rate, seconds, processes)
    for t in idle_tables:
        await t.close()
    return stats


def timer_lateness(since, until):
    """Expiries due from `since` to `until`: applied (row created) minus the deadline (the row's server_time).
    Returns (p99 in ms, how many were applied twice), or None when none was applied."""
    from django.db.models import Count

    from matches.models import ActionLog

    rows = ActionLog.objects.filter(seat__isnull=True, server_time__gte=since, server_time__lte=until)
    late = [(created.timestamp() - at) for created, at in rows.values_list("created_at", "server_time")]
    doubled = rows.values("match_id", "server_time").annotate(n=Count("id")).filter(n__gt=1).count()
    if not late:
        print("timer lateness: no expiry applied")
        return None
    print(f"timer lateness over {len(late)} expiries: p50 {pct(late, .5):.0f} ms, p99 {pct(late, .99):.0f} ms, "
          f"max {max(late) * 1000:.0f} ms; doubled {doubled}")
    return pct(late, .99), doubled

"""The site side of bench/load.py: its database, users, sessions and matches, and the server processes.

Imported by bench/load.py after it has pointed DATABASE_URL and REDIS_URL at the load run's own.
"""
import contextlib
import functools
import os
import random
import signal
import socket
import subprocess
import time
from pathlib import Path

print = functools.partial(print, flush=True)  # noqa: A001 - progress shows when the output is a file
ROOT = Path(__file__).resolve().parents[1]
# A seat whose socket connects late under overload is not handed to a computer player.
ABANDON_GRACE = 3600
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")

def recreate_database():
    """The run's database, empty (PostgreSQL: dropped and created; SQLite: the file removed), and its Redis flushed."""
    url = os.environ["DATABASE_URL"]
    if url.startswith("sqlite:"):
        import dj_database_url

        path = dj_database_url.parse(url)["NAME"]
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    else:
        import psycopg

        name = url.rsplit("/", 1)[1]
        base = url.rsplit("/", 1)[0]
        with psycopg.connect(f"{base}/postgres".replace("postgres://", "postgresql://"), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    if os.environ.get("REDIS_URL"):
        import redis

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
    from lobby.options import engine_options
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

    def new_match(self, users, started_ago=0.0):
        """A new match for these users; ``started_ago`` seconds back (its first clock already running)."""
        from matches import scheduling, services

        self.seed += 1
        # With clocks the deadlines must be scheduled (Celery); untimed matches schedule nothing.
        if self.clock:
            match = services.create_match(self.game, [services.SeatSpec(user=u) for u, _c in users], self.options,
                                          seed=self.seed, abandon_grace=ABANDON_GRACE, now=time.time() - started_ago)
        else:
            with scheduling.suspended():
                match = services.create_match(self.game, [services.SeatSpec(user=u) for u, _c in users], self.options,
                                              seed=self.seed, abandon_grace=ABANDON_GRACE)
        return match.pk


# ---------------------------------------------------------------- the server

def free_port(lo=8100, hi=8199):
    # from a random place in the range: two runs starting together (two engineers' benchmarks) would otherwise
    # both find the same first free port, and the second site would refuse it
    start = random.randrange(lo, hi + 1)
    for port in [*range(start, hi + 1), *range(lo, start)]:
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
    log_path = os.environ.get("LOAD_SERVER_LOG", "/tmp/alibaba_load-server.log")
    with open(log_path, "w") as log:  # the server keeps its own copy of the file
        server = subprocess.Popen(["bash", "scripts/run.sh"], cwd=ROOT, env=env, start_new_session=True,
                                  stdout=subprocess.DEVNULL, stderr=log)
    # Up to 3 minutes: on a loaded machine migrate, collectstatic and the game data took over 30 s.
    for _ in range(1800):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        stop_server(server)
        raise SystemExit(f"the server did not start: see {log_path}")
    # Each web process's socket takes connections from the start (scripts/serve_web.py binds and listens before
    # the process has loaded the site), so the port answering says only that one is up: a burst sent then queued
    # half its sockets behind a process still importing Django (py-spy: 12% of the burst's samples were the
    # site's start). Wait until every one of them has started serving, as its log says.
    # scripts/run.sh: WEB_PROCESSES (one per core by default) with Redis, exactly one without
    wanted = web_processes or (int(env.get("WEB_PROCESSES") or os.cpu_count()) if env.get("REDIS_URL") else 1)
    if not _web_processes_started(log_path, wanted, timeout=60.0):
        stop_server(server)
        raise SystemExit(f"the web processes did not all start: see {log_path}")
    time.sleep(2.0)  # the workers and beat
    return server


def _web_processes_started(log_path, wanted, timeout):
    """Whether ``wanted`` web processes have logged uvicorn's ``Uvicorn running on``, which each does once the
    site is loaded and it serves."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(log_path, errors="replace") as log:
            if log.read().count("Uvicorn running on") >= wanted:
                return True
        time.sleep(0.1)
    return False


def _group_members(pgid):
    """The live (not zombie) processes of the process group: the site's run.sh and all it started."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry))
    return members


def stop_server(server, grace=20.0):
    """Stop the site and wait until every process of it is gone, not run.sh alone: a Celery worker's
    warm shutdown finishes its task (a Master's search) after run.sh has returned, and a site left
    behind took CPU and the port from the next gate's run (CI, stop 40: the default-mode gate ran on
    port 8101 beside the PostgreSQL one's leftovers, its deadlines 963 ms late at p99)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while _group_members(server.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _group_members(server.pid):
        print(f"site processes still running after {grace:.0f} s: killed {_group_members(server.pid)}")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        while _group_members(server.pid):
            time.sleep(0.1)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=5)


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


class ServerProcesses(dict):
    """{pid: label}, and the run.sh process they were found under (to find them again)."""

    root = None


def server_processes(root_pid):
    """{pid: label} of the web processes, each lane's celery worker ("celery deadlines", "celery bots",
    "celery jobs"; "celery worker" for one started without a lane) and beat under the run.sh process."""
    kids, found, todo = _children(), ServerProcesses(), [root_pid]
    found.root = root_pid
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, []))
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        text = b" ".join(cmd).decode(errors="replace")
        if "config.asgi:application" in text:
            found[pid] = "web"
        elif "celery" in text and " worker" in text:
            # scripts/run.sh names each lane's worker (-n deadlines@%h); its prefork children share the command line
            lane = next((lane for lane in ("deadlines", "bots", "jobs") if f" -n {lane}@" in text), None)
            found[pid] = f"celery {lane}" if lane else "celery worker"
        elif "celery" in text and " beat" in text:
            found[pid] = "celery beat"
        elif "multiprocessing.forkserver" in text or "multiprocessing.spawn" in text:
            found[pid] = "bot pool"  # the default mode's process pool (matches/bot_lane_local.py)
    return found


def cpu_seconds(pid):
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except OSError:
        return 0.0


def machine_ticks():
    """The machine's CPU ticks since boot, all cores: (total, idle + I/O wait, steal); (0, 0, 0) without /proc."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return 0, 0, 0
    # user nice system idle iowait irq softirq steal guest guest_nice (guest time is counted in user already)
    return sum(fields[:8]), fields[3] + fields[4], fields[7]


def machine_use(before, after):
    """What the whole machine did between two ``machine_ticks``: busy and stolen (the hypervisor ran another
    guest on our cores), in % of one core, as the processes' figures are. None without /proc."""
    total, idle, steal = (a - b for a, b in zip(after, before, strict=True))
    if total <= 0:
        return None
    cores = os.cpu_count() or 1
    return 100 * cores * (total - idle - steal) / total, 100 * cores * steal / total


def rss_bytes(pid):
    try:
        return int(open(f"/proc/{pid}/statm").read().split()[1]) * PAGE
    except OSError:
        return 0


def redis_connections(pid, port=None):
    """The process's established TCP connections to Redis (LOAD_REDIS_URL's port), from /proc."""
    port = port or int(os.environ["REDIS_URL"].split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
    except OSError:
        return 0
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as f:
            for line in f.read().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "01" and fields[9] in inodes and int(fields[2].rsplit(":", 1)[1], 16) == port:
                    count += 1
    return count


def web_redis_connections(processes):
    """'pid n, pid n' for the web processes."""
    return ", ".join(f"{pid} {redis_connections(pid)}" for pid, label in processes.items() if label == "web")


def web_rss(processes):
    return sum(rss_bytes(pid) for pid, label in processes.items() if label == "web")


# ---------------------------------------------------------------- the client

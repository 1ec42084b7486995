#!/usr/bin/env python
"""Timer lateness: a Sidi Baba lamp's expiry applied by the platform's Celery timers, minus its deadline.

Starts a Celery worker (one, consuming every lane) and beat against DATABASE_URL and
REDIS_URL, creates Sidi Baba matches with four people seated and nobody connected,
plays their set-up through the service, then moves each match's lamp deadline a few
seconds ahead (spread over --spread seconds) and hands it to the platform's timer
(services.schedule_next, what the service does after every commit). The worker
applies the expiries; the ActionLog row of each `lamp_expired` holds the deadline
(server_time: the engine applies time at the deadline) and when it was written
(created_at). Prints p50/p99/max of created_at - deadline and the number of
segments expired more than once (must be 0: every deadline is also queued a
second time, and beat's sweep runs beside them).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/alibaba_x REDIS_URL=redis://127.0.0.1:6379/4 \\
        .venv/bin/python bench/bench_lamp_lateness.py --expiries 200

The matches it made are deleted at the end. Goal: p99 <= 250 ms.
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["TIMER_BACKEND"] = "celery"

CHESTS = [9, 18, 27, 36, 45]


def start_timers(schedule_file):
    """A worker and a beat. The worker has no -Q, so it consumes every lane (config/settings.py,
    WORKER_LANES): the figures stay comparable with those taken before scripts/run.sh started a
    worker per lane."""
    celery = str(Path(sys.executable).parent / "celery")
    common = dict(cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL, start_new_session=True)
    worker = subprocess.Popen([celery, "-A", "config", "worker", "--loglevel=warning", "--concurrency=2"], **common)
    beat = subprocess.Popen([celery, "-A", "config", "beat", "--loglevel=warning", f"--schedule={schedule_file}"], **common)
    return [worker, beat]


def stop_timers(processes):
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def wait_for_worker(timeout=60):
    from config.celery import app

    end = time.time() + timeout
    while time.time() < end:
        if app.control.ping(timeout=1.0):
            return True
    return False


def set_up_match(services, users, seed):
    """A match played through the service up to "Open Sesame" (the first lamp lit)."""
    from sidibaba import engine

    match = services.create_match("sidibaba", [services.SeatSpec(user=u) for u in users],
                                  {"segment_seconds": 60, "maze": "grotto"}, seed=seed, rated=False)
    services.match_apply_action(match.pk, 0, {"type": "place_treasure", "cell": 63})
    for cell in CHESTS:
        services.match_apply_action(match.pk, 0, {"type": "place_chest", "cell": cell})
    services.match_apply_action(match.pk, 0, {"type": "choose_entrance", "opening": 0})
    characters = engine.game_data()["characters"]
    for seat in range(1, len(users)):
        services.match_apply_action(match.pk, seat, {"type": "choose_character", "character": characters[seat]})
    match.refresh_from_db()
    services.match_apply_action(match.pk, match.state["line"][0], {"type": "open_sesame"})
    match.refresh_from_db()
    return match


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expiries", type=int, default=200)
    parser.add_argument("--lead", type=float, default=8.0, help="seconds from scheduling to the first deadline")
    parser.add_argument("--spread", type=float, default=20.0, help="the deadlines are spread over this many seconds")
    parser.add_argument("--no-duplicates", action="store_true", help="send each deadline task once, not twice")
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from matches import scheduling, services
    from matches.models import ActionLog, Match
    from matches.services import _ts

    call_command("migrate", verbosity=0)
    call_command("load_game_data", verbosity=0)
    User = get_user_model()
    run_tag = f"lamp{int(time.time())}"
    users = [User.objects.create_user(f"{run_tag}_{s}", password=None) for s in range(4)]
    timers = start_timers(f"/tmp/{os.environ.get('CACHE_PREFIX', 'bench')}-lamp-bench-beat-schedule")
    match_ids = []
    try:
        print(f"setting up {args.expiries} matches through the service ...", flush=True)
        with scheduling.suspended():
            matches = [set_up_match(services, users, seed) for seed in range(args.expiries)]
        match_ids = [m.pk for m in matches]
        if not wait_for_worker():
            raise SystemExit("no Celery worker answered")
        first = time.time() + args.lead
        step = args.spread / max(1, args.expiries - 1)
        for i, match in enumerate(matches):
            # The lamp's deadline moved close (segments last at least 60 s); the platform then schedules it
            # as it does after every commit: into the deadline queue that beat's clock hands to the workers
            # when due (matches/deadline_queue.py), and beat's sweep as the fallback.
            at = first + i * step
            match.state["ends_at"] = at
            match.next_deadline = _ts(at)
            match.save(update_fields=["state", "next_deadline"])
            services.schedule_next(match)
            if not args.no_duplicates:
                scheduling.schedule_deadline(match.pk, match.version, at)
        last = first + args.spread
        print(f"{args.expiries} deadlines over {args.spread:.0f} s starting in {args.lead:.0f} s; waiting ...", flush=True)
        expiries = ActionLog.objects.filter(match_id__in=match_ids, seat__isnull=True, action__type="lamp_expired")
        while time.time() < last + 30 and expiries.filter(action__segment=1).count() < args.expiries:
            time.sleep(0.5)
        rows = list(expiries.values_list("match_id", "action", "server_time", "created_at"))
    finally:
        stop_timers(timers)
        Match.objects.filter(pk__in=match_ids).delete()
        User.objects.filter(username__startswith=run_tag).delete()

    first_segment = [(m, a, deadline, created) for m, a, deadline, created in rows if a.get("segment") == 1]
    late_ms = sorted((created.timestamp() - deadline) * 1000 for _m, _a, deadline, created in first_segment)
    applications = Counter((m, a.get("segment")) for m, a, _d, _c in rows)
    doubled = sum(count - 1 for count in applications.values() if count > 1)
    missing = args.expiries - len({m for m, _a, _d, _c in first_segment})
    if not late_ms:
        raise SystemExit("no expiry was applied")
    p99 = late_ms[min(len(late_ms) - 1, int(round(0.99 * len(late_ms))) - 1)]
    print(f"expiries applied: {len(late_ms)} of {args.expiries} (missing {missing}); doubled applications: {doubled}")
    print(f"lateness (applied - deadline): p50 {statistics.median(late_ms):.1f} ms, p99 {p99:.1f} ms, "
          f"max {late_ms[-1]:.1f} ms, min {late_ms[0]:.1f} ms")
    print("goal p99 <= 250 ms:", "met" if p99 <= 250 and not doubled and not missing else "MISSED")


if __name__ == "__main__":
    main()

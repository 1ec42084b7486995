import logging
import os

from celery import Celery
from celery.signals import beat_init, task_prerun, worker_ready

from matches.job_registry import BeatSchedule

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("alibaba")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Beat runs every maintenance job the apps registered (matches/job_registry.py), read when beat
# builds its scheduler, after Django started: the same list the default mode's timer loop runs.
app.conf.beat_schedule = BeatSchedule()
# A worker keeps its database connection from one task to the next, as a web process keeps a request's
# (CONN_MAX_AGE, with its health check: each task starts with Django's own close_old_connections, below).
# Celery's Django fix-up otherwise closes it after every task: in the load gate the deadlines' worker spent a
# quarter of its time opening a new PostgreSQL connection per deadline (py-spy, docs/performance.md). The
# fix-up still closes them every WORKER_TASKS_PER_CONNECTION tasks (its setting counts a task twice).
WORKER_TASKS_PER_CONNECTION = 1000
app.conf.CELERY_DB_REUSE_MAX = WORKER_TASKS_PER_CONNECTION


@task_prerun.connect
def connections_checked_as_a_request_checks_them(sender=None, **_kwargs):
    """Before a task, a connection too old (CONN_MAX_AGE) or broken (a restarted database) is closed, and the
    next query opens a new one. Not for a task run eagerly: it runs inside its caller's transaction."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


@worker_ready.connect
def sweep_when_a_worker_starts(**_kwargs):
    """A worker back from a crash catches up at once: the deadlines whose tasks died with the
    old worker (or with a restarted broker) are applied now, not at the next beat."""
    app.send_task("matches.tasks.sweep_overdue_matches", kwargs={"grace": 0.0})


@beat_init.connect
def start_the_deadline_clock(**_kwargs):
    """The one beat of the site also holds the deadline clock (due deadlines become tasks at their moment) and
    the bot lane's dispatcher (computer players' turns handed to the bots' workers by the fair share)."""
    # Imported here: config/__init__.py imports this module while settings load, before Django's
    # app registry is ready, and these reach models.
    from matches.bot_queue import BotDispatcher
    from matches.deadline_queue import DeadlineClock
    from matches.scheduling import scheduler

    # Deadlines days away (turn-based tables) outlive a Redis restart this way too, on time.
    try:
        scheduler().reload_waiting_deadlines()
    except Exception:  # noqa: BLE001 - Redis or the database away: beat's sweep still covers
        logging.getLogger(__name__).exception("reloading the stored deadlines failed")
    DeadlineClock().start()
    # Bot turns wait in Redis (matches/bot_queue.py): a beat restarted finds them there; a turn Redis lost
    # is asked again by the wake-idle-bots job, a slot a killed worker held comes back after BOT_INFLIGHT_SECONDS.
    BotDispatcher().start()

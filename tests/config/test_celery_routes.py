"""Celery's lanes (config/settings.py, CELERY_TASK_ROUTES and CELERY_TASK_QUEUES): every task of the
project goes to its lane's queue, every queue carries the site's name, and a worker of one lane runs
its tasks while another lane is jammed (issue 33: deadlines waited behind bots and maintenance)."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from config.celery import app as celery_app
from matches import scheduling, services
from matches.models import Match
from matches.services import SeatSpec
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]

LANE_OF_TASK = {
    "matches.tasks.deadline_reached": "deadlines",
    "matches.tasks.sweep_overdue_matches": "deadlines",
    "matches.tasks.wake_reached": "deadlines",  # an app's wake-up (a tournament's next moment) is the clock's too
    "matches.tasks.bot_act": "bots",
    "matches.tasks.review_step": "bots",  # a match review's step: the computer players' lane, at low priority
    "matches.tasks.run_jobs": "jobs",
    "matches.tasks.run_job": "jobs",
    "matches.tasks.record_match_ratings": "default",
    "accounts.tasks.send_account_email": "default",
}


def queue_of(task_name: str) -> str:
    """Where the app's router sends a task of this name (what send_task, delay and beat use)."""
    return celery_app.amqp.router.route({}, task_name)["queue"].name


def test_every_task_of_the_project_is_given_a_lane():
    celery_app.loader.import_default_modules()  # the apps' tasks.py, as a worker imports them
    assert {name for name in celery_app.tasks if not name.startswith("celery.")} == set(LANE_OF_TASK)


@pytest.mark.parametrize("task, lane", sorted(LANE_OF_TASK.items()))
def test_each_task_is_routed_to_its_lanes_queue(task, lane):
    assert queue_of(task) == settings.WORKER_LANES[lane]


def test_every_lanes_queue_carries_the_sites_name_and_receives_only_its_own_tasks():
    names = list(settings.WORKER_LANES.values())
    assert len(set(names)) == len(names) == 4
    assert all(name.startswith(f"{settings.SITE_NAME}:") for name in names)
    assert settings.WORKER_LANES["default"] == celery_app.conf.task_default_queue
    # each bound by its own name on the one direct exchange: a message reaches one queue only
    for queue in celery_app.amqp.queues.values():
        assert queue.routing_key == queue.name and queue.exchange.type == "direct"


def test_a_worker_started_without_a_queue_list_consumes_every_lane():
    assert set(celery_app.amqp.queues.consume_from) == set(settings.WORKER_LANES.values())


def test_run_sh_asks_for_the_queues_the_settings_route_to():
    env = dict(os.environ, SITE_NAME="lanes-site")
    def queues(*lanes):
        return subprocess.run([sys.executable, "scripts/celery_queues.py", *lanes], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True).stdout.strip()

    assert queues("deadlines") == "lanes-site:celery:deadlines"
    assert queues("jobs", "default") == "lanes-site:celery:jobs,lanes-site:celery"
    assert queues().split(",") == [f"lanes-site:celery{suffix}" for suffix in (":deadlines", ":bots", ":jobs", "")]
    refused = subprocess.run([sys.executable, "scripts/celery_queues.py", "clock"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert refused.returncode == 2 and "unknown lane" in refused.stderr


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_clocks_worker_applies_a_deadline_while_the_bots_and_jobs_lanes_are_jammed():
    client = redis.Redis.from_url(settings.REDIS_URL)
    prefix = celery_app.conf.broker_transport_options["global_keyprefix"]
    bots, jobs = settings.WORKER_LANES["bots"], settings.WORKER_LANES["jobs"]
    celery_app.control.purge()
    with scheduling.suspended():  # only the deadline task sent below
        match = services.create_match(
            "countdown", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())], {"clock": 10, "rounds": 1},
            seed=1, now=time.time() - 10.2,
        )
    for _ in range(50):  # a backlog no worker of those lanes takes
        celery_app.send_task("matches.tasks.bot_act", args=(match.pk, 0, 0))
        celery_app.send_task("matches.tasks.run_jobs", args=(("sweep-overdue-matches",),))
    celery_app.send_task("matches.tasks.deadline_reached", args=(match.pk, 0))
    try:
        with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=10,
                          queues=[settings.WORKER_LANES["deadlines"]]):
            end = time.time() + 15
            while Match.objects.get(pk=match.pk).version < 1 and time.time() < end:
                time.sleep(0.1)
        assert Match.objects.get(pk=match.pk).version == 1
        assert client.llen(prefix + bots) == 50 and client.llen(prefix + jobs) == 50  # untouched
    finally:
        celery_app.amqp.queues.select(list(settings.WORKER_LANES.values()))  # the embedded worker narrowed it
        celery_app.control.purge()

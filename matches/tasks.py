"""Celery tasks: thin, idempotent, and they take ids, never objects.

Each goes to its lane's queue (config/settings.py, CELERY_TASK_ROUTES): the deadlines, the
computer players, the maintenance jobs, the rest; scripts/run.sh starts a worker per lane.
"""
import logging

import redis
from celery import shared_task
from django.conf import settings

from matches import bot_lane_local, bot_queue, job_registry, ratings, redis_client, reviews, services
from matches.bot_lane import BotJob, ReviewJob

logger = logging.getLogger(__name__)

# What run_job and run_jobs give for a job left alone because its previous run was still going.
SKIPPED = "skipped"

_redis = redis_client.client


def job_lock_key(name: str) -> str:
    """The Redis key a run of this job holds while it runs (a token only its owner may delete)."""
    return f"{settings.SITE_NAME}:job-lock:{name}"


def skipped_runs_key() -> str:
    """A Redis hash: job name -> runs skipped because the previous one was still running."""
    return f"{settings.SITE_NAME}:job-skipped"


def run_coalesced(name: str):
    """Run a registered job unless a run of it is in flight on any worker: then skip it (logged at
    debug, counted in ``skipped_runs_key()``) and give SKIPPED.

    Beat sends every period whatever the workers do; a job slower than its period (a sweep of
    an overloaded site) would otherwise pile runs of itself up in the queue, each doing the same
    work again. The lock is redis-py's (SET NX PX with a random token, released only by the
    holder); its expiry, JOB_LOCK_SECONDS, is far longer than a run and frees the job after a
    worker killed mid-run. A run that outlives it just may overlap the next, which every job
    tolerates (safe to run twice). Without Redis (the default mode) nothing runs these tasks but
    a caller in this process: no lock.
    """
    job = job_registry.get(name)
    if not settings.REDIS_URL:
        return job.run()
    client = _redis()
    lock = client.lock(job_lock_key(name), timeout=settings.JOB_LOCK_SECONDS, blocking=False)
    if not lock.acquire():
        client.hincrby(skipped_runs_key(), name, 1)
        logger.debug("maintenance job %s skipped: its previous run is still going", name)
        return SKIPPED
    try:
        return job.run()
    finally:
        try:
            lock.release()
        except redis.exceptions.LockNotOwnedError:
            logger.warning("maintenance job %s ran longer than its lock (%s s)", name, settings.JOB_LOCK_SECONDS)


@shared_task(name=job_registry.RUN_JOB_TASK, ignore_result=True)
def run_job(name: str):
    """One registered maintenance job (matches/job_registry.py) by name, by hand; SKIPPED if a run of it is going."""
    return run_coalesced(name)


@shared_task(name=job_registry.RUN_JOBS_TASK, ignore_result=True)
def run_jobs(names) -> dict:
    """The registered jobs of one period (beat's schedule), one after the other, each skipped while
    a run of it is still going (``run_coalesced``): a job that fails is logged and the others still
    run; what each returned, by name (None for one that failed, SKIPPED for one skipped)."""
    results = {}
    for name in names:
        try:
            results[name] = run_coalesced(name)
        except Exception:  # noqa: BLE001 - one failing job must not stop the others of its period
            logger.exception("maintenance job %s failed", name)
            results[name] = None
    return results


@shared_task(name="matches.tasks.deadline_reached", ignore_result=True)
def deadline_reached(match_id: int, version: int) -> bool:
    return services.match_apply_deadline(match_id, version)


@shared_task(name="matches.tasks.wake_reached", ignore_result=True)
def wake_reached(kind: str, object_id: int):
    """An app's wake-up (job_registry.register_wake) on the clock's lane: the work finds out what is due."""
    return job_registry.wake_kind(kind).run(object_id)


@shared_task(name="matches.tasks.bot_act", ignore_result=True)
def bot_act(match_id: int, seat: int, version: int, hurried: bool = False, owner: str | None = None) -> bool:
    """A computer player's turn the bot lane's dispatcher handed out (matches/bot_queue.py): read, decide here,
    submit; its slot in the lane is freed whatever happens (sent without ``owner``: no slot was taken)."""
    try:
        return services.match_bot_act(match_id, seat, version, hurried=hurried)
    finally:
        if owner is not None:
            try:
                bot_queue.done(BotJob(match_id, seat, version, owner))
            except Exception:  # noqa: BLE001 - Redis away: the slot comes back by itself (BOT_INFLIGHT_SECONDS)
                logger.exception("freeing the bot lane's slot of %s:%s:%s failed", match_id, seat, version)


@shared_task(name="matches.tasks.review_step", ignore_result=True)
def review_step(review_id: int) -> bool:
    """One step of a match review the bot lane handed out at low priority (matches/bot_queue.py): its decision
    judged in a child of the idle scheduling class; its slot freed whatever happens."""
    try:
        return reviews.run_review_step(review_id, judge=bot_lane_local.judge_niced)
    finally:
        try:
            bot_queue.done_review(ReviewJob(review_id))
        except Exception:  # noqa: BLE001 - Redis away: the slot comes back by itself (BOT_INFLIGHT_SECONDS)
            logger.exception("freeing the review slot of %s failed", review_id)


@shared_task(name="matches.tasks.sweep_overdue_matches", ignore_result=True)
def sweep_overdue_matches(grace: float | None = None) -> int:
    """Overdue deadlines at once (a worker starting after a crash sends it with ``grace=0``);
    beat runs the same sweep with the usual grace as the job ``sweep-overdue-matches``."""
    return services.sweep_overdue_matches(grace=settings.SWEEP_GRACE_SECONDS if grace is None else grace)


@shared_task(name="matches.tasks.record_match_ratings", ignore_result=True)
def record_match_ratings(match_id: int) -> bool:
    return ratings.record_match_ratings(match_id)

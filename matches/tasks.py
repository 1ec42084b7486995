"""Celery tasks: thin, idempotent, and they take ids, never objects."""
from celery import shared_task
from django.conf import settings

from matches import job_registry, ratings, services


@shared_task(name=job_registry.RUN_JOB_TASK, ignore_result=True)
def run_job(name: str):
    """A registered maintenance job (matches/job_registry.py): what beat's schedule sends."""
    return job_registry.get(name).run()


@shared_task(name="matches.tasks.deadline_reached", ignore_result=True)
def deadline_reached(match_id: int, version: int) -> bool:
    return services.match_apply_deadline(match_id, version)


@shared_task(name="matches.tasks.bot_act", ignore_result=True)
def bot_act(match_id: int, seat: int, version: int) -> bool:
    return services.match_bot_act(match_id, seat, version)


@shared_task(name="matches.tasks.sweep_overdue_matches", ignore_result=True)
def sweep_overdue_matches(grace: float | None = None) -> int:
    """Overdue deadlines at once (a worker starting after a crash sends it with ``grace=0``);
    beat runs the same sweep with the usual grace as the job ``sweep-overdue-matches``."""
    return services.sweep_overdue_matches(grace=settings.SWEEP_GRACE_SECONDS if grace is None else grace)


@shared_task(name="matches.tasks.record_match_ratings", ignore_result=True)
def record_match_ratings(match_id: int) -> bool:
    return ratings.record_match_ratings(match_id)

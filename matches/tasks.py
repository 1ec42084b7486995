"""Celery tasks: thin, idempotent, and they take ids, never objects."""
from celery import shared_task
from django.conf import settings

from matches import presence, ratings, services, turns


@shared_task(name="matches.tasks.deadline_reached", ignore_result=True)
def deadline_reached(match_id: int, version: int) -> bool:
    return services.match_apply_deadline(match_id, version)


@shared_task(name="matches.tasks.bot_act", ignore_result=True)
def bot_act(match_id: int, seat: int, version: int) -> bool:
    return services.match_bot_act(match_id, seat, version)


@shared_task(name="matches.tasks.sweep_overdue_matches", ignore_result=True)
def sweep_overdue_matches(grace: float | None = None) -> int:
    moved = services.sweep_overdue_matches(grace=settings.SWEEP_GRACE_SECONDS if grace is None else grace)
    services.wake_idle_bots()
    ratings.record_unrecorded()
    presence.stand_in_for_absent_seats()
    presence.end_deserted_matches()
    return moved


@shared_task(name="matches.tasks.record_match_ratings", ignore_result=True)
def record_match_ratings(match_id: int) -> bool:
    return ratings.record_match_ratings(match_id)


@shared_task(name="matches.tasks.send_turn_digests", ignore_result=True)
def send_turn_digests() -> int:
    return turns.send_turn_digests()

"""Staff's recurring tournaments (`Schedule`): each occurrence is created a day ahead by the job, so
that people can register and be reminded; a start is created once however many runs race for it
(a unique constraint on the schedule and the start)."""
import time
from datetime import UTC, datetime, timedelta

from django.db import IntegrityError, transaction

from tournaments import services
from tournaments.models import Schedule, Tournament

AHEAD = timedelta(days=1)


def next_start(schedule: Schedule, after: datetime) -> datetime:
    """The schedule's first start strictly after ``after`` (UTC)."""
    day = after.astimezone(UTC).date()
    for offset in range(0, 9):
        candidate = datetime.combine(day + timedelta(days=offset), schedule.at_time, tzinfo=UTC)
        if candidate <= after:
            continue
        if schedule.every == Schedule.Every.WEEKLY and candidate.weekday() != schedule.weekday:
            continue
        return candidate
    raise ValueError(f"schedule {schedule.pk} has no start within a week")


def create_coming(now: float | None = None) -> int:
    """The periodic job: the next tournament of every active schedule, once it is a day away."""
    now = time.time() if now is None else now
    at = datetime.fromtimestamp(now, tz=UTC)
    created = 0
    for schedule in Schedule.objects.filter(active=True):
        start = next_start(schedule, at)
        if start - at > AHEAD or Tournament.objects.filter(schedule=schedule, starts_at=start).exists():
            continue
        try:
            with transaction.atomic():
                services.create_tournament(None, starts_at=start, rated=schedule.rated, schedule=schedule, now=now,
                                           **schedule.choices())
            created += 1
        except IntegrityError:
            pass  # another run created it first
        except services.TournamentError:
            # a schedule that no longer passes the checks (a game's options changed): it waits for staff
            Schedule.objects.filter(pk=schedule.pk).update(active=False)
    return created

"""The tournaments' time, registered into the platform's lists (matches/job_registry.py) when Django
starts (TournamentsConfig.ready()): their wake-ups on the clock's lane (a start, an arena's fill and
end, a match's end: tournaments/services.py), the slow sweep behind them, the e-mail reminders before
a start and staff's recurring tournaments."""
from django.conf import settings

from matches import endings, job_registry
from tournaments import reminders, schedules, services

# A wake-up lost (Redis restarted without its data) is done at most this late, plus the grace.
SWEEP_SECONDS = 10.0


def sweep_overdue_tournaments() -> int:
    return services.advance_due(grace=settings.SWEEP_GRACE_SECONDS)


job_registry.register_wake(services.WAKE, services.wake, services.waiting_wakes)
endings.register(services.match_ended)
job_registry.register("sweep-overdue-tournaments", sweep_overdue_tournaments, period=SWEEP_SECONDS)
# a few minutes' notice is plenty: once every 30 s
job_registry.register("send-tournament-reminders", reminders.send_reminders, period=30.0)
# staff's recurring tournaments, each created a day ahead
job_registry.register("create-scheduled-tournaments", schedules.create_coming, period=60.0)

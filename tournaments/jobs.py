"""The tournaments' job, registered into the platform's one list (matches/job_registry.py) when
Django starts (TournamentsConfig.ready()): starts, counts ended matches, seats the arena's free
players, opens Swiss rounds and ends tournaments, every second, with nobody connected; and the
e-mail reminders before a start."""
from matches import job_registry
from tournaments import reminders, schedules, services

job_registry.register("advance-tournaments", services.advance_due, period=1.0)
# a few minutes' notice is plenty: once every 30 s
job_registry.register("send-tournament-reminders", reminders.send_reminders, period=30.0)
# staff's recurring tournaments, each created a day ahead
job_registry.register("create-scheduled-tournaments", schedules.create_coming, period=60.0)

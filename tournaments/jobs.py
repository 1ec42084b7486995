"""The tournaments' job, registered into the platform's one list (matches/job_registry.py) when
Django starts (TournamentsConfig.ready()): starts, counts ended matches, seats the arena's free
players, opens Swiss rounds and ends tournaments, every second, with nobody connected."""
from matches import job_registry
from tournaments import services

job_registry.register("advance-tournaments", services.advance_due, period=1.0)

"""The lobby's maintenance job, registered into the platform's one list (matches/job_registry.py)
when Django starts (LobbyConfig.ready()): the lobby calls the platform, never the reverse."""
from lobby import quick_match
from matches import job_registry

# Starts every quick match a lost race at join time left waiting; idempotent (the queue's rows
# are taken under lock, skip_locked).
job_registry.register("sweep-quick-match-queue", quick_match.sweep_quick_match_queue, period=10.0)

"""The maintenance jobs and timer work of matches, registered into the one list
(matches/job_registry.py) when Django starts (MatchesConfig.ready()).

Every job takes no objects and is idempotent: a sweep run twice, or in two processes at once,
finds nothing left to do the second time (each works under the match row's lock).
"""
from django.conf import settings

from matches import job_registry, presence, ratings, reviews, services, turn_mail

# Beat ran every sweep each second: a lost expiry is applied at most SWEEP_GRACE_SECONDS + 1 s
# late (one indexed query), and so it is in both modes now.
SWEEP_SECONDS = 1.0


def sweep_overdue_matches() -> int:
    return services.sweep_overdue_matches(grace=settings.SWEEP_GRACE_SECONDS)


job_registry.register("sweep-overdue-matches", sweep_overdue_matches, period=SWEEP_SECONDS)
job_registry.register("wake-idle-bots", services.wake_idle_bots, period=SWEEP_SECONDS)
job_registry.register("record-unrecorded-ratings", ratings.record_unrecorded, period=SWEEP_SECONDS)
job_registry.register("stand-in-for-absent-seats", presence.stand_in_for_absent_seats, period=SWEEP_SECONDS)
job_registry.register("end-deserted-matches", presence.end_deserted_matches, period=SWEEP_SECONDS)
job_registry.register("wake-waiting-reviews", reviews.wake_waiting_reviews, period=reviews.WAKE_SECONDS)
job_registry.register("send-turn-digests", turn_mail.send_turn_digests, period=lambda: settings.TURN_MAIL_INTERVAL)

job_registry.register_timer("deadline", services.match_apply_deadline)
job_registry.register_timer("bot", services.match_bot_act)
job_registry.register_timer("rating", ratings.record_match_ratings)
job_registry.register_timer("review", reviews.run_review_step)

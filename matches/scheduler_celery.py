"""The scheduler with a broker (TIMER_BACKEND=celery): Celery workers run every timer.

A deadline waits in Redis (matches/deadline_queue.py) until beat's deadline clock hands it to
the workers as ``deadline_reached(match, version)``; a computer player's turn waits in Redis too,
in the bot lane's fair queue (matches/bot_queue.py), until beat's dispatcher hands it to the bots'
workers as ``bot_act``; a finished match's ratings are a task sent at once. Tasks are sent by name: the
workers own them (matches/tasks.py), the web process never imports what they run.
"""
import time

from celery import current_app

from matches import bot_lane, bot_queue, deadline_queue
from matches.scheduler import Scheduler

BOT_TASK = bot_queue.BOT_TASK
RATING_TASK = "matches.tasks.record_match_ratings"


class CeleryScheduler(Scheduler):
    name = "celery"
    has_workers = True

    def deadline(self, match_id: int, version: int, at: float) -> None:
        deadline_queue.push(match_id, version, at)

    def bot(self, match_id: int, seat: int, version: int, delay: float, owner: str = bot_lane.SHARED_OWNER) -> None:
        bot_queue.push(bot_lane.BotJob(match_id, seat, version, owner), time.time() + delay)

    def review(self, review_id: int) -> None:
        bot_queue.push_review(bot_lane.ReviewJob(review_id), time.time())

    def rating(self, match_id: int) -> None:
        current_app.send_task(RATING_TASK, args=(match_id,))

    def wake(self, kind: str, object_id: int, at: float) -> None:
        deadline_queue.push_wake(kind, object_id, at)

"""Match reviews (docs/analysis.md): who may ask for one, the one row per match and seat, and each step.

A review is asked for through ``request_review`` and worked out in the background on the computer players'
lane at low priority, one decision a step (``run_review_step``): read the next decision of the seat from the
match's log (``gamekit.review.decisions``), judge it where the lane says (a child of the idle scheduling class: ``judge``),
write it and ask the lane for the next step. The judging is a pure function of plain values
(``bot_lane.review_step``); the walk and the writes are here.

Who may see a seat's review: a person their own seats of a finished match; anyone any seat of a public match
once it is over. Asking needs an account, and costs one of ``REVIEW_CAP_PER_DAY`` a day unless the review is
already worked out under the current engine (``engine_version``), or on its way.
"""
import itertools
import logging
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from gamekit import contract, review
from matches import bot_lane, scheduling
from matches.models import Match, MatchReview
from matches.registry import get_game

logger = logging.getLogger(__name__)

# The review's own version: bumped when what a review computes changes (gamekit/review.py), so that a review
# done before is worked out again when asked for.
# 2: Sidi Baba's share of the playouts (gamekit.review.PLAYOUT_SHARE); 3: who gained (a decision's "gave");
# 4: Sidi Baba's sharings and the Leader's thefts judged; 5: Sidi Baba's lamp votes, chest windows, a genie's keep,
# a gift to Scheherazade and the decisions beside another's draw judged, each side decision weighed among its own
# actions (bots.decision_of); 6: Sidi Baba's setup judged (the Leader's placements, an Adventurer's character)
REVIEW_VERSION = 6
CAP_WINDOW = timedelta(days=1)
# How often the reviews on their way are handed to the lane again (a restart forgets the default mode's queue).
WAKE_SECONDS = 10.0


class ReviewRefused(Exception):
    """Why a review may not be asked for (``code``) and the sentence to show."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def engine_version(match: Match) -> str:
    """What a review of ``match`` is worked out under: the review's version, the game engine's current rules
    version (its bots and sampling change with it) and the budget in playouts."""
    engine = get_game(match.game).engine
    current = getattr(engine, "RULES_VERSION", contract.FIRST_RULES_VERSION)
    return f"{REVIEW_VERSION}:{current}:{settings.REVIEW_PLAYOUTS}"


def reviewable_seats(match: Match, user) -> list[int]:
    """The seats of ``match`` whose review ``user`` may see: none before the end or for a game without reviews;
    a public match's every seat; a private one's seats of ``user``."""
    if match.status != Match.Status.FINISHED or get_game(match.game).review_config is None:
        return []
    if not match.is_private:
        return list(range(match.players))
    if not user.is_authenticated:
        return []
    return sorted(match.seats.filter(user_id=user.pk).values_list("seat", flat=True))


def request_review(match: Match, seat, user, now=None) -> MatchReview:
    """The review of ``seat`` asked for by ``user``: the existing row when it is done or on its way under the
    current engine, else a new (or renewed) row queued on the lane. Raises ReviewRefused."""
    now = now or timezone.now()
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < match.players:
        raise ReviewRefused("bad_seat", _("There is no such seat in this match."))
    if not user.is_authenticated:
        raise ReviewRefused("login", _("Log in to ask for a review."))
    if seat not in reviewable_seats(match, user):
        raise ReviewRefused("forbidden", _("You may not review this seat."))
    version = engine_version(match)
    with transaction.atomic():
        existing = MatchReview.objects.select_for_update().filter(match=match, seat=seat).first()
        if existing is not None and existing.engine_version == version and existing.status != MatchReview.Status.FAILED:
            return existing
        asked = MatchReview.objects.filter(requested_by=user, requested_at__gt=now - CAP_WINDOW).count()
        if asked >= settings.REVIEW_CAP_PER_DAY:
            raise ReviewRefused("cap", _("You have asked for as many reviews as a day allows; try again tomorrow."))
        fields = {"rules_version": match.rules_version, "engine_version": version, "status": MatchReview.Status.QUEUED,
                  "done": 0, "total": 0, "results": {}, "error": "", "seed": f"review:{match.pk}:{seat}",
                  "requested_by": user, "requested_at": now, "finished_at": None}
        if existing is not None:
            for name, value in fields.items():
                setattr(existing, name, value)
            existing.save()
            row = existing
        else:
            try:
                with transaction.atomic():
                    row = MatchReview.objects.create(match=match, seat=seat, **fields)
            except IntegrityError:  # asked twice at once: the other request made the row
                return MatchReview.objects.get(match=match, seat=seat)
        transaction.on_commit(lambda: scheduling.schedule_review(row.pk))
    return row


def _log(match: Match):
    return list(match.actions.order_by("seq").values_list("seat", "action", "server_time"))


def _decisions(match: Match, seat: int, stop=None):
    engine = get_game(match.game).engine
    options = contract.with_rules_version(match.options, match.rules_version)
    walked = review.decisions(engine, match.players, options, match.seed, match.options.get("started_at", 0.0),
                              _log(match), seat)
    return itertools.islice(walked, stop) if stop is not None else walked


def review_step_request(row: MatchReview) -> bot_lane.ReviewStepRequest | None:
    """Read: the next ``REVIEW_STEP_DECISIONS`` decisions of the review to judge, as plain values; None when
    every one is (the total is counted on the first step). A step walks the match's log once (a Sidi Baba match
    is a thousand actions, and an Adventurer votes at half of them): a few decisions a walk."""
    match = row.match
    spec = get_game(match.game)
    if not row.total and not row.done:
        total = sum(1 for _d in _decisions(match, row.seat))
        MatchReview.objects.filter(pk=row.pk).update(total=total, status=MatchReview.Status.RUNNING)
        row.total = total
    if row.done >= row.total:
        return None
    batch = tuple(itertools.islice(_decisions(match, row.seat, row.done + settings.REVIEW_STEP_DECISIONS), row.done, None))
    return bot_lane.ReviewStepRequest(
        review=row.pk, game=match.game, engine_ref=spec.engine.__name__,
        config_ref=bot_lane.bot_ref(spec.review_config), decisions=batch, seed=row.seed, players=match.players,
        playouts=settings.REVIEW_PLAYOUTS)


def run_review_step(review_id: int, judge=None, now=None) -> bool:
    """One step of a review: its next decisions judged (``judge(request)``: where the lane runs it; here by
    default), written, and the next step asked for; the review finished when none is left. True if a step
    was taken. Idempotent: a step for a review already done, failed or moved on writes nothing."""
    row = MatchReview.objects.select_related("match").filter(pk=review_id).first()
    if row is None or row.status in (MatchReview.Status.DONE, MatchReview.Status.FAILED):
        return False
    try:
        request = review_step_request(row)
        judged = None if request is None else (judge or bot_lane.review_step)(request)
    except Exception as exc:  # noqa: BLE001 - a review that cannot be worked out says so instead of waiting forever
        logger.exception("review %s failed", review_id)
        MatchReview.objects.filter(pk=review_id).update(status=MatchReview.Status.FAILED, error=repr(exc)[:2000],
                                                        finished_at=now or timezone.now())
        return False
    with transaction.atomic():
        row = MatchReview.objects.select_for_update().filter(pk=review_id).first()
        if row is None or row.status in (MatchReview.Status.DONE, MatchReview.Status.FAILED):
            return False
        decisions = list((row.results or {}).get("decisions", []))
        if judged is not None:
            if len(decisions) != row.done or [d["seq"] for d in judged] != [d.seq for d in request.decisions]:
                return False  # another step wrote these (a slot given back too early): nothing twice
            decisions.extend(judged)
            row.done += len(judged)
        finished = row.done >= row.total
        row.results = {"decisions": decisions, "swings": review.swings(decisions) if finished else []}
        row.status = MatchReview.Status.DONE if finished else MatchReview.Status.RUNNING
        row.finished_at = (now or timezone.now()) if finished else None
        row.save(update_fields=["results", "done", "status", "finished_at"])
        if not finished:
            transaction.on_commit(lambda: scheduling.schedule_review(review_id))
    return True


def wake_waiting_reviews() -> int:
    """Hand every review on its way to the lane again (a restarted process forgot its queue; the lane keeps one
    waiting step per review, and a step finds the next decision itself); returns how many."""
    waiting = list(MatchReview.objects.filter(status__in=[MatchReview.Status.QUEUED, MatchReview.Status.RUNNING])
                   .values_list("pk", flat=True))
    for review_id in waiting:
        scheduling.schedule_review(review_id)
    return len(waiting)


def thresholds_payload(game: str) -> dict:
    limits = review.thresholds_for(game)
    return {"inaccuracy": limits.inaccuracy, "mistake": limits.mistake, "blunder": limits.blunder}

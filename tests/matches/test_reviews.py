"""Match reviews (matches/reviews.py): who may ask, one row per match and seat, the cap, the steps."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gamekit import contract, review
from matches import reviews
from matches.models import Match, MatchReview, MatchSeat
from matches.registry import get_game
from matches.simulation import simulate
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _finished_basra(seed=4, private=False, user=None):
    """A two-player Basra match of Merchants played to the end (about 60 actions), seat 0 given to ``user``."""
    match = Match.objects.get(pk=simulate("basra", matches=1, players=2, seed=seed, bots=["merchant"] * 2).match_ids[0])
    Match.objects.filter(pk=match.pk).update(is_private=private)
    if user is not None:
        MatchSeat.objects.filter(match=match, seat=0).update(user=user, bot="")
    match.refresh_from_db()
    return match


def _run_to_the_end(row, limit=500):
    for _ in range(limit):
        if not reviews.run_review_step(row.pk):
            break
    row.refresh_from_db()
    return row


def test_anyone_may_review_any_seat_of_a_public_finished_match_and_a_person_only_their_own_of_a_private_one(settings):
    alice, bob = UserFactory(), UserFactory()
    public = _finished_basra(user=alice)
    assert reviews.reviewable_seats(public, bob) == [0, 1]
    private = _finished_basra(seed=5, private=True, user=alice)
    assert reviews.reviewable_seats(private, alice) == [0]
    assert reviews.reviewable_seats(private, bob) == []
    with pytest.raises(reviews.ReviewRefused) as refused:
        reviews.request_review(private, 1, alice)
    assert refused.value.code == "forbidden" and not MatchReview.objects.exists()


def test_a_running_match_is_not_reviewed():
    match = _finished_basra()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    match.refresh_from_db()
    assert reviews.reviewable_seats(match, UserFactory()) == []


def test_the_same_review_asked_twice_is_one_row_and_counts_once_against_the_cap(settings):
    settings.REVIEW_CAP_PER_DAY = 1
    alice, bob = UserFactory(), UserFactory()
    match = _finished_basra()
    first = reviews.request_review(match, 1, alice)
    assert reviews.request_review(match, 1, alice).pk == first.pk
    assert reviews.request_review(match, 1, bob).pk == first.pk  # another person: the same row, no cost
    assert MatchReview.objects.count() == 1 and first.status == MatchReview.Status.QUEUED
    assert first.seed == f"review:{match.pk}:1"  # its own seed: never the match's (hidden)


def test_a_person_may_ask_for_at_most_the_days_cap_of_reviews(settings):
    settings.REVIEW_CAP_PER_DAY = 1
    alice = UserFactory()
    match = _finished_basra()
    now = timezone.now()
    reviews.request_review(match, 0, alice, now=now)
    with pytest.raises(reviews.ReviewRefused) as refused:
        reviews.request_review(match, 1, alice, now=now + timedelta(hours=23))
    assert refused.value.code == "cap"
    assert reviews.request_review(match, 1, alice, now=now + timedelta(hours=25)).seat == 1


def test_an_anonymous_visitor_cannot_ask_and_a_bad_seat_is_refused():
    from django.contrib.auth.models import AnonymousUser

    match = _finished_basra()
    for seat, code, who in ((0, "login", AnonymousUser()), (2, "bad_seat", UserFactory()), ("0", "bad_seat", UserFactory())):
        with pytest.raises(reviews.ReviewRefused) as refused:
            reviews.request_review(match, seat, who)
        assert refused.value.code == code
    assert not MatchReview.objects.exists()


def test_a_review_is_worked_out_step_by_step_to_the_pure_reviews_result(settings):
    """Each step judges one decision; the finished review equals gamekit.review's on the same walk and seed."""
    settings.REVIEW_PLAYOUTS = 3
    match = _finished_basra()
    row = reviews.request_review(match, 1, UserFactory())
    settings.REVIEW_STEP_DECISIONS = 2
    assert reviews.run_review_step(row.pk)
    row.refresh_from_db()
    assert row.status == MatchReview.Status.RUNNING and row.done == 2 and row.total > 2
    row = _run_to_the_end(row)
    assert row.status == MatchReview.Status.DONE and row.done == row.total and row.finished_at
    spec = get_game("basra")
    options = contract.with_rules_version(match.options, match.rules_version)
    log = list(match.actions.order_by("seq").values_list("seat", "action", "server_time"))
    walked = list(review.decisions(spec.engine, 2, options, match.seed, match.options["started_at"], log, 1))
    expected = review.review_seat(spec.engine, spec.engine.sample_state, spec.review_config, walked, row.seed, 2,
                                  "basra", 3)
    assert review.canonical(row.results) == review.canonical(expected)
    assert not reviews.run_review_step(row.pk)  # done: a late step writes nothing


def test_a_review_done_under_another_engine_is_worked_out_again(settings):
    settings.REVIEW_PLAYOUTS = 2
    alice = UserFactory()
    match = _finished_basra()
    row = _run_to_the_end(reviews.request_review(match, 0, alice))
    assert row.status == MatchReview.Status.DONE
    MatchReview.objects.filter(pk=row.pk).update(engine_version="0:1:2")
    again = reviews.request_review(match, 0, alice)
    assert again.pk == row.pk and again.status == MatchReview.Status.QUEUED and again.done == 0
    assert again.engine_version == reviews.engine_version(match)


def test_a_review_that_cannot_be_worked_out_is_marked_failed():
    match = _finished_basra()
    row = reviews.request_review(match, 0, UserFactory())
    ok = reviews.run_review_step(row.pk, judge=lambda request: 1 / 0)
    row.refresh_from_db()
    assert not ok and row.status == MatchReview.Status.FAILED and "ZeroDivisionError" in row.error


def test_the_waiting_reviews_are_handed_to_the_lane_again(settings):
    from matches import scheduling

    settings.TIMER_BACKEND = "thread"
    match = _finished_basra()
    row = reviews.request_review(match, 0, UserFactory())
    lane = scheduling.scheduler().bots
    lane.clear()
    assert reviews.wake_waiting_reviews() == 1
    assert [review_id for _at, review_id in lane.waiting_reviews()] == [row.pk]
    lane.clear()


def test_the_review_address_answers_the_seats_review_and_refuses_the_others(client, settings):
    settings.REVIEW_PLAYOUTS = 2
    alice = UserFactory()
    private = _finished_basra(private=True, user=alice)
    client.force_login(alice)
    assert client.get(f"/matches/{private.pk}/review/0.json").json()["status"] == "none"
    assert client.get(f"/matches/{private.pk}/review/1.json").status_code == 404
    asked = client.post(f"/matches/{private.pk}/review/0.json").json()
    assert asked["status"] == "queued" and asked["thresholds"]["blunder"] == review.thresholds_for("basra").blunder
    settings.REVIEW_STEP_DECISIONS = 2
    assert reviews.run_review_step(MatchReview.objects.get().pk)
    running = client.get(f"/matches/{private.pk}/review/0.json").json()
    assert running["status"] == "running" and running["done"] == 2 and running["total"] > 2
    assert running["decisions"] == [] and running["swings"] == []  # the progress only, until it is done
    _run_to_the_end(MatchReview.objects.get())
    done = client.get(f"/matches/{private.pk}/review/0.json").json()
    assert done["status"] == "done" and len(done["decisions"]) == done["total"]
    client.logout()
    assert client.get(f"/matches/{private.pk}/review/0.json").status_code == 404
    settings.REVIEW_CAP_PER_DAY = 0
    public = _finished_basra(seed=6)
    client.force_login(UserFactory())
    assert client.post(f"/matches/{public.pk}/review/1.json").status_code == 429

"""The match review's two addresses (docs/analysis.md): ask for a seat's review, and read it as it comes.

Thin: parse, check who is asking (``reviews.reviewable_seats``), call the service, answer JSON. The replay
page polls the reading address while the review is worked out (its progress bar) and draws it once done.
"""
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from matches import reviews, views
from matches.models import MatchReview


def review_payload(row: MatchReview | None, seat: int) -> dict:
    """What the page is sent of a seat's review: its state and, as they come, its reviewed decisions."""
    if row is None:
        return {"seat": seat, "status": "none", "done": 0, "total": 0, "decisions": [], "swings": []}
    # The decisions judged so far stay on the server until the last: the page draws a review once it is done,
    # and asks for the progress every second or so, which a growing list (a Sidi Baba Adventurer's is some
    # five hundred decisions) would make a growing answer each time.
    results = (row.results or {}) if row.status == MatchReview.Status.DONE else {}
    return {"seat": seat, "status": row.status, "done": row.done, "total": row.total,
            "decisions": results.get("decisions", []), "swings": results.get("swings", []),
            "thresholds": reviews.thresholds_payload(row.match.game)}


@require_http_methods(["GET", "POST"])
def match_review(request, match_id, seat):
    """GET: the review of ``seat`` (404 if the person may not see it); POST: ask for it (JSON errors: 403 not
    allowed or not logged in, 429 the day's cap)."""
    match = views.finished_match(request, match_id)
    if seat not in reviews.reviewable_seats(match, request.user):
        return JsonResponse({"error": _("You may not review this seat.")}, status=404)
    if request.method == "POST":
        try:
            row = reviews.request_review(match, seat, request.user)
        except reviews.ReviewRefused as refused:
            status = {"cap": 429, "login": 403, "forbidden": 403}.get(refused.code, 400)
            return JsonResponse({"error": refused.message, "code": refused.code}, status=status)
    else:
        row = MatchReview.objects.filter(match=match, seat=seat).select_related("match").first()
        if row is not None and row.engine_version != reviews.engine_version(match):
            row = None  # worked out under another engine: asked for again, it is worked out again
    return JsonResponse(review_payload(row, seat))

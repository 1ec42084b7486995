from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from matches import selectors
from matches.models import Match
from matches.registry import all_games, get_game


@login_required
def match_page(request, match_id):
    match = get_object_or_404(Match.objects.prefetch_related("seats__user"), pk=match_id)
    seats = list(match.seats.all())
    seat = next((s.seat for s in seats if s.user_id == request.user.id), None)
    if seat is None and match.is_private and match.status == Match.Status.RUNNING:
        raise Http404("This match is private.")
    spec = get_game(match.game)
    return render(
        request,
        spec.template,
        {"match": match, "spec": spec, "seat": seat, "seats": seats, "ws_path": f"/ws/match/{match.pk}/"},
    )


def history(request):
    game = request.GET.get("game") or None
    matches = selectors.visible_matches(request.user, status=Match.Status.FINISHED)
    if game:
        matches = matches.filter(game=game)
    running = selectors.visible_matches(request.user, status=Match.Status.RUNNING).filter(is_private=False)[:20]
    return render(
        request,
        "matches/history.html",
        {"matches": matches.order_by("-finished_at")[:50], "running": running, "games": all_games(), "game": game},
    )


def replay_page(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if match.status != Match.Status.FINISHED:
        raise Http404("A replay is shown once the match is over.")
    spec = get_game(match.game)
    # The game's own page, fed the spectator's view of every step instead of a socket.
    return render(
        request,
        spec.template,
        {
            "match": match,
            "spec": spec,
            "seat": None,
            "seats": list(match.seats.select_related("user")),
            "ws_path": "",
            "replay_url": reverse("matches:replay_data", args=[match.pk]),
        },
    )


def replay_data(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if match.status != Match.Status.FINISHED:
        raise Http404("A replay is shown once the match is over.")
    return JsonResponse({"match": match.pk, "game": match.game, "frames": selectors.replay_frames(match)})


def leaderboard(request):
    boards = [(spec, selectors.leaderboard(spec.key)) for spec in all_games()]
    return render(request, "matches/leaderboard.html", {"boards": boards})

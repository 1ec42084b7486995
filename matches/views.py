import time

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import confirms_moves_at
from chat import selectors as chat_selectors
from matches import early_abort, presence, replays, reviews, selectors, services
from matches.forms import HistoryFilterForm
from matches.models import Match
from matches.registry import all_games, get_game


def _watchable_match(request, match_id):
    """The match, or 404 when it is private and the person asking did not sit in it (anonymous included)."""
    match = get_object_or_404(Match, pk=match_id)
    if not replays.may_watch(match, request.user):
        raise Http404("This match is private.")
    return match


def match_page(request, match_id):
    match = _watchable_match(request, match_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    # beside each name its shown rating in this game (a computer player: its kind's)
    seats = selectors.with_shown_ratings(match.game, list(match.seats.select_related("user")))
    # a person replaced by a computer player after leaving only watches from then on
    seat = next((s.seat for s in seats if s.user_id == request.user.id and not s.abandoned_at), None)
    spec = get_game(match.game)
    # the person's "Confirm moves" at this kind of table, for the page (docs/protocol.md, "Confirming moves")
    confirm_moves = seat is not None and confirms_moves_at(request.user, turn_based=bool(match.decision_days))
    return render(
        request,
        spec.template,
        {"match": match, "spec": spec, "seat": seat, "own_seat": seat, "seats": seats, "ws_path": f"/ws/match/{match.pk}/",
         "confirm_moves": confirm_moves, "abortable": early_abort.abort_window_open(match)},
    )


def away(request):
    """The banner on every page (templates/base.html, static/js/site.js): the person's running matches in
    which a decision of theirs is due while no page of the match is open (with the moment a computer
    player stands in), or in which one already plays for them. Cheap: read every few seconds."""
    matches = presence.away_status(request.user) if request.user.is_authenticated else []
    for entry in matches:
        entry["url"] = reverse("matches:match", args=[entry["match"]])
    return JsonResponse({"server_time": time.time(), "matches": matches})


@login_required
@require_POST
def resign(request, match_id):
    try:
        presence.resign_seat(match_id, request.user)
    except services.MatchError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, _("You resigned: a computer player finishes the match in your seat."))
    return redirect("matches:match", match_id=match_id)


@login_required
@require_POST
def abort(request, match_id):
    """The Abort button's confirmation (matches/early_abort.py, ``abort_match``): ``version``, the version of the view
    the person saw, written into the form by the page (live.js); without it the abort is not checked for staleness."""
    raw = request.POST.get("version", "").strip()
    try:
        version = int(raw) if raw else None
    except ValueError:
        version = raw  # refused below as an unknown version
    try:
        early_abort.abort_match(match_id, request.user, client_version=version, from_client=True)
    except services.MatchError as exc:
        if exc.code == "not_found":
            raise Http404("There is no such match.") from exc
        messages.error(request, exc.message)
    else:
        messages.info(request, _("You aborted the match: it is unrated and counts nowhere."))
    return redirect("matches:match", match_id=match_id)


@login_required
def my_matches(request):
    """Every running match of the person, the ones waiting for them first."""
    rows = selectors.my_running_matches(request.user, time.time())
    return render(request, "matches/my_matches.html", {"rows": rows, "waiting": sum(r["my_turn"] for r in rows)})


def history(request):
    form = HistoryFilterForm(request.GET or None, user=request.user)
    filters = form.cleaned_data if form.is_valid() else {}
    page = Paginator(selectors.finished_history(request.user, filters), selectors.HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    running = selectors.visible_matches(request.user, status=Match.Status.RUNNING).filter(is_private=False)[:20]
    names = {spec.key: spec.name for spec in all_games()}
    for match in [*page.object_list, *running]:
        match.game_name = names.get(match.game, match.game)
    for match in running:
        match.is_mine = request.user.is_authenticated and any(s.user_id == request.user.pk for s in match.seats.all())
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "matches/history.html",
        {"form": form, "page": page, "running": running, "query": query.urlencode(), "filtered": any(filters.values())},
    )


def finished_match(request, match_id):
    match = _watchable_match(request, match_id)
    if match.status != Match.Status.FINISHED:
        raise Http404("A replay is shown once the match is over.")
    return match


def _seat_sat_in(user, seats):
    """The seat the person sat in (left or not), else None."""
    if not user.is_authenticated:
        return None
    return next((s.seat for s in seats if s.user_id == user.id), None)


def _replay_viewer(request, match, seats):
    """The viewer asked for (?seat=0|1|..|spectator|all); by default the seat the person sat in, else a spectator."""
    raw = request.GET.get("seat")
    if raw is None and request.user.is_authenticated:
        return _seat_sat_in(request.user, seats)
    return replays.parse_viewer(raw, match.players)


def replay_page(request, match_id):
    match = finished_match(request, match_id)
    seats = selectors.with_shown_ratings(match.game, list(match.seats.select_related("user")))
    try:
        viewer = _replay_viewer(request, match, seats)
    except replays.BadViewer:
        return HttpResponseBadRequest(_("There is no such seat in this match."))
    spec = get_game(match.game)
    url = reverse("matches:replay_data", args=[match.pk]) + "?seat=" + replays.viewer_param(viewer)
    # The game's own page and renderers, fed the chosen viewer's frames by the replay player instead of a socket.
    return render(
        request,
        spec.template,
        {
            "match": match,
            "spec": spec,
            "seat": viewer,
            # "you" marks the seat the visitor sat in, whichever seat's view the replay shows
            "own_seat": _seat_sat_in(request.user, seats),
            "seats": seats,
            "ws_path": "",
            "replay_url": url,
            "replay_events_url": reverse("matches:replay_events", args=[match.pk]) + "?seat=" + replays.viewer_param(viewer),
            "replay_viewer": replays.viewer_param(viewer),
            "replay_steps": match.version,
            # the review of the seat shown, for one the visitor may review (docs/analysis.md)
            "review_url": (reverse("matches:review", args=[match.pk, viewer])
                           if isinstance(viewer, int) and viewer in reviews.reviewable_seats(match, request.user) else ""),
        },
    )


def replay_data(request, match_id):
    """Frames ?from=A&to=B (inclusive; by default one chunk from A) of a finished match, as ?seat= saw them."""
    match = finished_match(request, match_id)
    seats = list(match.seats.all())
    try:
        viewer = _replay_viewer(request, match, seats)
        start = int(request.GET.get("from", 0))
        end = int(request.GET.get("to", start + replays.CHUNK - 1))
    except (replays.BadViewer, ValueError):
        return JsonResponse({"error": _("Bad replay request: seat, from and to.")}, status=400)
    return JsonResponse(
        {
            "match": match.pk,
            "game": match.game,
            "viewer": replays.viewer_param(viewer),
            "steps": match.version,
            "chunk": replays.CHUNK,
            "frames": replays.replay_frames(match, viewer, start, end),
            # public: who stood in, came back or resigned, and at which version (each game's log shows them)
            "seat_notices": list(match.seat_notices or []),
            "chat": chat_selectors.replay_messages(match, request.user),
        }
    )


def replay_events(request, match_id):
    """The steps of each kind of event ?seat= saw in a finished match: {"steps", "kinds": {code: [step, ...]}}."""
    match = finished_match(request, match_id)
    seats = list(match.seats.all())
    try:
        viewer = _replay_viewer(request, match, seats)
    except replays.BadViewer:
        return JsonResponse({"error": _("Bad replay request: seat, from and to.")}, status=400)
    return JsonResponse(
        {"match": match.pk, "viewer": replays.viewer_param(viewer), "steps": match.version,
         "kinds": replays.event_index(match, viewer)}
    )

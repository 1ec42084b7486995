"""The tournament pages: the list with the form to create one, a tournament's page, join and leave.
Thin: parse, check who asks, call tournaments/services.py, answer."""
from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from gamekit import contract
from lobby.options import translated_options
from matches.registry import all_games, get_game, table_options
from tournaments import services
from tournaments.access import INVITES_SESSION_KEY, may_see
from tournaments.models import Tournament
from tournaments.snapshot import tournament_snapshot


def _games():
    return [{"key": spec.key, "name": spec.name, "min": spec.min_players, "max": spec.max_players, "turn_based": spec.turn_based,
             "bots": [(key, _(spec.bot_labels.get(key, key))) for key in spec.bots]} for spec in all_games()]


def _games_options():
    """Each game's table options for the form's fields (tournaments/static/tournaments/tournament_form.js)."""
    return {spec.key: translated_options(spec) for spec in all_games()}


def tournament_list(request):
    visible = Q(is_private=False)
    if request.user.is_authenticated:
        visible |= Q(created_by=request.user) | Q(entries__user=request.user)
    shown = Tournament.objects.filter(visible).distinct()
    context = {
        "upcoming": shown.filter(status__in=[Tournament.Status.SCHEDULED, Tournament.Status.RUNNING]).order_by("starts_at")[:50],
        "finished": shown.filter(status=Tournament.Status.FINISHED).order_by("-finished_at")[:20],
        "games": _games(),
        "games_options": _games_options(),
        "decision_days": contract.DECISION_DAYS,
        "kinds": Tournament.Kind.choices,
    }
    return render(request, "tournaments/list.html", context)


def _starts_at(raw: str):
    try:
        when = datetime.fromisoformat(raw)
    except (TypeError, ValueError):
        raise services.TournamentError(_("The start is a date and time.")) from None
    return timezone.make_aware(when) if timezone.is_naive(when) else when


@login_required
@require_POST
def create(request):
    post = request.POST
    try:
        game = post.get("game", "")
        spec = get_game(game) if game in {s.key for s in all_games()} else None
        options = {}
        if spec is not None:
            names = {option["name"] for option in table_options(spec)}
            options = {name: post[name] for name in names if name in post}
        tournament = services.create_tournament(
            request.user, name=post.get("name", ""), kind=post.get("kind", ""), game=game,
            table_size=post.get("table_size", ""), starts_at=_starts_at(post.get("starts_at", "")), raw_options=options,
            minutes=post.get("minutes") or None, rounds=post.get("rounds") or None, bot=post.get("bot") or None,
            decision_days=post.get("decision_days") or 0, is_private=bool(post.get("private")),
            rated="1" in post.getlist("rated", ["1"]),
        )
    except services.TournamentError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:list")
    return redirect("tournaments:detail", tournament_id=tournament.pk)


def detail(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    invites = request.session.get(INVITES_SESSION_KEY, [])
    token = request.GET.get("invite", "")
    if token and token == tournament.invite_token and token not in invites:
        invites = [*invites, token][-20:]
        request.session[INVITES_SESSION_KEY] = invites
    if not may_see(tournament, request.user, invites):
        raise Http404
    spec = get_game(tournament.game)
    context = {
        "tournament": tournament,
        "spec": spec,
        "bot_label": _(spec.bot_labels.get(tournament.bot, tournament.bot)),
        "snapshot": tournament_snapshot(tournament, request.user),
        "invite_url": request.build_absolute_uri(f"{request.path}?invite={tournament.invite_token}")
        if tournament.is_private and request.user.is_authenticated and tournament.created_by_id == request.user.pk else "",
    }
    return render(request, "tournaments/detail.html", context)


def _act(request, tournament_id, action):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not may_see(tournament, request.user, request.session.get(INVITES_SESSION_KEY, [])):
        raise Http404
    try:
        action(request.user, tournament.pk)
    except services.TournamentError as exc:
        messages.error(request, exc.message)
    return redirect("tournaments:detail", tournament_id=tournament.pk)


@login_required
@require_POST
def join(request, tournament_id):
    return _act(request, tournament_id, services.register)


@login_required
@require_POST
def leave(request, tournament_id):
    return _act(request, tournament_id, services.withdraw)

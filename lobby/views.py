from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from gamekit import contract
from lobby import quick_match as quick_match_queue, rematch as lobby_rematch, snapshot, tables
from lobby.errors import LobbyError
from lobby.models import Table
from lobby.options import option_summary, seat_role_labels, translated_options
from matches import selectors
from matches.registry import all_games, get_game
from matches.seat_names import bot_kind, bot_seat_name

REFUSED_TABLE_FORM = "refused_table_form"


def home(request):
    specs = all_games()
    games = [{"spec": spec} for spec in specs]
    games_json = [
        {"key": spec.key, "min": spec.min_players, "max": spec.max_players, "options": translated_options(spec),
         # the paces the table form offers for it: exactly those the lobby accepts (tables._decision_days)
         "paces": table_paces(spec),
         # a game with roles asks the host which one they play (the form's "Your role")
         "roles": [[key, gettext(label)] for key, label in spec.role_labels.items()]}
        for spec in specs
    ]
    context = {
        "games": games,
        "games_json": games_json,
        "decision_days": contract.DECISION_DAYS,
        "abandon_grace_range": tables.ABANDON_GRACE_RANGE,
        "snapshot": snapshot.lobby_snapshot(request.user),
        # The choices of a table form that was just refused, to fill the form again.
        "table_form_values": request.session.pop(REFUSED_TABLE_FORM, None),
    }
    return render(request, "lobby/home.html", context)


def table_paces(spec) -> list[int]:
    """The days per decision a table of this game may be played at: 0 (real time), and the turn-based paces
    for a game that may be played so (matches.services.check_decision_days)."""
    return [0, *contract.DECISION_DAYS] if spec.turn_based else [0]


def _bot_labels(spec):
    return {key: gettext(spec.bot_labels.get(key, key)) for key in spec.bots}


def _go_back(table_id):
    return redirect("lobby:table", table_id=table_id)


@login_required
@require_POST
def create_table(request):
    game = request.POST.get("game", "")
    options = {k: v for k, v in request.POST.items()
               if k not in {"csrfmiddlewaretoken", "game", "seats", "private", "rated", "abandon_grace", "decision_days", "host_role"}}
    try:
        table = tables.create_table(
            request.user, game, request.POST.get("seats"), options, is_private=bool(request.POST.get("private")),
            rated="1" in request.POST.getlist("rated", ["1"]),
            abandon_grace=request.POST.get("abandon_grace", 60),
            decision_days=request.POST.get("decision_days", 0), host_role=request.POST.get("host_role") or None,
        )
    except LobbyError as exc:
        messages.error(request, exc.message)
        request.session[REFUSED_TABLE_FORM] = {
            key: [value[:100] for value in values[:5]] for key, values in request.POST.lists() if key != "csrfmiddlewaretoken"
        }
        return redirect("lobby:home")
    return _go_back(table.pk)


def table_detail(request, table_id):
    table = get_object_or_404(Table.objects.select_related("host", "match"), pk=table_id)
    # beside each name its shown rating in this game (a computer player: its kind's)
    seats = selectors.with_shown_ratings(table.game, list(table.seats.select_related("user")))
    seated = request.user.is_authenticated and any(s.user_id == request.user.pk for s in seats)
    if table.is_private and not seated and request.GET.get("invite") != table.invite_token:
        raise Http404("This table is private.")
    if table.status == Table.Status.STARTED and table.match_id and seated:
        return redirect("matches:match", match_id=table.match_id)
    spec = get_game(table.game)
    bots = _bot_labels(spec)
    roles = seat_role_labels(table.game, table.seat_count, table.options)
    for seat_row in seats:
        seat_row.bot_name = bot_seat_name(table.game, seat_row.bot, seat_row.seat) if seat_row.bot else ""
        seat_row.bot_title = bot_kind(table.game, seat_row.bot) if seat_row.bot else ""
        seat_row.role_label = roles[seat_row.seat] if roles else ""
    return render(
        request,
        "lobby/table.html",
        {
            "table": table,
            "seats": seats,
            # read by lobby/static/lobby/table.js: the seats as this page draws them
            "seating": {
                "table": table.pk,
                "seats": [
                    {"seat": s.seat, "user": s.user.username if s.user_id else None, "bot": s.bot or None, "kept": s.kept_from(None)}
                    for s in seats
                ],
            },
            "spec": spec,
            "seated": seated,
            "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
            "bots": bots,
            "has_roles": roles is not None,
            "options": option_summary(table.game, table.options, table.decision_days),
            "invite_url": request.build_absolute_uri(f"/tables/{table.pk}/?invite={table.invite_token}"),
        },
    )


def _table_action(request, table_id, call):
    try:
        call()
    except LobbyError as exc:
        messages.error(request, exc.message)
    return _go_back(table_id)


@login_required
@require_POST
def join(request, table_id):
    table = get_object_or_404(Table, pk=table_id)
    if table.is_private and request.POST.get("invite") != table.invite_token:
        raise Http404("This table is private.")
    return _table_action(request, table_id, lambda: tables.join_table(request.user, table_id, request.POST.get("seat")))


@login_required
@require_POST
def leave(request, table_id):
    try:
        tables.leave_table(request.user, table_id)
    except LobbyError as exc:
        messages.error(request, exc.message)
        return _go_back(table_id)
    return redirect("lobby:home")


@login_required
@require_POST
def add_bot(request, table_id):
    return _table_action(
        request, table_id, lambda: tables.add_bot(request.user, table_id, request.POST.get("seat"), request.POST.get("bot", ""))
    )


@login_required
@require_POST
def clear_seat(request, table_id):
    return _table_action(request, table_id, lambda: tables.clear_seat(request.user, table_id, request.POST.get("seat")))


@login_required
@require_POST
def move_seat(request, table_id):
    return _table_action(
        request, table_id, lambda: tables.move_seat(request.user, table_id, request.POST.get("seat"), request.POST.get("to"))
    )


@login_required
@require_POST
def start(request, table_id):
    try:
        table = tables.start_table(request.user, table_id)
    except LobbyError as exc:
        messages.error(request, exc.message)
        return _go_back(table_id)
    return redirect("matches:match", match_id=table.match_id)


@login_required
@require_POST
def quick_match(request):
    try:
        table = quick_match_queue.join_quick_match(request.user, request.POST.get("game", ""), request.POST.get("players"))
    except LobbyError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:home")
    if table is not None:
        return redirect("matches:match", match_id=table.match_id)
    return redirect("lobby:home")


@login_required
@require_POST
def leave_quick_match(request):
    quick_match_queue.leave_quick_match(request.user)
    return redirect("lobby:home")


def _back_to_match(request, match_id, exc):
    messages.error(request, exc.message)
    return redirect("matches:match", match_id=match_id)


@login_required
@require_POST
def rematch_offer(request, match_id):
    try:
        table = lobby_rematch.rematch_offer(request.user, match_id)
    except LobbyError as exc:
        return _back_to_match(request, match_id, exc)
    if table.match_id:  # against computer players only: it started at once
        return redirect("matches:match", match_id=table.match_id)
    return _go_back(table.pk)


@login_required
@require_POST
def rematch_accept(request, match_id):
    try:
        table = lobby_rematch.rematch_accept(request.user, match_id)
    except LobbyError as exc:
        return _back_to_match(request, match_id, exc)
    if table.match_id:
        return redirect("matches:match", match_id=table.match_id)
    return _go_back(table.pk)


@login_required
@require_POST
def rematch_decline(request, match_id):
    try:
        lobby_rematch.rematch_decline(request.user, match_id)
    except LobbyError as exc:
        return _back_to_match(request, match_id, exc)
    return redirect("matches:match", match_id=match_id)

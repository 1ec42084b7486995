from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from lobby import services
from lobby.models import Table
from matches.registry import all_games, get_game, table_options


def _translated_options(spec):
    options = []
    for option in table_options(spec):
        option = dict(option, label=gettext(option["label"]))
        if "choices" in option:
            option["choices"] = [[value, gettext(label)] for value, label in option["choices"]]
        options.append(option)
    return options


LOBBY_STRINGS = {
    "host": gettext_lazy("host"),
    "empty": gettext_lazy("empty seat"),
    "open": gettext_lazy("Open"),
    "watch": gettext_lazy("Watch"),
    "resume": gettext_lazy("Back to your match"),
    "no_tables": gettext_lazy("No open table. Create one!"),
    "no_running": gettext_lazy("No match is being played."),
    "waiting": gettext_lazy("You are waiting for a quick match:"),
    "players": gettext_lazy("players"),
    "in_queue": gettext_lazy("in the queue"),
    "private": gettext_lazy("private"),
    "computer": gettext_lazy("computer"),
}


def home(request):
    specs = all_games()
    games = [{"spec": spec} for spec in specs]
    games_json = [
        {"key": spec.key, "min": spec.min_players, "max": spec.max_players, "options": _translated_options(spec)}
        for spec in specs
    ]
    context = {
        "games": games,
        "games_json": games_json,
        "snapshot": services.lobby_snapshot(request.user),
        "i18n_strings": {k: str(v) for k, v in LOBBY_STRINGS.items()},
    }
    return render(request, "lobby/home.html", context)


def _bot_labels(spec):
    return {key: gettext(spec.bot_labels.get(key, key)) for key in spec.bots}


def _option_summary(spec, chosen):
    """[(label, shown value)] of a table's options, in the host's language."""
    summary = []
    for option in _translated_options(spec):
        value = chosen.get(option["name"], option.get("default"))
        if "choices" in option:
            value = dict((str(v), label) for v, label in option["choices"]).get(str(value), value)
        elif option.get("type") == "bool":
            value = gettext("yes") if value else gettext("no")
        summary.append((option["label"], value))
    return summary


def _go_back(table_id):
    return redirect("lobby:table", table_id=table_id)


@login_required
@require_POST
def create_table(request):
    game = request.POST.get("game", "")
    options = {k: v for k, v in request.POST.items() if k not in {"csrfmiddlewaretoken", "game", "seats", "private"}}
    try:
        table = services.create_table(
            request.user, game, request.POST.get("seats"), options, is_private=bool(request.POST.get("private"))
        )
    except services.LobbyError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:home")
    return _go_back(table.pk)


def table_detail(request, table_id):
    table = get_object_or_404(Table.objects.select_related("host", "match"), pk=table_id)
    seats = list(table.seats.select_related("user"))
    seated = request.user.is_authenticated and any(s.user_id == request.user.pk for s in seats)
    if table.is_private and not seated and request.GET.get("invite") != table.invite_token:
        raise Http404("This table is private.")
    if table.status == Table.Status.STARTED and table.match_id and seated:
        return redirect("matches:match", match_id=table.match_id)
    spec = get_game(table.game)
    bots = _bot_labels(spec)
    for seat_row in seats:
        seat_row.bot_label = bots.get(seat_row.bot, seat_row.bot)
    return render(
        request,
        "lobby/table.html",
        {
            "table": table,
            "seats": seats,
            "spec": spec,
            "seated": seated,
            "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
            "bots": bots,
            "options": _option_summary(spec, table.options),
            "invite_url": request.build_absolute_uri(f"/tables/{table.pk}/?invite={table.invite_token}"),
        },
    )


def _table_action(request, table_id, call):
    try:
        call()
    except services.LobbyError as exc:
        messages.error(request, exc.message)
    return _go_back(table_id)


@login_required
@require_POST
def join(request, table_id):
    table = get_object_or_404(Table, pk=table_id)
    if table.is_private and request.POST.get("invite") != table.invite_token:
        raise Http404("This table is private.")
    return _table_action(request, table_id, lambda: services.join_table(request.user, table_id, request.POST.get("seat") or None))


@login_required
@require_POST
def leave(request, table_id):
    try:
        table = services.leave_table(request.user, table_id)
    except services.LobbyError as exc:
        messages.error(request, exc.message)
        return _go_back(table_id)
    return redirect("lobby:home")


@login_required
@require_POST
def add_bot(request, table_id):
    return _table_action(
        request, table_id, lambda: services.add_bot(request.user, table_id, int(request.POST.get("seat", -1)), request.POST.get("bot", ""))
    )


@login_required
@require_POST
def clear_seat(request, table_id):
    return _table_action(request, table_id, lambda: services.clear_seat(request.user, table_id, int(request.POST.get("seat", -1))))


@login_required
@require_POST
def start(request, table_id):
    try:
        table = services.start_table(request.user, table_id)
    except services.LobbyError as exc:
        messages.error(request, exc.message)
        return _go_back(table_id)
    return redirect("matches:match", match_id=table.match_id)


@login_required
@require_POST
def quick_match(request):
    try:
        table = services.join_quick_match(request.user, request.POST.get("game", ""), request.POST.get("players"))
    except services.LobbyError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:home")
    if table is not None:
        return redirect("matches:match", match_id=table.match_id)
    return redirect("lobby:home")


@login_required
@require_POST
def leave_quick_match(request):
    services.leave_quick_match(request.user)
    return redirect("lobby:home")

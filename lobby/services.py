"""Tables, seats and the quick-match queue. Views and consumers call these only."""
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from lobby.models import QuickMatchEntry, Table, TableSeat
from matches import services as match_services
from matches.registry import clean_table_options, get_game

logger = logging.getLogger(__name__)
LOBBY_GROUP = "lobby"


class LobbyError(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


def notify_lobby() -> None:
    """Tell every lobby socket to refresh (after commit, so they read what was written)."""

    def send():
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed"})

    transaction.on_commit(send)


def engine_options(game_key: str, table_options: dict) -> dict:
    spec = get_game(game_key)
    return spec.resolve_options(dict(table_options)) if spec.resolve_options else dict(table_options)


def _check_options(game_key, seat_count, raw_options):
    spec = get_game(game_key)
    if not spec.min_players <= seat_count <= spec.max_players:
        raise LobbyError(_("%(game)s is for %(min)d to %(max)d players.") % {"game": spec.name, "min": spec.min_players, "max": spec.max_players})
    try:
        options = clean_table_options(spec, raw_options)
    except ValueError as exc:
        raise LobbyError(str(exc)) from exc
    try:
        resolved = engine_options(game_key, options)
    except ValueError as exc:
        raise LobbyError(str(exc)) from exc
    errors = spec.engine.validate_options(seat_count, resolved)
    if errors:
        raise LobbyError(" ".join(errors))
    return options


def create_table(host, game_key, seat_count, raw_options, *, is_private=False) -> Table:
    try:
        get_game(game_key)
    except LookupError:
        raise LobbyError(_("Unknown game.")) from None
    try:
        seat_count = int(seat_count)
    except (TypeError, ValueError):
        raise LobbyError(_("The number of seats must be a whole number.")) from None
    options = _check_options(game_key, seat_count, raw_options)
    with transaction.atomic():
        table = Table.objects.create(game=game_key, host=host, seat_count=seat_count, options=options, is_private=is_private)
        TableSeat.objects.bulk_create(
            [TableSeat(table=table, seat=i, user=host if i == 0 else None) for i in range(seat_count)]
        )
        notify_lobby()
    return table


def _locked_open_table(table_id) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise LobbyError(_("That table does not exist."))
    if table.status != Table.Status.OPEN:
        raise LobbyError(_("That table has already started or closed."))
    return table


def join_table(user, table_id, seat=None) -> Table:
    with transaction.atomic():
        table = _locked_open_table(table_id)
        seats = list(table.seats.select_for_update())
        if any(s.user_id == user.pk for s in seats):
            raise LobbyError(_("You already sit at this table."))
        empty = [s for s in seats if s.is_empty and (seat is None or s.seat == int(seat))]
        if not empty:
            raise LobbyError(_("That seat is taken.") if seat is not None else _("This table is full."))
        empty[0].user = user
        empty[0].save(update_fields=["user"])
        notify_lobby()
    return table


def leave_table(user, table_id) -> Table:
    with transaction.atomic():
        table = _locked_open_table(table_id)
        if table.host_id == user.pk:
            table.status = Table.Status.CLOSED
            table.save(update_fields=["status"])
        else:
            updated = table.seats.filter(user=user).update(user=None)
            if not updated:
                raise LobbyError(_("You do not sit at this table."))
        notify_lobby()
    return table


def _host_seat(host, table_id, seat):
    table = _locked_open_table(table_id)
    if table.host_id != host.pk:
        raise LobbyError(_("Only the host can do that."))
    seat_row = table.seats.select_for_update().filter(seat=seat).first()
    if seat_row is None:
        raise LobbyError(_("No such seat."))
    return table, seat_row


def add_bot(host, table_id, seat, bot_name) -> Table:
    with transaction.atomic():
        table, seat_row = _host_seat(host, table_id, seat)
        spec = get_game(table.game)
        if bot_name not in spec.bots:
            raise LobbyError(_("Unknown computer player."))
        if not seat_row.is_empty:
            raise LobbyError(_("That seat is taken."))
        seat_row.bot = bot_name
        seat_row.save(update_fields=["bot"])
        notify_lobby()
    return table


def clear_seat(host, table_id, seat) -> Table:
    """The host removes a bot or a player from a seat before the start."""
    with transaction.atomic():
        table, seat_row = _host_seat(host, table_id, seat)
        if seat_row.user_id == host.pk:
            raise LobbyError(_("The host cannot remove themselves; leave the table to close it."))
        seat_row.user = None
        seat_row.bot = ""
        seat_row.save(update_fields=["user", "bot"])
        notify_lobby()
    return table


def start_table(host, table_id, *, force=False) -> Table:
    with transaction.atomic():
        table = _locked_open_table(table_id)
        if table.host_id != host.pk and not force:
            raise LobbyError(_("Only the host can start the match."))
        seated = [s for s in table.seats.select_for_update() if not s.is_empty]
        spec = get_game(table.game)
        if not spec.min_players <= len(seated) <= spec.max_players:
            raise LobbyError(_("%(game)s needs %(min)d to %(max)d players; fill the seats with people or computer players.") % {"game": spec.name, "min": spec.min_players, "max": spec.max_players})
        if len(seated) != table.seat_count:
            raise LobbyError(_("Every seat must be taken (add computer players to empty seats)."))
        try:
            match = match_services.create_match(
                table.game,
                [match_services.SeatSpec(user=s.user, bot=s.bot) for s in seated],
                engine_options(table.game, table.options),
                is_private=table.is_private,
            )
        except match_services.MatchError as exc:
            raise LobbyError(exc.message) from exc
        table.status = Table.Status.STARTED
        table.match = match
        table.save(update_fields=["status", "match"])
        QuickMatchEntry.objects.filter(user__in=[s.user for s in seated if s.user_id]).delete()
        notify_lobby()
    return table


def join_quick_match(user, game_key, players) -> Table | None:
    """Queue the user; if enough people wait for this game and size, seat them and start."""
    try:
        spec = get_game(game_key)
        players = int(players)
    except (LookupError, TypeError, ValueError):
        raise LobbyError(_("Unknown game or player count.")) from None
    if not spec.min_players <= players <= spec.max_players:
        raise LobbyError(_("%(game)s is for %(min)d to %(max)d players.") % {"game": spec.name, "min": spec.min_players, "max": spec.max_players})
    with transaction.atomic():
        QuickMatchEntry.objects.filter(user=user).delete()
        try:
            QuickMatchEntry.objects.create(user=user, game=game_key, players=players)
        except IntegrityError:
            raise LobbyError(_("You are already waiting for this game.")) from None
        notify_lobby()
    return try_quick_match(game_key, players)


def leave_quick_match(user) -> None:
    with transaction.atomic():
        QuickMatchEntry.objects.filter(user=user).delete()
        notify_lobby()


def try_quick_match(game_key, players) -> Table | None:
    spec = get_game(game_key)
    with transaction.atomic():
        waiting = list(
            QuickMatchEntry.objects.select_for_update(skip_locked=True)
            .filter(game=game_key, players=players)
            .select_related("user")
            .order_by("created_at")[:players]
        )
        if len(waiting) < players:
            return None
        default_options = {o["name"]: o.get("default") for o in ([*(spec.options() if callable(spec.options) else spec.options)])}
        host = waiting[0].user
        table = create_table(host, game_key, players, default_options)
        table.from_quick_match = True
        table.save(update_fields=["from_quick_match"])
        for entry, seat in zip(waiting[1:], range(1, players)):
            table.seats.filter(seat=seat).update(user=entry.user)
        QuickMatchEntry.objects.filter(pk__in=[e.pk for e in waiting]).delete()
        return start_table(host, table.pk)


def sweep_quick_match_queue() -> int:
    """Beat task body: start every quick match that can start (a lost race at join time)."""
    started = 0
    pairs = QuickMatchEntry.objects.values_list("game", "players").distinct()
    for game_key, players in pairs:
        while try_quick_match(game_key, players) is not None:
            started += 1
    return started


def _bot_label(game_key, bot):
    try:
        spec = get_game(game_key)
    except LookupError:
        return bot
    return _(spec.bot_labels.get(bot, bot))


def lobby_snapshot(user) -> dict:
    """What the lobby page shows this user: open tables, running public matches, the queue."""
    from matches.models import Match
    from matches.registry import all_games

    open_tables = (
        Table.objects.filter(status=Table.Status.OPEN)
        .filter(is_private=False)
        .select_related("host")
        .prefetch_related("seats__user")[:100]
    )
    mine = Table.objects.filter(status=Table.Status.OPEN, seats__user=user, is_private=True).prefetch_related("seats__user") if user.is_authenticated else []
    started_mine = (
        Table.objects.filter(status=Table.Status.STARTED, seats__user=user, match__status=Match.Status.RUNNING).values_list("pk", "match_id")
        if user.is_authenticated
        else []
    )
    running = Match.objects.filter(status=Match.Status.RUNNING, is_private=False).prefetch_related("seats__user")[:50]
    names = {g.key: str(g.name) for g in all_games()}
    queue = {}
    for entry in QuickMatchEntry.objects.all():
        key = f"{entry.game}:{entry.players}"
        queue[key] = queue.get(key, 0) + 1
    my_queue = None
    if user.is_authenticated:
        mine_entry = QuickMatchEntry.objects.filter(user=user).first()
        if mine_entry:
            my_queue = {"game": mine_entry.game, "game_name": names.get(mine_entry.game, mine_entry.game), "players": mine_entry.players}

    def table_dict(t):
        return {
            "id": t.pk,
            "game": t.game,
            "game_name": names.get(t.game, t.game),
            "host": t.host.username,
            "seat_count": t.seat_count,
            "private": t.is_private,
            "options": t.options,
            "seats": [
                {
                    "seat": s.seat,
                    "user": s.user.username if s.user_id else None,
                    "bot": s.bot or None,
                    "bot_label": _bot_label(t.game, s.bot) if s.bot else None,
                }
                for s in t.seats.all()
            ],
        }

    tables = [table_dict(t) for t in open_tables]
    seen = {t["id"] for t in tables}
    tables += [table_dict(t) for t in mine if t.pk not in seen]
    return {
        "type": "lobby",
        "tables": tables,
        "running": [
            {
                "match": m.pk,
                "game": m.game,
                "game_name": names.get(m.game, m.game),
                "players": [s.display_name for s in m.seats.all()],
            }
            for m in running
        ],
        "my_started": [{"table": t, "match": m} for t, m in started_mine],
        "queue": queue,
        "my_queue": my_queue,
    }

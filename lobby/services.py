"""Tables, seats and the quick-match queue. Views and consumers call these only."""
import logging
import random
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from gamekit import contract
from lobby import quotas
from lobby.models import QuickMatchEntry, Table, TableSeat
from matches import services as match_services
from matches.registry import clean_table_options, get_game, table_options
from matches.seat_names import bot_kind, bot_seat_name

logger = logging.getLogger(__name__)
LOBBY_GROUP = "lobby"
LOBBY_VERSION_KEY = "lobby-version"


class LobbyError(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


@contextmanager
def _quota_errors():
    try:
        yield
    except quotas.QuotaExceeded as exc:
        raise LobbyError(exc.message) from None


def notify_lobby() -> None:
    """Tell every lobby socket to refresh (after commit, so they read what was written)."""

    def send():
        # A new version: snapshots shared by anonymous sockets (lobby/consumers.py) are rebuilt.
        cache.add(LOBBY_VERSION_KEY, 0, timeout=None)
        cache.incr(LOBBY_VERSION_KEY)
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
        raise LobbyError(ngettext("%(game)s is for %(min)d to %(max)d player.", "%(game)s is for %(min)d to %(max)d players.", spec.max_players) % {"game": spec.name, "min": spec.min_players, "max": spec.max_players})
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


ABANDON_GRACE_RANGE = (15, 600)


def _decision_days(spec, raw) -> int:
    """The host's pace: 0 (real time) or days per decision for a game that may be played turn-based."""
    text = "" if raw is None or isinstance(raw, bool) else str(raw).strip()
    if text in ("", "0"):
        return 0
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise LobbyError(_("Days per decision: one of %(choices)s.") % {"choices": ", ".join(map(str, contract.DECISION_DAYS))})
    try:
        return match_services.check_decision_days(spec, int(text))
    except match_services.MatchError as exc:
        raise LobbyError(exc.message) from None


def create_table(host, game_key, seat_count, raw_options, *, is_private=False, rated=True, abandon_grace=60,
                 decision_days=0, host_role=None) -> Table:
    """A new open table with the host seated: in seat 0, or in the first seat of ``host_role`` (a game with roles:
    the host chooses, e.g. Sidi Baba's Leader of the Thieves or an Adventurer)."""
    try:
        spec = get_game(game_key)
    except LookupError:
        raise LobbyError(_("Unknown game.")) from None
    decision_days = _decision_days(spec, decision_days)
    try:
        seat_count = int(seat_count)
    except (TypeError, ValueError):
        raise LobbyError(_("The number of seats must be a whole number.")) from None
    options = _check_options(game_key, seat_count, raw_options)
    try:
        abandon_grace = int(abandon_grace)
    except (TypeError, ValueError):
        raise LobbyError(_("The grace period must be a whole number of seconds.")) from None
    low, high = ABANDON_GRACE_RANGE
    if not low <= abandon_grace <= high:
        raise LobbyError(ngettext("The grace period is %(low)d to %(high)d second.", "The grace period is %(low)d to %(high)d seconds.", high) % {"low": low, "high": high})
    host_seat = 0
    if host_role:
        roles = seat_roles(game_key, seat_count, options) or []
        if host_role not in roles:
            raise LobbyError(_("Choose one of the game's roles for yourself."))
        host_seat = roles.index(host_role)
    with transaction.atomic(), _quota_errors():
        quotas.check_open_tables(host)
        table = Table.objects.create(game=game_key, host=host, seat_count=seat_count, options=options, is_private=is_private, rated=rated,
                                     abandon_grace=abandon_grace, decision_days=decision_days)
        TableSeat.objects.bulk_create(
            [TableSeat(table=table, seat=i, user=host if i == host_seat else None) for i in range(seat_count)]
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


def _seat_number(raw, seat_count) -> int:
    """A seat number from a form (ASCII digits) or from code (an int), within the table; else a LobbyError."""
    if raw is None or raw == "":
        raise LobbyError(_("Choose a seat."))
    text = str(raw).strip() if not isinstance(raw, bool) else ""
    # Digits only and short: int() would take "-1", " 1_0 ", Arabic-Indic digits and 5000-digit strings.
    if not (text.isascii() and text.isdigit() and len(text) <= 4) or int(text) >= seat_count:
        raise LobbyError(_("No such seat."))
    return int(text)


def join_table(user, table_id, seat=None) -> Table:
    """Seat the user in ``seat`` (a free one they picked) or, without one, the first free seat."""
    with transaction.atomic():
        table = _locked_open_table(table_id)
        wanted = None if seat is None or seat == "" else _seat_number(seat, table.seat_count)
        seats = list(table.seats.select_for_update())
        if any(s.user_id == user.pk for s in seats):
            raise LobbyError(_("You already sit at this table."))
        empty = [s for s in seats if s.is_empty and (wanted is None or s.seat == wanted)]
        if wanted is not None and empty and empty[0].kept_from(user):
            raise LobbyError(_("That seat is kept for a player of the last match."))
        empty = [s for s in empty if not s.kept_from(user)]
        if not empty:
            raise LobbyError(_("That seat is taken.") if wanted is not None else _("This table is full."))
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
    seat_row = table.seats.select_for_update().get(seat=_seat_number(seat, table.seat_count))
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
        seat_row.reserved_for = None
        seat_row.save(update_fields=["bot", "reserved_for"])
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


def move_seat(host, table_id, seat, to) -> Table:
    """The host moves whoever sits in ``seat`` (a person, a bot, themselves) to ``to``: a free seat, or a swap."""
    with transaction.atomic():
        table, source = _host_seat(host, table_id, seat)
        target = table.seats.select_for_update().get(seat=_seat_number(to, table.seat_count))
        if source.is_empty:
            raise LobbyError(_("That seat is empty: there is nobody to move."))
        if source.pk == target.pk:
            raise LobbyError(_("Choose another seat to move to."))
        moving, staying = (source.user, source.bot), (target.user, target.bot)
        # Free the source first: a person may sit only once at a table, even for a moment.
        source.user, source.bot = None, ""
        source.save(update_fields=["user", "bot"])
        target.user, target.bot = moving
        target.save(update_fields=["user", "bot"])
        source.user, source.bot = staying
        source.save(update_fields=["user", "bot"])
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
            raise LobbyError(ngettext("%(game)s needs %(min)d to %(max)d player; fill the seats with people or computer players.", "%(game)s needs %(min)d to %(max)d players; fill the seats with people or computer players.", spec.max_players) % {"game": spec.name, "min": spec.min_players, "max": spec.max_players})
        if len(seated) != table.seat_count:
            raise LobbyError(_("Every seat must be taken (add computer players to empty seats)."))
        if not table.from_quick_match:  # the queue checked its players when they joined it
            people = [s.user for s in seated if s.user_id]
            with _quota_errors():
                quotas.check_running_matches(people, turn_based=bool(table.decision_days))
                if not table.decision_days:  # a turn-based match always has a clock
                    quotas.check_untimed_bot_matches(people, table.options, any(s.bot for s in seated))
        try:
            match = match_services.create_match(
                table.game,
                [match_services.SeatSpec(user=s.user, bot=s.bot) for s in seated],
                engine_options(table.game, table.options),
                is_private=table.is_private,
                rated=table.rated,
                abandon_grace=table.abandon_grace,
                decision_days=table.decision_days,
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
        raise LobbyError(ngettext("%(game)s is for %(min)d to %(max)d player.", "%(game)s is for %(min)d to %(max)d players.", spec.max_players) % {"game": spec.name, "min": spec.min_players, "max": spec.max_players})
    with transaction.atomic(), _quota_errors():
        quotas.check_running_matches([user])
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


def _default_options(spec) -> dict:
    return {o["name"]: o.get("default") for o in (spec.options() if callable(spec.options) else spec.options)}


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
        if seat_roles(game_key, players, _default_options(spec)) is not None:
            # Seats carry roles: the first in the queue must not always be seat 0 (the Leader).
            random.SystemRandom().shuffle(waiting)
        host = waiting[0].user
        table = create_table(host, game_key, players, _default_options(spec))
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


def option_summary(game_key, chosen, decision_days=0) -> list[str]:
    """A table's options as people read them, in the reader's language: "60 s per decision", "Pyramid: Standard"."""
    try:
        spec = get_game(game_key)
    except LookupError:
        return []
    summary = []
    if decision_days:
        # every clock of the game runs in days: one phrase says it all
        summary.append(ngettext("%(days)d day per decision (turn-based)", "%(days)d days per decision (turn-based)", decision_days)
                       % {"days": decision_days})
    for option in table_options(spec):
        value = chosen.get(option["name"], option.get("default"))
        if option.get("clock") and decision_days:
            continue
        if option.get("clock"):
            # a game names what its clock times ("180 s per lamp"); by default, each decision
            phrase = _(option["summary"]) if option.get("summary") else _("%(seconds)s s per decision")
            summary.append(phrase % {"seconds": value} if value else _("untimed"))
            continue
        if "choices" in option:
            value = _(dict((str(v), label) for v, label in option["choices"]).get(str(value), str(value)))
        elif option.get("type") == "bool":
            value = _("yes") if value else _("no")
        summary.append(_("%(option)s: %(value)s") % {"option": _(option["label"]), "value": value})
    return summary


def seat_roles(game_key, seat_count, table_options) -> list[str] | None:
    """The role key of each seat, or None when the game has no roles."""
    try:
        spec = get_game(game_key)
    except LookupError:
        return None
    if not hasattr(spec.engine, "roles"):
        return None  # spares resolving the options (which may read the database) for a game without roles
    return contract.roles(spec.engine, seat_count, engine_options(game_key, table_options))


def seat_role_labels(game_key, seat_count, table_options) -> list[str] | None:
    """Each seat's role in the reader's language, or None when the game has no roles."""
    keys = seat_roles(game_key, seat_count, table_options)
    if keys is None:
        return None
    labels = get_game(game_key).role_labels
    return [_(labels.get(key, key)) for key in keys]


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

    role_labels = {}  # (game, seats, options) -> labels: tables made alike share one computation
    summaries = {}  # (game, options) -> the options as read: saves a query per table for options read from the database

    def seat_dicts(t):
        seats = []
        options_key = (t.game, t.seat_count, repr(sorted(t.options.items())))
        if options_key not in role_labels:
            role_labels[options_key] = seat_role_labels(t.game, t.seat_count, t.options)
        roles = role_labels[options_key]
        for s in t.seats.all():
            seat = {
                "seat": s.seat,
                "user": s.user.username if s.user_id else None,
                "bot": s.bot or None,
                "name": s.user.username if s.user_id else bot_seat_name(t.game, s.bot, s.seat) if s.bot else None,
                "title": bot_kind(t.game, s.bot) if s.bot else "",
                # an empty seat a rematch keeps for a player of the last match
                "kept": s.kept_from(None),
            }
            if roles is not None:
                seat["role_label"] = roles[s.seat]
            seats.append(seat)
        return seats

    def summary_of(t):
        key = (t.game, repr(sorted(t.options.items())), t.decision_days)
        if key not in summaries:
            summaries[key] = option_summary(t.game, t.options, t.decision_days)
        return summaries[key]

    def table_dict(t):
        return {
            "id": t.pk,
            "game": t.game,
            "game_name": names.get(t.game, t.game),
            "host": t.host.username,
            "seat_count": t.seat_count,
            "private": t.is_private,
            "options": t.options,
            "summary": summary_of(t),
            "seats": seat_dicts(t),
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
                "players": [{"name": s.display_name, "title": s.display_title} for s in m.seats.all()],
                "started_at": m.started_at.isoformat(),
                "mine": user.is_authenticated and any(s.user_id == user.pk for s in m.seats.all()),
            }
            for m in running
        ],
        "my_started": [{"table": t, "match": m} for t, m in started_mine],
        "queue": queue,
        "my_queue": my_queue,
    }

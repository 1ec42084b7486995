"""Tables and their seats before the start: open, join, leave, seat a bot, move, start."""
from django.db import transaction
from django.utils.translation import gettext as _, ngettext

from gamekit import contract
from lobby import quotas
from lobby.errors import LobbyError, quota_errors
from lobby.models import QuickMatchEntry, Table, TableSeat
from lobby.notify import notify_lobby
from lobby.options import check_options, engine_options, seat_roles
from matches import services as match_services
from matches.registry import get_game

ABANDON_GRACE_RANGE = (15, 600)

# What other apps refuse a person joining a table for, each a function (user, table, seated user ids) -> a
# message or None, registered as Django starts (the people app: a block between the person and someone
# seated there, docs/people.md): the lobby never imports them.
_join_checks: list = []


def register_join_check(check) -> None:
    if check not in _join_checks:
        _join_checks.append(check)


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
    options = check_options(game_key, seat_count, raw_options)
    try:
        abandon_grace = int(abandon_grace)
    except (TypeError, ValueError):
        raise LobbyError(_("The grace period must be a whole number of seconds.")) from None
    low, high = ABANDON_GRACE_RANGE
    if not low <= abandon_grace <= high:
        raise LobbyError(
            ngettext("The grace period is %(low)d to %(high)d second.", "The grace period is %(low)d to %(high)d seconds.", high)
            % {"low": low, "high": high}
        )
    host_seat = 0
    if host_role:
        roles = seat_roles(game_key, seat_count, options) or []
        if host_role not in roles:
            raise LobbyError(_("Choose one of the game's roles for yourself."))
        host_seat = roles.index(host_role)
    with transaction.atomic(), quota_errors():
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
        seated = [s.user_id for s in seats if s.user_id]
        for check in _join_checks:
            refusal = check(user, table, seated)
            if refusal:
                raise LobbyError(refusal)
        empty = [s for s in seats if s.is_empty and (wanted is None or s.seat == wanted)]
        if wanted is not None and empty and empty[0].kept_from(user):
            raise LobbyError(_("That seat is kept for a player of the last match.") if table.rematch_of_id
                             else _("That seat is kept for an invited player."))
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
            raise LobbyError(
                ngettext(
                    "%(game)s needs %(min)d to %(max)d player; fill the seats with people or computer players.",
                    "%(game)s needs %(min)d to %(max)d players; fill the seats with people or computer players.",
                    spec.max_players,
                )
                % {"game": spec.name, "min": spec.min_players, "max": spec.max_players}
            )
        if len(seated) != table.seat_count:
            raise LobbyError(_("Every seat must be taken (add computer players to empty seats)."))
        if not table.from_quick_match:  # the queue checked its players when they joined it
            people = [s.user for s in seated if s.user_id]
            with quota_errors():
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

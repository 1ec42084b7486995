"""The rematch of a finished match played at a table: the host offers it (a new table with the same
game, options and seats), the others accept or decline, and the finished match's end screen shows
where it stands. Built on the lobby's tables (lobby/tables.py)."""
import contextlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from lobby import quotas
from lobby.errors import LobbyError, quota_errors
from lobby.models import Table
from lobby.notify import notify_lobby
from lobby.tables import create_table, join_table, start_table
from matches import broadcast
from matches.models import Match
from matches.seat_names import bot_seat_name


def _notify_match_pages(match_id) -> None:
    """The finished match's pages redraw their end screen (the rematch's state is in their frames).

    Only a small signal goes out: each socket fetches its own view at most once per
    settings.MATCH_PAGE_REFRESH_INTERVAL, the last change always shown (matches/consumers.py),
    as the lobby's snapshots are. A host offering and closing, or a guest accepting and
    declining, in a loop no longer sends a full view to every socket per click.
    """
    def send():
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(broadcast.match_group(match_id), {"type": "match.page_changed"})

    transaction.on_commit(send)


def rematch_offer(host, match_id) -> Table:
    """The host of a finished match's table opens its rematch: a new table with the same game, options
    and seats, the host and the computer players seated where they sat, every other person's seat kept
    for them to accept or decline. Offering twice gives the same table."""
    with quota_errors():
        quotas.count_rematch_step(host)
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status == Match.Status.RUNNING:
            raise LobbyError(_("A rematch is offered once the match is over."))
        original = Table.objects.filter(match=match).first()
        if original is None:
            raise LobbyError(_("This match was not played at a table: there is nothing to play again."))
        if original.host_id != host.pk:
            raise LobbyError(_("Only the host can offer a rematch."))
        existing = Table.objects.select_for_update().filter(rematch_of=match).first()
        if existing is not None and existing.status != Table.Status.CLOSED:
            return existing
        if existing is not None:  # the host closed the last offer: a new one replaces it
            existing.rematch_of = None
            existing.save(update_fields=["rematch_of"])
        table = create_table(host, original.game, original.seat_count, original.options, is_private=original.is_private,
                             rated=original.rated, abandon_grace=original.abandon_grace, decision_days=original.decision_days)
        table.rematch_of = match
        table.save(update_fields=["rematch_of"])
        played = {s.seat: s for s in match.seats.all()}
        table.seats.update(user=None)  # create_table sat the host in seat 0; they go back to their own seat
        for seat_row in table.seats.select_for_update():
            before = played.get(seat_row.seat)
            if before is None:
                continue
            if before.user_id == host.pk:
                seat_row.user = host
            elif before.user_id:  # a person, even one a computer player stood in for at the end
                seat_row.reserved_for_id = before.user_id
            elif before.bot:
                seat_row.bot = before.bot
            seat_row.save(update_fields=["user", "bot", "reserved_for"])
        if not table.seats.filter(user__isnull=True, bot="").exists():
            # nobody to wait for (the host against computer players): the rematch starts at once, so it is
            # never listed as an open table that needs another Start
            # refused (e.g. a quota): the host starts it from the table page once it allows
            with contextlib.suppress(LobbyError):
                table = start_table(host, table.pk)
        notify_lobby()
        _notify_match_pages(match.pk)
    table.refresh_from_db()
    return table


def _kept_seat(user, match_id):
    table = Table.objects.select_for_update().filter(rematch_of_id=match_id).first()
    if table is None:
        raise LobbyError(_("Nobody offered a rematch of this match."))
    if table.status != Table.Status.OPEN:
        raise LobbyError(_("That table has already started or closed."))
    seat_row = table.seats.filter(reserved_for=user).first()
    if seat_row is None:
        raise LobbyError(_("There is no seat kept for you at this rematch."))
    return table, seat_row


def rematch_accept(user, match_id) -> Table:
    """The person takes the seat the rematch keeps for them; once every seat is taken the match starts."""
    with quota_errors():
        quotas.count_rematch_step(user)
    with transaction.atomic():
        table, seat_row = _kept_seat(user, match_id)
        if seat_row.user_id != user.pk:
            join_table(user, table.pk, seat_row.seat)
        if seat_row.declined:
            table.seats.filter(pk=seat_row.pk).update(declined=False)
        if not table.seats.filter(user__isnull=True, bot="").exists():
            # refused (e.g. a quota): the host starts it from the table page once it allows
            with contextlib.suppress(LobbyError):
                table = start_table(table.host, table.pk)
        _notify_match_pages(match_id)
    table.refresh_from_db()
    return table


def rematch_decline(user, match_id) -> Table:
    """The person declines the rematch: their seat is no longer kept (the host may fill it)."""
    with quota_errors():
        quotas.count_rematch_step(user)
    with transaction.atomic():
        table, seat_row = _kept_seat(user, match_id)
        if seat_row.user_id == user.pk:
            seat_row.user = None
        seat_row.declined = True
        seat_row.save(update_fields=["user", "declined"])
        notify_lobby()
        _notify_match_pages(match_id)
    return table


def rematch_summary(match, user_id) -> dict | None:
    """The rematch as the end screen of ``match`` shows it to the person ``user_id`` (None: a spectator)."""
    original = Table.objects.filter(match=match).select_related("host").first()
    if original is None:
        return None
    summary = {"host": original.host.username, "is_host": user_id == original.host_id, "table": None}
    table = Table.objects.filter(rematch_of=match).exclude(status=Table.Status.CLOSED).first()
    if table is None:
        return summary
    seats = []
    mine = None
    for s in table.seats.select_related("user", "reserved_for"):
        if s.bot:
            state, name = "bot", bot_seat_name(table.game, s.bot, s.seat)
        elif s.user_id and (s.reserved_for_id or s.user_id == table.host_id):
            state, name = "accepted", s.user.username
        elif s.user_id:
            state, name = "joined", s.user.username
        elif s.reserved_for_id:
            state, name = ("declined" if s.declined else "invited"), s.reserved_for.username
        else:
            state, name = "open", ""
        if user_id is not None and user_id in (s.user_id, s.reserved_for_id):
            mine = state
        seats.append({"seat": s.seat, "name": name, "state": state})
    summary.update(
        table=table.pk,
        table_url=reverse("lobby:table", args=[table.pk]),
        status=table.status,
        match=table.match_id,
        match_url=reverse("matches:match", args=[table.match_id]) if table.match_id else None,
        seats=seats,
        mine=mine,
    )
    return summary

"""The quick-match queue: people wait for a game and a size; a full group is seated and started."""
import random

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _, ngettext

from lobby import quotas
from lobby.errors import LobbyError, quota_errors
from lobby.models import QuickMatchEntry, Table
from lobby.notify import notify_lobby
from lobby.options import default_options, seat_roles
from lobby.tables import create_table, start_table
from matches.registry import get_game


def join_quick_match(user, game_key, players) -> Table | None:
    """Queue the user; if enough people wait for this game and size, seat them and start."""
    try:
        spec = get_game(game_key)
        players = int(players)
    except (LookupError, TypeError, ValueError):
        raise LobbyError(_("Unknown game or player count.")) from None
    if not spec.min_players <= players <= spec.max_players:
        raise LobbyError(
            ngettext("%(game)s is for %(min)d to %(max)d player.", "%(game)s is for %(min)d to %(max)d players.", spec.max_players)
            % {"game": spec.name, "min": spec.min_players, "max": spec.max_players}
        )
    with transaction.atomic(), quota_errors():
        quotas.check_running_matches([user])
        QuickMatchEntry.objects.filter(user=user).delete()
        try:
            entry = QuickMatchEntry.objects.create(user=user, game=game_key, players=players)
        except IntegrityError:
            raise LobbyError(_("You are already waiting for this game.")) from None
        notify_lobby()
    # The one whose entry completes a group is seated by their own request, and sent to the match by it: this
    # waits for the queue's rows another request or the sweep holds (a moment) rather than passing them by and
    # leaving the group to the next sweep, whose start the page just loaded could miss (a CI run of 2026-12-01).
    return try_quick_match(game_key, players, skip_locked=False) or _seated_by_the_queue_since(user, entry.created_at)


def _seated_by_the_queue_since(user, since) -> Table | None:
    """The quick match the queue started with ``user`` after ``since`` (their entry's time): another request or
    the sweep that held the queue while this one waited may have seated them."""
    return (Table.objects.filter(from_quick_match=True, status=Table.Status.STARTED, seats__user=user, created_at__gte=since)
            .order_by("-created_at").first())


def leave_quick_match(user) -> None:
    with transaction.atomic():
        QuickMatchEntry.objects.filter(user=user).delete()
        notify_lobby()


def try_quick_match(game_key, players, *, skip_locked=True) -> Table | None:
    """Seats and starts the first ``players`` waiting for ``game_key`` if there are that many. ``skip_locked``
    (the sweep): entries another transaction holds are passed by, not waited for."""
    spec = get_game(game_key)
    with transaction.atomic():
        waiting = list(
            QuickMatchEntry.objects.select_for_update(skip_locked=skip_locked)
            .filter(game=game_key, players=players)
            .select_related("user")
            .order_by("created_at")[:players]
        )
        if len(waiting) < players:
            return None
        if seat_roles(game_key, players, default_options(spec)) is not None:
            # Seats carry roles: the first in the queue must not always be seat 0 (the Leader).
            random.SystemRandom().shuffle(waiting)
        host = waiting[0].user
        table = create_table(host, game_key, players, default_options(spec))
        table.from_quick_match = True
        table.save(update_fields=["from_quick_match"])
        for entry, seat in zip(waiting[1:], range(1, players), strict=True):
            table.seats.filter(seat=seat).update(user=entry.user)
        QuickMatchEntry.objects.filter(pk__in=[e.pk for e in waiting]).delete()
        return start_table(host, table.pk)


def sweep_quick_match_queue() -> int:
    """The periodic job (lobby/jobs.py): start every quick match that can start (a lost race at join time)."""
    started = 0
    pairs = QuickMatchEntry.objects.values_list("game", "players").distinct()
    for game_key, players in pairs:
        while try_quick_match(game_key, players) is not None:
            started += 1
    return started

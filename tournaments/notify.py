"""Telling a tournament's pages that it changed: its version moves, and one group message after commit
carries it (the sockets build the shared view once per version: tournaments/snapshot.py)."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import F

from tournaments.models import Tournament


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def notify_tournament(tournament_id: int) -> None:
    """Inside the transaction that changed it (holding its row's lock): its version moves on, and every page of
    the tournament builds its view again after commit, so it reads what was written."""
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)
    version = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()

    def send():
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(tournament_group(tournament_id), {"type": "tournament.changed", "version": version})

    transaction.on_commit(send)

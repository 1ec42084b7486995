"""Telling a tournament's pages that it changed: one group message after commit."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def notify_tournament(tournament_id: int) -> None:
    """Every page of the tournament builds its view again (after commit, so it reads what was written)."""

    def send():
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(tournament_group(tournament_id), {"type": "tournament.changed"})

    transaction.on_commit(send)

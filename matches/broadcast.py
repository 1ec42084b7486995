"""Sends each seat (and the spectators) its own view after a change is committed."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def seat_group(match_id, seat) -> str:
    return f"match.{match_id}.seat.{seat}"


def spectator_group(match_id) -> str:
    return f"match.{match_id}.watch"


def send_views(match) -> None:
    from matches.services import seat_frame

    layer = get_channel_layer()
    if layer is None:
        return
    messages = [(seat_group(match.pk, seat), seat_frame(match, seat)) for seat in range(match.players)]
    messages.append((spectator_group(match.pk), seat_frame(match, None)))

    async def send_all():
        for group, frame in messages:
            await layer.group_send(group, {"type": "match.frame", "frame": frame})

    async_to_sync(send_all)()

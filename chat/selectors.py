"""What chat a reader may see: the live channel of their place at the table, and the replay's."""
from django.conf import settings

from chat.models import ChatMessage, ChatMute
from matches.models import Match, MatchSeat


def message_data(message: ChatMessage) -> dict:
    return {
        "id": message.pk,
        "author": message.author.username,
        "seat": message.seat,
        "channel": message.channel,
        "text": message.text,
        "version": message.version,
        "at": message.server_time,
    }


def muted_ids(user) -> set[int]:
    if not user.is_authenticated:
        return set()
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def muted_names(user) -> list[str]:
    return sorted(ChatMute.objects.filter(user=user).values_list("muted__username", flat=True))


def seat_of(match: Match, user):
    """The seat `user` holds in `match`, or None."""
    if not user.is_authenticated:
        return None
    return MatchSeat.objects.filter(match=match, user=user).values_list("seat", flat=True).first()


def readable_channels(match: Match, user) -> list[str]:
    """The channels `user` may read: players see the players' talk, spectators the spectators'.

    Once the match is over the players may also read what the spectators said
    (the replay); the players' talk stays among the players.
    """
    seat = seat_of(match, user)
    if seat is not None:
        if match.status == Match.Status.RUNNING:
            return [ChatMessage.Channel.PLAYERS]
        return [ChatMessage.Channel.PLAYERS, ChatMessage.Channel.SPECTATORS]
    if match.is_private:
        return []
    return [ChatMessage.Channel.SPECTATORS]


def recent_messages(match_id, channel, user, limit=None, muted=None) -> list[dict]:
    """The last messages of one channel, oldest first, without the authors `user` muted (``muted``, their ids,
    when the caller has read them already)."""
    limit = settings.CHAT_HISTORY if limit is None else limit
    muted = muted_ids(user) if muted is None else muted
    messages = ChatMessage.objects.filter(match_id=match_id, channel=channel).exclude(author_id__in=muted)
    newest = list(messages.select_related("author").order_by("-id")[:limit])
    return [message_data(m) for m in reversed(newest)]


def replay_messages(match: Match, user) -> list[dict]:
    """Every message of a finished match that `user` may read, in order; each carries the version it was posted at."""
    channels = readable_channels(match, user)
    if not channels:
        return []
    messages = ChatMessage.objects.filter(match=match, channel__in=channels).exclude(author_id__in=muted_ids(user))
    return [message_data(m) for m in messages.select_related("author").order_by("id")]

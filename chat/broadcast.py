"""The chat's channel-layer groups: one for the players of a match, one for its spectators."""
from chat.models import ChatMessage
from chat.selectors import message_data
from matches.broadcast import send_to_groups


def chat_group(match_id, channel) -> str:
    suffix = "players" if channel == ChatMessage.Channel.PLAYERS else "watch"
    return f"match.{match_id}.chat.{suffix}"


def channel_of_seat(seat) -> str:
    return ChatMessage.Channel.SPECTATORS if seat is None else ChatMessage.Channel.PLAYERS


def send_message(message: ChatMessage) -> None:
    # The author's id travels beside the frame so each socket can leave out the people its reader muted.
    event = {"type": "chat.message", "author_id": message.author_id, "frame": {"type": "chat", "message": message_data(message)}}
    send_to_groups([(chat_group(message.match_id, message.channel), event)])

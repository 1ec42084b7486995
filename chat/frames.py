"""The chat frames of the match socket (docs/protocol.md): parse one, call the service, say what changed.

Kept here so that the match consumer only dispatches: it joins the chat
group of its reader's place, keeps the muted set, and forwards.
"""
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from chat import broadcast, selectors, services

FRAME_TYPES = frozenset({"chat", "chat_mute", "chat_unmute", "chat_report"})


@dataclass
class ChatOutcome:
    reply: dict | None = None  # a frame for the sender alone
    muted: set = field(default_factory=set)
    unmuted: set = field(default_factory=set)


@dataclass
class ChatConnection:
    group: str
    muted: set
    history: dict | None  # the chat_history frame, or None when there is nothing to say


def chat_connect(match_id, user, seat) -> ChatConnection:
    """What a socket needs on connect: its group, its reader's muted people and the recent messages."""
    channel = broadcast.channel_of_seat(seat)
    muted = selectors.muted_ids(user)
    messages = selectors.recent_messages(match_id, channel, user, muted=muted)
    names = selectors.muted_names(user) if muted else []
    history = {"type": "chat_history", "messages": messages, "muted": names} if messages or names else None
    return ChatConnection(group=broadcast.chat_group(match_id, channel), muted=muted, history=history)


def _name(frame):
    name = frame.get("user")
    if not isinstance(name, str) or not name:
        raise services.ChatError(_("Whom? Give a user name."), "malformed")
    return name


def chat_frame_apply(match_id, user, frame) -> ChatOutcome:
    """Carry out one chat frame for `user`; raises services.ChatError and changes nothing when refused."""
    kind = frame["type"]
    if kind == "chat":
        services.chat_post(match_id, user, frame.get("text"))
        return ChatOutcome()
    if kind == "chat_mute":
        name = _name(frame)
        return ChatOutcome(reply={"type": "chat_muted", "user": name, "muted": True}, muted={services.chat_mute(user, name)})
    if kind == "chat_unmute":
        name = _name(frame)
        return ChatOutcome(reply={"type": "chat_muted", "user": name, "muted": False}, unmuted={services.chat_unmute(user, name)})
    report = services.chat_report(user, frame.get("message"), frame.get("reason", ""))
    return ChatOutcome(reply={"type": "chat_reported", "message": report.message_id})

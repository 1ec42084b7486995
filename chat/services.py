"""Table chat: post, mute, report. Who speaks where comes from the seat a person holds, never from a frame.

Players talk in the players' channel, spectators in the spectators' one;
neither hears the other while the match runs. A message is kept with the
match version it was posted at (the last one every reader saw: matches/frames.py,
``public_version``), so the replay shows it at its moment.
"""
import re
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _, ngettext

from chat import broadcast, selectors
from chat.models import ChatMessage, ChatMute, ChatReport
from matches import frames
from matches.models import Match
from people.relations import blocked_by_a_player

# Line breaks and tabs become spaces; every other control character goes, and
# so do the bidirectional overrides that could make a message read backwards,
# and lone surrogates (a JSON escape makes them; no encoder or database takes them).
_WHITESPACE_CONTROLS = re.compile(r"[\t\n\r\v\f\u0085\u2028\u2029]")
_OTHER_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
REPORT_REASON_MAX_LENGTH = 300


class ChatError(Exception):
    """A chat frame that was refused; nothing changed. `code` is machine-readable."""

    def __init__(self, message, code):
        super().__init__(message)
        self.message = str(message)
        self.code = code


def clean_text(text) -> str:
    if not isinstance(text, str):
        raise ChatError(_("A chat message is text."), "malformed")
    return _OTHER_CONTROLS.sub("", _WHITESPACE_CONTROLS.sub(" ", text)).strip()


def _check_rate(match_id, user_id, now):
    """Count this message (atomically, in the shared cache) and refuse it past CHAT_RATE_MESSAGES in the last
    CHAT_RATE_SECONDS. The count is a sliding window's, estimated from two windows fixed to the clock: this one's
    count plus the last one's, weighted by the share of it the last CHAT_RATE_SECONDS still cover. A fixed window
    alone let up to twice the limit through across its edge (a flood of 7 against a limit of 5, split 3 and 4,
    all passed: a browser test saw it, and the socket test had to use a window of a million seconds)."""
    window = settings.CHAT_RATE_SECONDS
    index = int(now // window)
    # One key per window: it outlives the next one, so `incr` never meets an expired key and the next window
    # still reads it.
    key = f"chat:rate:{match_id}:{user_id}:{index}"
    cache.add(key, 0, timeout=3 * window)
    this_window = cache.incr(key)
    last_window = cache.get(f"chat:rate:{match_id}:{user_id}:{index - 1}", 0)
    still_covered = 1 - (now - index * window) / window
    if this_window + last_window * still_covered > settings.CHAT_RATE_MESSAGES:
        raise ChatError(
            ngettext(
                "You are writing too fast: at most %(count)d message every %(seconds)d seconds.",
                "You are writing too fast: at most %(count)d messages every %(seconds)d seconds.",
                settings.CHAT_RATE_MESSAGES,
            )
            % {"count": settings.CHAT_RATE_MESSAGES, "seconds": window},
            "chat_rate",
        )


def chat_post(match_id, user, text, now=None) -> ChatMessage:
    """Post `text` at `match_id`: a seated person in the players' channel, anyone else watching in the spectators'."""
    text = clean_text(text)
    if not text:
        raise ChatError(_("Write something first."), "chat_empty")
    if len(text) > settings.CHAT_MAX_LENGTH:
        raise ChatError(_("A message is at most %(count)d characters.") % {"count": settings.CHAT_MAX_LENGTH}, "chat_too_long")
    if not user.is_authenticated:
        raise ChatError(_("Log in to chat."), "chat_forbidden")
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise ChatError(_("There is no such match."), "chat_forbidden")
    seat = selectors.seat_of(match, user)
    if seat is None and match.is_private:
        raise ChatError(_("Only the players of a private match may chat there."), "chat_forbidden")
    if blocked_by_a_player(match.pk, user.pk):
        raise ChatError(_("A player of this match blocked you: you cannot chat here."), "chat_blocked")
    now = time.time() if now is None else now
    _check_rate(match.pk, user.pk, now)
    with transaction.atomic():
        message = ChatMessage.objects.create(
            match=match,
            author=user,
            seat=seat,
            channel=broadcast.channel_of_seat(seat),
            text=text,
            # The version everyone at the table saw: the match's may count an action hidden from some
            # readers (a private Basra offer), which a message's version must not tell them of.
            version=frames.public_version(match),
            server_time=now,
        )
        transaction.on_commit(lambda: broadcast.send_message(message))
    return message


def _user_named(name):
    # A name no account can have (a NUL, a lone surrogate) is not asked of the database, which refuses it with an error.
    is_a_name = isinstance(name, str) and clean_text(name) == name
    user = get_user_model().objects.filter(username=name).first() if is_a_name else None
    if user is None:
        raise ChatError(_("There is nobody called %(name)s.") % {"name": clean_text(str(name))[:40]}, "chat_unknown_user")
    return user


def chat_mute(user, name) -> int:
    """`user` stops receiving what `name` writes; returns the muted person's id."""
    muted = _user_named(name)
    if muted.pk == user.pk:
        raise ChatError(_("You cannot mute yourself."), "chat_bad_mute")
    ChatMute.objects.get_or_create(user=user, muted=muted)
    return muted.pk


def chat_unmute(user, name) -> int:
    muted = _user_named(name)
    ChatMute.objects.filter(user=user, muted=muted).delete()
    return muted.pk


def chat_report(user, message_id, reason="") -> ChatReport:
    """Flag a message for the staff; only a message the reporter could read, and not their own."""
    if isinstance(message_id, bool) or not isinstance(message_id, int):
        raise ChatError(_("Which message? Give its number."), "malformed")
    reason = clean_text(reason if isinstance(reason, str) else "")[:REPORT_REASON_MAX_LENGTH]
    message = ChatMessage.objects.select_related("match").filter(pk=message_id).first()
    if message is None or message.channel not in selectors.readable_channels(message.match, user):
        raise ChatError(_("There is no such message."), "chat_unknown_message")
    if message.author_id == user.pk:
        raise ChatError(_("You cannot report your own message."), "chat_bad_report")
    try:
        with transaction.atomic():
            return ChatReport.objects.create(message=message, reporter=user, reason=reason)
    except IntegrityError:
        raise ChatError(_("You have already reported this message."), "chat_already_reported") from None

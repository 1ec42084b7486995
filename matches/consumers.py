"""The live socket of a match: thin. Parse, find who is asking, call the service, answer.

The seat always comes from the session, never from the frame. Frames are
documented in docs/protocol.md.
"""
import asyncio
import logging

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.sockets import ClosedWithItsSession, scope_groups
from chat import frames as chat_frames
from chat.services import ChatError
from config import socket_guard
from config.database_threads import database_call
from config.socket_consumer import SocketConsumer
from matches import broadcast, early_abort, frames, presence, services
from matches.frame_text import frame_text
from matches.models import Match, MatchSeat
from matches.socket_language import language_of

logger = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
PONG = frame_text({"type": "pong"})


def _db(func):
    """On the process's database threads (config/database_threads.py), not the one thread Channels would use.

    Nothing here needs that thread: each call is its own transaction on its own
    thread's connection, and the row lock of match_apply_action orders the moves of one match.
    """
    return database_call(func)


@_db
def _load_seat(match_id, user):
    """(found, seat or None, may_watch, the chat connection or None) for this user and match: one trip to the
    database threads, which every socket pays when it connects. Reads the one field of the match it needs, not
    its state (a connect burst decoded each state twice: docs/performance.md, "Connect burst")."""
    is_private = Match.objects.filter(pk=match_id).values_list("is_private", flat=True).first()
    if is_private is None:
        return False, None, False, None
    seats = list(MatchSeat.objects.filter(match_id=match_id, user=user).values_list("seat", "abandoned_at"))
    # A person whose seat a computer player took over may still watch.
    seat = next((s for s, abandoned_at in seats if abandoned_at is None), None)
    may_watch = bool(seats) or not is_private
    return True, seat, may_watch, chat_frames.chat_connect(match_id, user, seat) if may_watch else None


def _seat_frame(match_id, seat, language):
    # In the page's language: the end screen's names and titles are worded on the server.
    with translation.override(language):
        return frames.seat_frame(Match.objects.get(pk=match_id), seat)


_current_frame = _db(_seat_frame)


@_db
def _arrive(match_id, seat, channel_name, language):
    """A seated person's socket is in: its presence row, the seat back from a computer player standing in
    (after the presence row, so that a stand-in racing this connect is undone here), then the frame. One
    trip to the database threads, not three: every socket pays it when it connects."""
    presence.seat_connected(match_id, seat, channel_name)
    presence.take_seat_back(match_id, seat)
    return _seat_frame(match_id, seat, language)


@_db
def _apply(match_id, seat, action, version):
    services.match_apply_action(match_id, seat, action, client_version=version, from_client=True)


@_db
def _abort(match_id, user, version):
    early_abort.abort_match(match_id, user, client_version=version, from_client=True)


def _refusal(exc):
    """(code, message, stale) of a refused action: what its answer needs, kept past the ``except``."""
    return exc.code, exc.message, isinstance(exc, services.StaleVersion)


@_db
def _chat_connect(match_id, user, seat):
    return chat_frames.chat_connect(match_id, user, seat)


@_db
def _chat_frame(match_id, user, frame):
    return chat_frames.chat_frame_apply(match_id, user, frame)


class MatchConsumer(ClosedWithItsSession, SocketConsumer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # What disconnect() reads, set before any of it runs: it also runs (SocketConsumer's clean-up) when connect
        # stopped part-way or never ran at all (the channel layer failed first, e.g. Redis away: channels_redis
        # subscribes the socket's channel before connect).
        self.match_id = None
        self.seat = None
        self.groups_joined = []
        self.refresh_task = None
        self.last_refresh = float("-inf")
        self.chat_muted = set()
        self.chat_group = None

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        user = self.scope.get("user")
        await self.open(take_slot=False)
        if user is None or not user.is_authenticated:
            return await self.close(code=CLOSE_UNAUTHENTICATED)
        found, seat, may_watch, chat = await _load_seat(self.match_id, user)
        if not found:
            return await self.close(code=CLOSE_NOT_FOUND)
        if not may_watch:
            return await self.close(code=CLOSE_FORBIDDEN)
        if not await self.take_slot():
            return
        self.seat = seat
        self.chat_muted = chat.muted
        self.chat_group = chat.group
        for name in filter(None, (broadcast.match_group(self.match_id), *scope_groups(self.scope), chat.group)):
            await self.channel_layer.group_add(name, self.channel_name)
            self.groups_joined.append(name)
        if seat is not None:
            await self.send_frame(await _arrive(self.match_id, seat, self.channel_name, language_of(self.scope)))
        else:
            await self.send_frame(await _current_frame(self.match_id, None, language_of(self.scope)))
        if chat.history:
            await self.send_frame(chat.history)

    async def disconnect(self, code):
        if self.refresh_task is not None:
            self.refresh_task.cancel()
        await self.leave_groups(self.groups_joined)
        if self.seat is not None:
            await _db(presence.seat_disconnected)(self.match_id, self.seat, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        verdict = await self.guard.frame_verdict()
        if verdict == socket_guard.CLOSE:
            return await self.close(code=socket_guard.CLOSE_RATE_LIMITED)
        # Error messages in the language the page was rendered in.
        with translation.override(language_of(self.scope)):
            if verdict == socket_guard.REFUSE:
                return await self.send_error("rate_limited", _("Too many frames: slow down."))
            if verdict == socket_guard.ACCEPT:
                await self.receive_frame(text_data)

    async def read_frame(self, text_data):
        """The frame (an object with a "type"), or None once the error that says why not is sent."""
        if text_data is None:
            return await self.send_error("malformed", _("Frames are JSON text."))
        if len(text_data.encode()) > settings.MAX_FRAME_BYTES:
            return await self.send_error("too_large", _("Frames are at most %(bytes)d bytes.") % {"bytes": settings.MAX_FRAME_BYTES})
        try:
            frame = socket_guard.load_json_frame(text_data, settings.MAX_FRAME_DEPTH)
        except socket_guard.TooDeep:
            return await self.send_error("malformed", _("That frame is nested too deeply."))
        except socket_guard.BadText:
            return await self.send_error("malformed", _("A frame's text holds no NUL and no lone surrogate."))
        except ValueError:
            return await self.send_error("malformed", _("That frame is not valid JSON."))
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            return await self.send_error("malformed", _("A frame is an object with a \"type\"."))
        return frame

    async def receive_frame(self, text_data):
        frame = await self.read_frame(text_data)
        if frame is None:
            return None
        kind = frame["type"]
        if kind in ("hello", "sync"):
            return await self.send_frame(await _current_frame(self.match_id, self.seat, language_of(self.scope)))
        if kind == "ping":
            if self.seat is not None:
                await _db(presence.seat_seen)(self.match_id, self.seat, self.channel_name)
            return await self.send(text_data=PONG)
        if kind in chat_frames.FRAME_TYPES:
            return await self.receive_chat(frame)
        if kind == "abort":
            return await self.receive_abort(frame)
        if kind != "action":
            return await self.send_error("unknown_type", _("Unknown frame type: %(type)s") % {"type": kind[:40]})
        return await self.receive_action(frame)

    async def receive_action(self, frame):
        if self.seat is None:
            return await self.send_error("not_seated", _("Spectators cannot act."))
        action, version = frame.get("action"), frame.get("version")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return await self.send_error("malformed", _("An action frame needs an \"action\" object with a \"type\"."))
        if isinstance(version, bool) or not isinstance(version, int):
            return await self.send_error("malformed", _("An action frame needs the \"version\" you saw."))
        try:
            await _apply(self.match_id, self.seat, action, version)
        except services.MatchError as exc:
            refusal = _refusal(exc)
        else:
            return
        await self.answer_refusal(*refusal)

    async def receive_abort(self, frame):
        """{"type": "abort", "version": N}: the person seated aborts the match while its window is open
        (matches/early_abort.py, ``abort_match``); everyone is told by the broadcast, an error answers a refusal."""
        if self.seat is None:
            return await self.send_error("not_seated", _("Spectators cannot abort a match."))
        version = frame.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            return await self.send_error("malformed", _("An abort frame needs the \"version\" you saw."))
        try:
            await _abort(self.match_id, self.scope["user"], version)
        except services.MatchError as exc:
            refusal = _refusal(exc)
        else:
            return
        await self.answer_refusal(*refusal)

    async def answer_refusal(self, code, message, stale):
        """The error, then (a stale version) the current frame. Sent once the refusal is handled, never inside its
        ``except``: the frame is read on the database threads, and asgiref takes the exception being handled into
        its thread and raises it there again, a cycle (the exception, its traceback, the thread's frame holding
        it) through this consumer and the service's frames that only a full collection frees
        (config/socket_consumer.py, docs/performance.md, "Memory"); a stale version is common in a race."""
        await self.send_error(code, message)
        if stale:
            await self.send_frame(await _current_frame(self.match_id, self.seat, language_of(self.scope)))

    async def receive_chat(self, frame):
        try:
            outcome = await _chat_frame(self.match_id, self.scope["user"], frame)
        except ChatError as exc:
            return await self.send_error(exc.code, exc.message)
        self.chat_muted = (self.chat_muted | outcome.muted) - outcome.unmuted
        if outcome.reply:
            await self.send_frame(outcome.reply)

    async def match_frames(self, event):
        # Every frame of the change, encoded once where it was made (matches/broadcast.py);
        # this socket sends its own seat's text only (the spectators' if it watches).
        # The end screen names the players in the server's words, worded where the last move was made: a page
        # in another language gets a frame of its own language instead (never the other's words, even briefly).
        own_language = not event.get("ended_in") or event["ended_in"] == language_of(self.scope)
        text = broadcast.seat_text(event, self.seat) if own_language else None
        if text is not None:  # None: this seat saw nothing of the change (matches/frames.py, change_frames)
            await self.send(text_data=text)
        if self.seat is not None and event.get("released_seat") == self.seat:
            await self.become_spectator()
        elif not own_language:
            await self.send_frame(await _current_frame(self.match_id, self.seat, language_of(self.scope)))

    async def match_page_changed(self, event):
        # Something shown beside the match changed (its rematch): coalesced like the lobby's snapshots.
        if self.refresh_task is None:
            self.refresh_task = asyncio.create_task(self.refresh_when_due())

    async def refresh_when_due(self):
        wait = self.last_refresh + settings.MATCH_PAGE_REFRESH_INTERVAL - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
        # Changes arriving from here on schedule the next refresh.
        self.refresh_task = None
        self.last_refresh = asyncio.get_running_loop().time()
        try:
            await self.send_frame(await _current_frame(self.match_id, self.seat, language_of(self.scope)))
        except Exception:  # a task of its own: nobody else would hear of it
            logger.exception("match %s: the page refresh failed", self.match_id)

    async def become_spectator(self):
        """This socket's person was replaced: from now on it watches, and sees the seat no more."""
        self.seat = None
        # the spectators' chat channel instead of the players'; log-out still closes the socket
        chat = await _chat_connect(self.match_id, self.scope["user"], None)
        if chat.group != self.chat_group:
            if self.chat_group:
                await self.channel_layer.group_discard(self.chat_group, self.channel_name)
                self.groups_joined.remove(self.chat_group)
            if chat.group:
                await self.channel_layer.group_add(chat.group, self.channel_name)
                self.groups_joined.append(chat.group)
            self.chat_group = chat.group
        await self.send_frame(await _current_frame(self.match_id, None, language_of(self.scope)))

    async def chat_message(self, event):
        if event["author_id"] not in self.chat_muted:
            await self.send_frame(event["frame"])

    async def send_frame(self, frame):
        await self.send(text_data=frame_text(frame))

    async def send_error(self, code, message):
        # A message may quote the frame (its type, a name): whatever it quotes, the answer encodes.
        message = message.encode("utf-8", "replace").decode("utf-8")
        await self.send(text_data=frame_text({"type": "error", "code": code, "message": message}))

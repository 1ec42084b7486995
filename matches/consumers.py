"""The live socket of a match: thin. Parse, find who is asking, call the service, answer.

The seat always comes from the session, never from the frame. Frames are
documented in docs/protocol.md.
"""
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from matches import broadcast, services
from matches.models import Match
from matches.socket_language import language_of

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


@database_sync_to_async
def _load_seat(match_id, user):
    """(found, seat or None, may_watch) for this user and match."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return False, None, False
    seat = match.seats.filter(user=user).values_list("seat", flat=True).first()
    return True, seat, seat is not None or not match.is_private


@database_sync_to_async
def _current_frame(match_id, seat):
    return services.seat_frame(Match.objects.get(pk=match_id), seat)


@database_sync_to_async
def _apply(match_id, seat, action, version):
    services.match_apply_action(match_id, seat, action, client_version=version)


class MatchConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.seat = None
        self.groups_joined = []
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        found, seat, may_watch = await _load_seat(self.match_id, user)
        if not found:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if not may_watch:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.seat = seat
        group = broadcast.seat_group(self.match_id, seat) if seat is not None else broadcast.spectator_group(self.match_id)
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)
        await self.accept()
        await self.send_frame(await _current_frame(self.match_id, self.seat))

    async def disconnect(self, code):
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        # Error messages in the language the page was rendered in.
        with translation.override(language_of(self.scope)):
            await self.receive_frame(text_data)

    async def receive_frame(self, text_data):
        if text_data is None:
            return await self.send_error("malformed", _("Frames are JSON text."))
        if len(text_data.encode()) > settings.MAX_FRAME_BYTES:
            return await self.send_error("too_large", _("Frames are at most %(bytes)d bytes.") % {"bytes": settings.MAX_FRAME_BYTES})
        try:
            frame = json.loads(text_data)
        except ValueError:
            return await self.send_error("malformed", _("That frame is not valid JSON."))
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            return await self.send_error("malformed", _("A frame is an object with a \"type\"."))
        kind = frame["type"]
        if kind in ("hello", "sync"):
            return await self.send_frame(await _current_frame(self.match_id, self.seat))
        if kind == "ping":
            return await self.send(text_data=json.dumps({"type": "pong"}))
        if kind != "action":
            return await self.send_error("unknown_type", _("Unknown frame type: %(type)s") % {"type": kind[:40]})
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
            await self.send_error(exc.code, exc.message)
            if isinstance(exc, services.StaleVersion):
                await self.send_frame(await _current_frame(self.match_id, self.seat))

    async def match_frame(self, event):
        await self.send_frame(event["frame"])

    async def send_frame(self, frame):
        await self.send(text_data=json.dumps(frame))

    async def send_error(self, code, message):
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message}))

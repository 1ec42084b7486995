"""A tournament's socket: read-only, it pushes the page's view whenever the tournament changes
(coalesced as the lobby's: config/coalesced_views.py)."""
import json

from channels.db import database_sync_to_async
from django.utils import translation

from accounts.sockets import ClosedWithItsSession, scope_groups
from config.coalesced_views import CoalescedViews
from config.socket_consumer import SocketConsumer
from matches.socket_language import language_of
from tournaments.access import INVITES_SESSION_KEY, may_see
from tournaments.models import Tournament
from tournaments.notify import tournament_group
from tournaments.snapshot import tournament_snapshot

CLOSE_NOT_FOUND = 4404


@database_sync_to_async
def _view(tournament_id, user, invites, language):
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not may_see(tournament, user, invites):
        return None
    with translation.override(language):
        return json.dumps(tournament_snapshot(tournament, user))


class TournamentConsumer(ClosedWithItsSession, CoalescedViews, SocketConsumer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.groups_joined = []

    async def connect(self):
        if not await self.open():
            return
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        session = self.scope.get("session")
        self.invites = tuple(session.get(INVITES_SESSION_KEY, ())) if session is not None else ()
        if not await self.send_view():
            return await self.close(code=CLOSE_NOT_FOUND)
        for name in (tournament_group(self.tournament_id), *scope_groups(self.scope)):
            await self.channel_layer.group_add(name, self.channel_name)
            self.groups_joined.append(name)

    async def disconnect(self, code):
        self.stop_views()
        await self.leave_groups(self.groups_joined)

    async def tournament_changed(self, event):
        self.view_changed()

    async def send_view(self) -> bool:
        text = await _view(self.tournament_id, self.scope.get("user"), self.invites, language_of(self.scope))
        if text is None:
            return False
        self.view_sent()
        await self.send(text_data=text)
        return True

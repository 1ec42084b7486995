"""A tournament's socket: read-only, it pushes the page's view whenever the tournament changes
(coalesced as the lobby's, config/coalesced_views.py, at TOURNAMENT_SNAPSHOT_INTERVAL), the shared part
built once per change in each process (tournaments/snapshot.py, `shared_view`)."""
from channels.db import database_sync_to_async

from accounts.sockets import ClosedWithItsSession, scope_groups
from config.coalesced_views import CoalescedViews
from config.socket_consumer import SocketConsumer
from matches.socket_language import language_of
from tournaments.access import INVITES_SESSION_KEY, may_see
from tournaments.notify import tournament_group
from tournaments.snapshot import shared_view, snapshot_text

CLOSE_NOT_FOUND = 4404


@database_sync_to_async
def _view(tournament_id, user, invites, language, version):
    found = shared_view(tournament_id, language, version)
    if found is None or not may_see(found[0], user, invites):
        return None
    return snapshot_text(found[1], user)


class TournamentConsumer(ClosedWithItsSession, CoalescedViews, SocketConsumer):
    # a tournament's page follows it closely (the standings after each match): a view at most every 0.2 s
    interval_setting = "TOURNAMENT_SNAPSHOT_INTERVAL"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.groups_joined = []
        self.version = None  # the latest change announced (None: read the tournament's own)

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
        self.version = max(self.version or 0, event.get("version", 0))
        self.view_changed()

    async def send_view(self) -> bool:
        text = await _view(self.tournament_id, self.scope.get("user"), self.invites, language_of(self.scope), self.version)
        if text is None:
            return False
        self.view_sent()
        await self.send(text_data=text)
        return True

"""A tournament's socket: read-only, it pushes the page's view whenever the tournament changes
(coalesced as the lobby's, config/coalesced_views.py, at TOURNAMENT_SNAPSHOT_INTERVAL), the shared part
built once per change in each process (tournaments/snapshot.py, `shared_view`)."""
import asyncio

from channels.db import database_sync_to_async

from accounts.sockets import ClosedWithItsSession, scope_groups
from config.coalesced_views import CoalescedViews
from config.socket_consumer import SocketConsumer
from matches.socket_language import language_of
from tournaments.access import INVITES_SESSION_KEY, may_see, seen_from_its_row
from tournaments.notify import tournament_group
from tournaments.snapshot import held_view, shared_view, snapshot_text

CLOSE_NOT_FOUND = 4404

# (loop, tournament, language, version) -> the build of its shared part under way in this process: a change reaches
# every page of a 200-person arena at once, and each socket's own trip to the one thread that talks to the
# database would queue them all behind the moves being played (docs/tournaments.md, "Load"); they wait for
# one build, and later sockets read it on the loop (`held_view`)
_building: dict[tuple, asyncio.Future] = {}


async def _shared(tournament_id, language, version):
    """(the tournament, its shared part) at ``version`` or later (None: its current one), or None if it is gone."""
    if version is not None:
        found = held_view(tournament_id, language, version)
        if found is not None:
            return found
    key = (asyncio.get_running_loop(), tournament_id, language, version)  # a future belongs to its loop
    build = _building.get(key)
    if build is None:
        build = _building[key] = asyncio.ensure_future(database_sync_to_async(shared_view)(tournament_id, language, version))
        build.add_done_callback(lambda _done: _building.pop(key, None))
    return await asyncio.shield(build)  # one socket closing while it waits does not cancel the others' build


async def _may_see(tournament, user, invites) -> bool:
    return seen_from_its_row(tournament, user, invites) or await database_sync_to_async(may_see)(tournament, user, invites)


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
        # Subscribed before the first view is read, as the lobby and a match are: a change committed between the
        # read and the subscription would otherwise never reach this page. A socket that may not see the
        # tournament is closed at once (disconnect leaves the groups); a change it hears sends it nothing.
        for name in (tournament_group(self.tournament_id), *scope_groups(self.scope)):
            await self.channel_layer.group_add(name, self.channel_name)
            self.groups_joined.append(name)
        if not await self.send_view():
            return await self.close(code=CLOSE_NOT_FOUND)

    async def disconnect(self, code):
        self.stop_views()
        await self.leave_groups(self.groups_joined)

    async def tournament_changed(self, event):
        self.version = max(self.version or 0, event.get("version", 0))
        self.view_changed()

    async def send_view(self) -> bool:
        user = self.scope.get("user")
        found = await _shared(self.tournament_id, language_of(self.scope), self.version)
        if found is None or not await _may_see(found[0], user, self.invites):
            return False
        self.view_sent()
        await self.send(text_data=snapshot_text(found[1], user))
        return True

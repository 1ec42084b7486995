"""A read-only socket that sends its page's whole view again after each change: at most one view per
LOBBY_SNAPSHOT_INTERVAL seconds per socket (a tournament's: TOURNAMENT_SNAPSHOT_INTERVAL), the last one
always sent (the lobby's and a tournament's)."""
import asyncio

from django.conf import settings


class CoalescedViews:
    """Mixed into a consumer that defines ``send_view()``; its change handler calls ``view_changed()``."""

    flush_task = None
    last_sent = float("-inf")
    # the setting giving the shortest time between two views of one socket
    interval_setting = "LOBBY_SNAPSHOT_INTERVAL"

    def view_changed(self) -> None:
        if self.flush_task is None:
            self.flush_task = asyncio.create_task(self._send_when_due())

    def view_sent(self) -> None:
        self.last_sent = asyncio.get_running_loop().time()

    def stop_views(self) -> None:
        if self.flush_task is not None:
            self.flush_task.cancel()

    async def _send_when_due(self):
        wait = self.last_sent + getattr(settings, self.interval_setting) - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
        # Changes arriving from here on schedule the next view.
        self.flush_task = None
        await self.send_view()

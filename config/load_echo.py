"""The floor of the live path, for bench/load.py: the same sockets and channel layer, no database, no engine.

Routed at /ws/echo/<table>/?seat=<i> only when settings.LOAD_ECHO_ROUTE is on
(env LOAD_ECHO_ROUTE=1; never in production). A socket joins the group of its
seat (or the table's watchers); an "action" frame is answered as a move is:
one group_send per seat and one for the watchers, each a small "view" frame
with the next version, so the fan-out costs what the real one costs in the
channel layer and the sockets, and nothing else.
"""
import json
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer


def _group(table, seat) -> str:
    return f"echo.{table}.{'watch' if seat is None else seat}"


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.table = self.scope["url_route"]["kwargs"]["table"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        seat = query.get("seat", [""])[0]
        self.seat = int(seat) if seat.isdigit() else None
        self.seats = int(query.get("seats", ["2"])[0])
        self.group = _group(self.table, self.seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=json.dumps(self._frame(0)))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    def _frame(self, version):
        mover = version % self.seats
        return {"type": "view", "version": version, "status": "running", "to_act": [mover],
                "legal": [{"type": "echo"}] if self.seat == mover else []}

    async def receive(self, text_data=None, bytes_data=None):
        frame = json.loads(text_data)
        if frame.get("type") != "action":
            return
        version = int(frame["version"]) + 1
        for seat in [*range(self.seats), None]:
            await self.channel_layer.group_send(_group(self.table, seat), {"type": "echo.frame", "version": version, "seats": self.seats})

    async def echo_frame(self, event):
        self.seats = event["seats"]
        await self.send(text_data=json.dumps(self._frame(event["version"])))

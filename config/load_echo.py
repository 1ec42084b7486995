"""The floor of the live path, for bench/load.py: the same sockets and channel layer, no database, no engine.

Routed at /ws/echo/<table>/?seat=<i> only when settings.LOAD_ECHO_ROUTE is on
(env LOAD_ECHO_ROUTE=1; never in production). A socket joins the group of its
table; an "action" frame is answered as a move is (matches/broadcast.py): one
group_send to the table carrying a small "view" frame, as text, for each seat
and one for the watchers, with the next version; each socket sends its own.
So the fan-out costs what the real one costs in the channel layer and the
sockets, and nothing else.
"""
import json
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer


def _group(table) -> str:
    return f"echo.{table}"


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.table = self.scope["url_route"]["kwargs"]["table"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        seat = query.get("seat", [""])[0]
        self.seat = int(seat) if seat.isdigit() else None
        self.seats = int(query.get("seats", ["2"])[0])
        self.group = _group(self.table)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=self._frame_text(0, self.seat))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    def _frame_text(self, version, seat):
        mover = version % self.seats
        return json.dumps({"type": "view", "version": version, "status": "running", "to_act": [mover],
                           "legal": [{"type": "echo"}] if seat == mover else []})

    async def receive(self, text_data=None, bytes_data=None):
        frame = json.loads(text_data)
        if frame.get("type") != "action":
            return
        version = int(frame["version"]) + 1
        await self.channel_layer.group_send(_group(self.table), {
            "type": "echo.frames", "seats": [self._frame_text(version, seat) for seat in range(self.seats)],
            "watch": self._frame_text(version, None),
        })

    async def echo_frames(self, event):
        self.seats = len(event["seats"])
        await self.send(text_data=event["seats"][self.seat] if self.seat is not None else event["watch"])

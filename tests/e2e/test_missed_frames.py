"""A frame lost on its way to the page (the channel layer lost it across a Redis restart), in the browser: the
next frame's "after" shows the page missed one, so the page draws nothing of it, asks for a full frame (sync)
and draws that, and the lost frame's events still reach the game's log (docs/protocol.md, "Missed frames").
The socket's frames pass through the test (Playwright's route_web_socket), which drops one."""
import json
import re
import uuid

import pytest

from tests.e2e.helpers import signup, start_cave_against_a_bot
from tests.e2e.test_tiles_match import _click_for, _my_frame

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]


def test_a_page_that_missed_a_frame_asks_for_a_full_one_and_logs_the_missed_events(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"gap{uuid.uuid4().hex[:6]}")
    lost, asked, full = [], [], []

    def through_the_test(ws):
        server = ws.connect_to_server()

        def to_server(message):
            if json.loads(message).get("type") == "sync":
                asked.append(len(lost))
            server.send(message)

        def to_page(message):
            frame = json.loads(message)
            # The frame of a change after which the computer player is to move: its move's frame follows and
            # shows the gap (a lost frame after which the page itself is to move is the server's to notice).
            if not lost and frame.get("type") == "view" and "after" in frame and frame["to_act"] == [1]:
                lost.append(frame)
                return
            if asked and frame.get("type") == "view" and "after" not in frame:
                full.append(frame["version"])  # the answer to the page's sync: a full frame
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/match/\d+/"), through_the_test)
    start_cave_against_a_bot(page, live_server_url)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    decisions = 0
    while not lost:
        assert decisions < 30, "no frame was dropped"
        page.wait_for_function("() => window.__lastFrame.legal.length > 0", timeout=30_000)
        frame = _my_frame(page)
        _click_for(page, frame["legal"])
        decisions += 1
        # the move's frame, or once it was lost, the full frame the page asked for
        page.wait_for_function(f"() => window.__lastFrame.version > {frame['version']}", timeout=30_000)
    missed = lost[0]["version"]
    # the computer player's move came next: the page asked for a full frame, once, and drew the one it was sent
    # (or a later one: the computer player may act again, its frame following the full one)
    page.wait_for_function(f"() => window.__lastFrame.version > {missed}", timeout=30_000)
    assert asked == [1]
    assert full and full[0] > missed, full
    page.wait_for_function(f"() => window.__lastFrame.version >= {full[0]}", timeout=30_000)
    # the lost frame's events reached the game's log
    page.locator(f"[data-testid=recent] li[data-version='{missed}']").first.wait_for()

"""A guest picks a seat that is not the first free one; the host moves a bot into seat 0; all land where shown.

The e2e site runs as separate processes without the test-only countdown game,
so this uses the treasure cave (a game without roles: no role column).
"""
import re
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

FRAME_SEAT = (
    "() => new Promise(r => { const t = setInterval(() => {"
    " if (window.__lastFrame) { clearInterval(t); r(window.__lastFrame.seat); } }, 50); })"
)


def row(page, seat):
    return page.locator(f"tr[data-seat='{seat}']")


def test_picked_and_moved_seats_are_the_seats_of_the_match(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    host_name, guest_name = f"seathost{suffix}", f"seatguest{suffix}"
    host = signup(new_page(), live_server_url, host_name)
    guest = signup(new_page(), live_server_url, guest_name)

    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "3")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert host.locator("[data-testid=seat-role]").count() == 0  # the treasure cave has no roles

    # The lobby lists the open table with its options by label, the clock included.
    table_id = host.url.rstrip("/").split("/")[-1]
    guest.goto(live_server_url + "/")
    summary = guest.locator(f"tr[data-table='{table_id}'] [data-testid=table-summary]").inner_text()
    assert "untimed" in summary and "Pyramid:" in summary

    # The guest skips the first free seat (the second row) and sits in the third: seat number 2.
    guest.goto(host.url)
    assert guest.locator("[data-testid=join-seat]").count() == 2
    row(guest, 2).locator("[data-testid=join-seat]").click()
    row(guest, 2).get_by_text(guest_name).wait_for()
    assert row(guest, 1).locator("text=empty seat").count() == 1

    # The host's page follows live; a bot goes in the free seat 1, then swaps with the host in seat 0.
    row(host, 2).get_by_text(guest_name).wait_for()
    row(host, 1).locator("[data-testid=add-bot]").click()
    row(host, 1).locator("[data-testid=seat-bot]").wait_for()
    row(host, 1).locator("select[name=to]").select_option("0")
    row(host, 1).locator("[data-testid=move-seat]").click()
    row(host, 0).locator("[data-testid=seat-bot]").wait_for()
    assert host_name in row(host, 1).inner_text()
    assert guest_name in row(host, 2).inner_text()
    # The guest's page shows the same seating without reloading by hand.
    row(guest, 0).locator("[data-testid=seat-bot]").wait_for()
    assert host_name in row(guest, 1).inner_text()

    host.click("[data-testid=start]")
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert host.url == guest.url
    assert host.evaluate(FRAME_SEAT) == 1
    assert guest.evaluate(FRAME_SEAT) == 2

    # The bot is named after its kind and seat, its full kind on hover.
    bot_name = host.locator("[data-testid=player-0] .player-name")
    assert re.fullmatch(r"(Greedy|Random) 1", bot_name.inner_text().strip())
    assert bot_name.get_attribute("title").startswith("Computer: ")

    # In the lobby, the running match shows its number and start, and offers its players a return.
    match_id = host.url.rstrip("/").split("/")[-1]
    host.goto(live_server_url + "/")
    running = host.locator(f"#running-matches [data-match='{match_id}']")
    text = running.inner_text()
    assert f"Match #{match_id}" in text and ("ago" in text or "now" in text)
    assert running.locator("a").inner_text() == "Return"


# Holds every WebSocket the page opens until window.__releaseSockets() is called.
HOLD_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  let release;
  const gate = new Promise((r) => { release = r; });
  window.__releaseSockets = () => release();
  window.WebSocket = function (url, protocols) {
    const held = {};
    gate.then(() => {
      const ws = new Real(url, protocols);
      ws.onopen = (e) => held.onopen && held.onopen(e);
      ws.onmessage = (e) => held.onmessage && held.onmessage(e);
      ws.onclose = (e) => held.onclose && held.onclose(e);
    });
    return held;
  };
})();
"""


def test_a_change_made_before_the_page_socket_connects_still_redraws_the_seats(live_server_url, new_page):
    # The page's first snapshot is compared with the seating it was drawn with, not taken as the start.
    suffix = uuid.uuid4().hex[:6]
    host = signup(new_page(), live_server_url, f"racehost{suffix}")
    watcher = signup(new_page(), live_server_url, f"racewatch{suffix}")
    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "3")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))

    watcher.add_init_script(HOLD_SOCKETS)
    watcher.goto(host.url)
    assert row(watcher, 1).locator("text=empty seat").count() == 1
    row(host, 1).locator("[data-testid=add-bot]").click()
    row(host, 1).locator("[data-testid=seat-bot]").wait_for()

    watcher.evaluate("window.__releaseSockets()")
    row(watcher, 1).locator("[data-testid=seat-bot]").wait_for()

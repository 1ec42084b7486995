"""The end screen leads on: places with rating changes, the replay, the lobby and a rematch; resigning."""
import contextlib
import re
import time
import uuid

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import DEFAULT_MODE, manage
from tests.e2e.helpers import signup, start_cave_against_a_bot

pytestmark = pytest.mark.e2e


def play_to_the_end(pages, seconds=240):
    """Each person's page answers its prompts with the first legal action, over its own socket, until the
    match is over (the computer players are the site's): the end screen, not the game, is what these tests
    look at. Through the pages, so it works in the default mode too, where a move made by another process
    would never reach the web process's in-process channel layer."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for page in pages:
            frame = page.evaluate("window.__lastFrame")
            if frame["status"] != "running":
                return frame["status"]
            if frame["seat"] in frame["to_act"] and frame["legal"]:
                page.evaluate("(action) => window.MatchLive.send(action)", frame["legal"][0])
                # refused as stale (a computer player moved first): look again
                with contextlib.suppress(PlaywrightTimeout):
                    page.wait_for_function("(v) => window.__lastFrame.version > v", arg=frame["version"], timeout=10_000)
        time.sleep(0.05)
    return "running"


# Sends every seat the frame it had before the ratings were recorded (the database keeps them: the frame is
# made inside a transaction that rolls back): what a page sees when the last move's frame, made before the
# worker recorded the ratings, overtakes the ratings' frame.
OVERTAKEN_RATINGS = """
from django.db import transaction
from matches import broadcast
from matches.models import Match
with transaction.atomic():
    Match.objects.filter(pk={match_id}).update(rated_at=None)
    broadcast.send_views(Match.objects.get(pk={match_id}), [])
    transaction.set_rollback(True)
"""


# Every finished frame the page draws, when, and whether it still said a rating was pending.
FINISHED_FRAMES = """(() => { let last; window.__finishedFrames = [];
  Object.defineProperty(window, "__lastFrame", { configurable: true, get() { return last; }, set(frame) {
    last = frame;
    if (frame && frame.status === "finished") window.__finishedFrames.push({ at: performance.now(),
      pending: (frame.end.players || []).some(function (p) { return p.rating && p.rating.state === "pending"; }) });
  } }); })();"""


def table_with_guest_and_bot(live_server_url, host, guest, guest_name):
    """The host opens a 3-seat treasure-cave table without a clock; the guest sits in seat 2, a computer player in seat 3."""
    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "3")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    guest.goto(host.url)
    guest.click("[data-testid=join-seat] >> nth=0")
    host.wait_for_selector(f"text={guest_name}")
    host.click("[data-testid=add-bot]")
    host.wait_for_selector("[data-testid=seat-bot]")
    host.click("[data-testid=start]")
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    return int(host.url.rstrip("/").split("/")[-1])


@pytest.mark.default_mode
def test_the_end_screen_shows_rating_changes_and_links_and_a_rematch_starts_with_the_same_seats(live_server_url, e2e_env, new_page):
    suffix = uuid.uuid4().hex[:6]
    host_name, guest_name = f"host{suffix}", f"guest{suffix}"
    host = signup(new_page(), live_server_url, host_name)
    guest = signup(new_page(), live_server_url, guest_name)
    for page in (host, guest):
        page.add_init_script(FINISHED_FRAMES)
    match_id = table_with_guest_and_bot(live_server_url, host, guest, guest_name)
    for page in (host, guest):
        page.wait_for_function("window.__lastFrame && window.__lastFrame.status === 'running'")

    assert play_to_the_end([host, guest]) == "finished"

    for page in (host, guest):
        page.wait_for_selector("[data-testid=end-panel]:not([hidden])", timeout=60_000)
        page.wait_for_selector("[data-testid=end-screen]")  # the treasure cave's own table of points
        # Every seat's rating change, the computer player's too, once the worker recorded them.
        for seat in range(3):
            page.wait_for_function(
                "(s) => { const c = document.querySelector(`[data-testid=rating-change-${s}]`); return c && c.textContent.includes('→'); }",
                arg=seat, timeout=60_000)  # a task on the busy worker
        assert page.get_attribute("[data-testid=end-replay]", "href") == f"/matches/{match_id}/replay/"
        assert page.get_attribute("[data-testid=end-lobby]", "href") == "/"
        # The game's own end table ranks the seats: the shared panel does not rank them a second time.
        assert page.locator("[data-testid=end-ranking]").count() == 0
        if DEFAULT_MODE:
            # No broker: the ratings are recorded as the last move commits, and the last move's own frame,
            # sent after, carries them too (it said "pending" and the page waited for its next ask: 3.0 s measured).
            finished = page.evaluate("window.__finishedFrames")
            assert finished and not any(f["pending"] for f in finished), finished
    if not DEFAULT_MODE:
        # The last move's own frame may reach a page after the ratings' frame of the same version and say
        # "pending" again: replayed here from another process, which only the Redis channel layer carries
        # to the web process. The page asks again until the ratings show.
        manage(e2e_env, "shell", "-c", OVERTAKEN_RATINGS.format(match_id=match_id))
        host.wait_for_function("() => document.querySelector('[data-testid=rating-change-0]').classList.contains('pending')")
        host.wait_for_function("() => document.querySelector('[data-testid=rating-change-0]').textContent.includes('→')", timeout=30_000)

    # Only the host may offer the rematch; the resign button is gone.
    assert host.locator("[data-testid=rematch-offer]").is_visible()
    assert guest.locator("[data-testid=rematch-offer]").count() == 0
    assert not host.locator("[data-testid=resign]").is_visible()

    # A frame after the end redraws only the part it changed: the links stay the very elements the guest may be
    # pressing or has focused (a link drawn again under a press loses the click: a mousedown on the old one
    # and a mouseup on its twin make none).
    guest.focus("[data-testid=end-lobby]")
    guest.evaluate("() => { document.querySelector('[data-testid=end-lobby]').__drawnBefore = true; }")
    host.click("[data-testid=rematch-offer]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    # The guest's end screen turns into an invitation, without reloading.
    guest.wait_for_selector("[data-testid=rematch-invitation]")
    assert guest.evaluate("() => document.querySelector('[data-testid=end-lobby]').__drawnBefore === true")
    assert guest.evaluate("() => document.activeElement.dataset.testid") == "end-lobby"
    assert host_name in guest.inner_text("[data-testid=rematch-invitation]")
    assert guest.get_attribute("[data-testid=rematch-seat-1]", "data-state") == "invited"
    guest.click("[data-testid=rematch-accept]")

    # Every person accepted: the rematch starts, and both land on it.
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert host.url == guest.url and not host.url.endswith(f"/matches/{match_id}/")
    host.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    guest.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 1")
    assert host_name in host.inner_text("[data-testid=player-0]")
    assert guest_name in host.inner_text("[data-testid=player-1]")
    assert host.locator("[data-testid=player-2] .badge.bot").count() == 1

    # The lobby link leads back to the lobby.
    guest.goto(f"{live_server_url}/matches/{match_id}/")
    guest.wait_for_selector("[data-testid=rematch-go]")
    guest.click("[data-testid=end-lobby]")
    guest.wait_for_url(live_server_url + "/")


def test_a_player_resigns_after_confirming_and_then_watches_with_a_leave_link(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    page = start_cave_against_a_bot(signup(new_page(), live_server_url, f"quitter{suffix}"), live_server_url)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    assert page.locator("[data-testid=leave]").count() == 0

    # The button asks first; cancelling keeps the seat.
    page.click("[data-testid=resign-open]")
    assert page.locator("[data-testid=resign-confirm]").is_visible()
    page.click("[data-testid=resign-cancel]")
    assert not page.locator("[data-testid=resign-confirm]").is_visible()
    assert page.locator("[data-testid=spectating]").count() == 0

    page.click("[data-testid=resign-open]")
    page.click("[data-testid=resign-confirm]")
    page.wait_for_selector("[data-testid=spectating]")
    assert page.locator("[data-testid=resign]").count() == 0
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === null")
    # The computer player finishes the match in the seat; the person only watches and may leave.
    page.wait_for_selector("[data-testid=end-panel]:not([hidden])", timeout=120_000)
    page.click("[data-testid=end-lobby]")
    page.wait_for_url(live_server_url + "/")


def test_a_spectator_leaves_for_the_lobby(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    player = signup(new_page(), live_server_url, f"player{suffix}")
    player.goto(live_server_url + "/")
    player.select_option("select[name=game]", "alibaba_tiles")
    player.fill("input[name=seats]", "2")
    player.fill("input[name=clock]", "60")
    player.click("[data-testid=create-table]")
    player.wait_for_url(re.compile(r"/tables/\d+/$"))
    player.click("[data-testid=add-bot]")
    player.click("[data-testid=start]")
    player.wait_for_url(re.compile(r"/matches/\d+/$"))
    watcher = signup(new_page(), live_server_url, f"watcher{suffix}")
    watcher.goto(player.url)
    watcher.wait_for_selector("[data-testid=spectating]")
    assert watcher.locator("[data-testid=resign]").count() == 0
    watcher.click("[data-testid=leave]")
    watcher.wait_for_url(live_server_url + "/")

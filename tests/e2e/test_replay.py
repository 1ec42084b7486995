"""A finished match is replayed step by step on the game's own page."""
import re

import pytest

from tests.e2e.conftest import manage

pytestmark = pytest.mark.e2e


def test_replay_steps_through_a_finished_match_to_its_end_screen(live_server_url, e2e_env, new_page):
    out = manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "2", "--seed", "5", "--verbosity", "0").stdout
    assert "1 matches" in out and "0 errors" in out
    page = new_page()
    page.goto(f"{live_server_url}/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", "demo-password-1")
    page.click("[data-testid=login-submit]")
    page.goto(f"{live_server_url}/matches/")
    page.click("text=Replay >> nth=0")
    page.wait_for_url(re.compile(r"/matches/\d+/replay/$"))
    page.wait_for_selector("[data-testid=replay-controls]:not([hidden])")
    # The first step: the fresh cave, nothing taken, no end screen.
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    assert page.locator("[data-testid=end-screen]").count() == 0
    page.click("#replay-next")
    page.wait_for_function("window.__lastFrame.version === 1")
    last = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(last))
    page.wait_for_selector("[data-testid=end-screen]")


def test_a_replay_is_seen_from_a_seat_or_from_everywhere_with_its_events(live_server_url, e2e_env, new_page):
    manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "3", "--seed", "11", "--verbosity", "0")
    page = new_page()
    page.goto(f"{live_server_url}/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", "demo-password-1")
    page.click("[data-testid=login-submit]")
    page.goto(f"{live_server_url}/matches/")
    page.click("text=Replay >> nth=0")
    page.wait_for_url(re.compile(r"/matches/\d+/replay/$"))
    base = page.url

    # everything: at the first step every tile of the cave is drawn face up or not, and every screen
    page.goto(base + "?seat=all")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    board = page.locator("[data-testid=board] [data-testid^=tile-]")
    assert board.count() > 0 and board.count() == page.locator("[data-testid=board] [data-kind]").count()
    assert page.locator("[data-testid=all-hands]").is_visible()
    assert page.locator("[data-testid=replay-viewer]").input_value() == "all"

    # seat 1: its own screen, face-down tiles hidden, and the log fills with what it saw
    page.locator("[data-testid=replay-viewer]").select_option("1")
    page.wait_for_url(re.compile(r"\?seat=1$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0 && window.__lastFrame.seat === 1")
    assert page.locator("[data-testid=my-screen]").is_visible()
    assert page.locator("[data-testid=board] [data-kind]").count() < page.locator("[data-testid=board] [data-testid^=tile-]").count()
    for step in range(1, 4):
        page.click("#replay-next")
        page.wait_for_function(f"window.__lastFrame.version === {step}")
    assert page.locator("[data-testid=recent] li[data-code=tile_taken]").count() >= 1
    # a jump far ahead and back keeps the log to what happened up to the step shown
    last = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(last))
    page.wait_for_selector("[data-testid=end-screen]")
    page.fill("#replay-slider", "1")
    page.wait_for_function("window.__lastFrame.version === 1")
    versions = page.eval_on_selector_all("[data-testid=recent] li[data-version]", "els => els.map(e => +e.dataset.version)")
    assert versions and max(versions) <= 1

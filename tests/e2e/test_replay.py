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

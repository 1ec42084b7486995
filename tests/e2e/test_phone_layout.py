"""Every page fits a phone: at 390 px wide nothing scrolls sideways."""
import re
import uuid

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def _fits(page, what):
    page.wait_for_load_state("networkidle")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{what} scrolls sideways at 390 px ({width} px wide)"


def _start_match(page, base_url, game, seats, bots):
    page.goto(base_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option(game)
    form.locator("input[name=seats]").fill(str(seats))
    form.locator("[data-testid=create-table]").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    table = page.url
    for _ in range(bots):
        page.click("[data-testid=add-bot]")
        page.wait_for_load_state()
    return table


def test_every_page_fits_a_phone(live_server_url, e2e_env, browser):
    manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "3", "--seed", "7", "--verbosity", "0")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        name = f"phone{uuid.uuid4().hex[:6]}"
        signup(page, live_server_url, name)
        for path in ["/", "/matches/", "/leaderboards/", f"/accounts/{name}/", "/accounts/alice/",
                     "/rules/alibaba_tiles/", "/rules/basra/", "/rules/sidibaba/"]:
            page.goto(live_server_url + path)
            _fits(page, path)

        # a finished match: its end screen (the Total column in view) and its replay
        page.goto(live_server_url + "/matches/")
        _fits(page, "history")
        page.click("text=Replay >> nth=0")
        page.wait_for_url(re.compile(r"/matches/\d+/replay/$"))
        page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
        _fits(page, "replay")
        last = int(page.get_attribute("#replay-slider", "max"))
        page.fill("#replay-slider", str(last))
        page.wait_for_selector("[data-testid=end-screen]")
        _fits(page, "end screen")
        total = page.locator("[data-testid=end-screen] th", has_text="Total").first
        box = total.bounding_box()
        assert box and box["x"] + box["width"] <= PHONE["width"]

        # the table page and a live match of each game
        for game, seats in (("alibaba_tiles", 2), ("basra", 2), ("sidibaba", 3)):
            table = _start_match(page, live_server_url, game, seats, seats - 1)
            _fits(page, f"{game} table")
            page.goto(table)
            page.click("[data-testid=start]")
            page.wait_for_url(re.compile(r"/matches/\d+/$"))
            page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
            _fits(page, f"{game} match")
    finally:
        context.close()

"""Every page fits a phone: at 390 px wide nothing scrolls sideways."""
import json
import re
import time
import uuid

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import SERVER_LOG, manage
from tests.e2e.helpers import open_replay, signup, simulated_match_ids
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


# the elements sticking out on the right, to say what to fix
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter(el => el.getBoundingClientRect().right > 391)
  .slice(0, 6).map(el => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + el.className : '')
    + ' ' + Math.round(el.getBoundingClientRect().right))"""


def _fits(page, what, overflowing):
    page.wait_for_load_state("networkidle")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    if width > PHONE["width"]:
        overflowing.append(f"{what}: {width} px wide ({page.evaluate(WIDEST)})")


def _start_match(page, base_url, game, seats, bots):
    # what the page did, to tell a lost click from a reload or a slow answer if a navigation never comes
    # (failed once in a fresh-clone run, PostgreSQL + Redis; again here under two CPU hogs, 1 run in 4)
    seen = []
    note = seen.append
    page.on("framenavigated", lambda frame: frame == page.main_frame and note(f"{time.monotonic():.2f} at {frame.url}"))
    page.on("request", lambda r: r.method == "POST" and note(f"{time.monotonic():.2f} POST {r.url}"))
    page.on("requestfinished", lambda r: r.method == "POST" and note(f"{time.monotonic():.2f} POST answered {r.url}"))
    page.on("requestfailed", lambda r: note(f"{time.monotonic():.2f} failed {r.method} {r.url} {r.failure}"))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: note(
        f"{time.monotonic():.2f} lobby snapshot {_seating_of(payload, page.url)}")))
    log_start = SERVER_LOG.stat().st_size if SERVER_LOG.exists() else 0
    page.goto(base_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option(game)
    form.locator("input[name=seats]").fill(str(seats))
    submit_table_form(page, form)
    table = page.url
    for added in range(bots):
        clicked = time.monotonic()
        try:
            with page.expect_navigation():
                page.click("[data-testid=add-bot]")
        except PlaywrightTimeout:
            with open(SERVER_LOG, "rb") as log:
                log.seek(log_start)
                requests = [line for line in log.read().decode("utf-8", "replace").splitlines() if "/tables/" in line]
            focus = page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 120)")
            raise AssertionError(f"computer player {added + 1} of {bots}: no navigation in 20 s after the click at {clicked:.2f}; "
                                 f"at {page.url}, the focus on {focus}; the page: {seen}; "
                                 f"the site's log of tables: {requests[-12:]}") from None
    return table


def _seating_of(payload, table_url):
    """The seats of the table at ``table_url`` in a lobby snapshot, as the table page compares them."""
    try:
        snap = json.loads(payload)
    except (TypeError, ValueError):
        return "(not JSON)"
    found = re.search(r"/tables/(\d+)/", table_url)
    table_id = int(found[1]) if found else None
    for t in snap.get("tables", []):
        if t.get("id") == table_id:
            return [(s.get("seat"), s.get("user"), s.get("bot")) for s in t.get("seats", [])]
    return "(table not listed)"


def test_every_page_fits_a_phone(live_server_url, e2e_env, browser):
    out = manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "3", "--seed", "7", "--verbosity", "0").stdout
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    overflowing = []
    try:
        name = f"phone{uuid.uuid4().hex[:6]}"
        signup(page, live_server_url, name)
        for path in ["/", "/matches/", "/matches/mine/", "/leaderboards/", f"/accounts/u/{name}/", "/accounts/u/alice/",
                     "/rules/alibaba_tiles/", "/rules/basra/", "/rules/sidibaba/"]:
            page.goto(live_server_url + path)
            _fits(page, path, overflowing)

        # a finished match: its end screen (the Total column in view) and its replay
        page.goto(live_server_url + "/matches/")
        _fits(page, "history", overflowing)
        open_replay(page, live_server_url, *simulated_match_ids(out))
        page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
        _fits(page, "replay", overflowing)
        last = int(page.get_attribute("#replay-slider", "max"))
        page.fill("#replay-slider", str(last))
        page.wait_for_selector("[data-testid=end-screen]")
        _fits(page, "end screen", overflowing)
        total = page.locator("[data-testid=end-screen] th", has_text="Total").first
        box = total.bounding_box()
        assert box and box["x"] + box["width"] <= PHONE["width"]

        # the table page and a live match of each game
        for game, seats in (("alibaba_tiles", 2), ("basra", 2), ("sidibaba", 3)):
            table = _start_match(page, live_server_url, game, seats, seats - 1)
            _fits(page, f"{game} table", overflowing)
            page.goto(table)
            page.click("[data-testid=start]")
            try:
                page.wait_for_url(re.compile(r"/matches/\d+/$"))
            except PlaywrightTimeout:
                # failed once in a fresh-clone run (PostgreSQL + Redis), not reproduced: say where the page is and
                # what it says, so that the next failure tells a refused start from a lost click or a reload
                said = page.locator(".messages li, #table-changed:not([hidden])").all_inner_texts()
                raise AssertionError(f"{game}: the start led nowhere in 20 s: at {page.url}, the page said {said}") from None
            page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
            _fits(page, f"{game} match", overflowing)
        assert not overflowing, "\n".join(overflowing)
    finally:
        context.close()

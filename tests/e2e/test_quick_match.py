"""Two people ask for a quick match of the same game and size: both land on the same new match."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e


def ask_for_quick_match(page, base_url):
    page.goto(base_url + "/")
    form = page.locator("[data-testid=quick-match-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=players]").fill("2")
    page.click("[data-testid=quick-match]")


def test_two_waiting_people_are_seated_together_and_started(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    first = signup(new_page(), live_server_url, f"quick{suffix}a")
    second = signup(new_page(), live_server_url, f"quick{suffix}b")
    ask_for_quick_match(first, live_server_url)
    first.wait_for_selector("[data-testid=queue-status]")
    ask_for_quick_match(second, live_server_url)
    # The second is sent to the match by the form; the first is taken there by the live lobby.
    second.wait_for_url(re.compile(r"/matches/\d+/$"))
    first.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert first.url == second.url
    seat_when_live = ("() => new Promise(r => { const t = setInterval(() => {"
                      " if (window.__lastFrame) { clearInterval(t); r(window.__lastFrame.seat); } }, 50); })")
    seats = sorted([first.evaluate(seat_when_live), second.evaluate(seat_when_live)])
    assert seats == [0, 1]

"""A rematch against computer players only starts at once (issue 21, item 13): the host's Rematch lands on the
new match in the seat they had, and the lobby does not list the rematch as an open table; English and French."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup, start_cave_against_a_bot
from tests.e2e.test_tiles_match import _click_for, _wait_for_my_turn_or_end

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language, label", [("en", "Rematch"), ("fr", "Revanche")])
def test_a_rematch_against_bots_starts_at_once_and_is_not_listed_open(live_server_url, new_page, language, label):
    name = f"again{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, name)
    if page.locator("html").get_attribute("lang") != language:
        with page.expect_navigation():
            page.select_option("select[name=language]", language)
    start_cave_against_a_bot(page, live_server_url)
    first = page.url
    for _decision in range(200):  # the host plays the match to its end (the first choice offered each time)
        frame = _wait_for_my_turn_or_end(page)
        if frame["status"] == "finished" or frame["view"]["finished"]:
            break
        version = frame["version"]
        _click_for(page, frame["legal"])
        page.wait_for_function(f"window.__lastFrame.version > {version}")
    page.wait_for_selector("[data-testid=end-panel]:not([hidden])", timeout=30_000)
    offer = page.locator("[data-testid=rematch-offer]")
    assert offer.is_visible() and offer.inner_text().strip() == label
    offer.click()
    page.wait_for_url(lambda url: re.search(r"/matches/\d+/$", url) is not None and url != first)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0 && window.__lastFrame.status === 'running'")
    page.goto(live_server_url + "/")
    page.wait_for_selector("#open-tables")
    page.wait_for_timeout(500)  # the lobby's live list has drawn
    assert name not in page.inner_text("#open-tables")  # neither the first table nor the rematch is open

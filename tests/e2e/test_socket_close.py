"""Issue 8, findings 11 and 12 in the browser: logging out in another tab closes the match socket
with 4401, and the page says why and stops reconnecting."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.test_quick_match import ask_for_quick_match

pytestmark = pytest.mark.e2e


def test_logging_out_elsewhere_closes_the_match_page_socket_for_good(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    first = signup(new_page(), live_server_url, f"close{suffix}a")
    second = signup(new_page(), live_server_url, f"close{suffix}b")
    ask_for_quick_match(first, live_server_url)
    first.wait_for_selector("[data-testid=queue-status]")
    ask_for_quick_match(second, live_server_url)
    first.wait_for_url(re.compile(r"/matches/\d+/$"))
    first.wait_for_function("() => window.__lastFrame && window.__lastFrame.type === 'view'")

    other_tab = first.context.new_page()
    other_tab.goto(live_server_url + "/")
    with other_tab.expect_navigation():
        other_tab.click("form[action='/accounts/logout/'] button")

    first.wait_for_function("() => document.body.dataset.closeCode === '4401'")
    assert "Please log in to join this match." in first.locator("body").inner_text()
    first.wait_for_timeout(3000)
    # No reconnection: the connection stays closed.
    assert first.locator("[data-testid=connection]").get_attribute("data-state") == "closed"

"""What a failed browser test's report says of its pages (tests/e2e/conftest.py, `Traffic` and
`pytest_runtest_makereport`): where each open page is, and the documents, fetches and sockets it last asked
for, in order; what it did not ask for is not there."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e


@pytest.mark.default_mode
def test_the_report_lists_each_pages_place_and_its_last_requests_in_order(live_server_url, browser, new_page):
    page = signup(new_page(), live_server_url, f"report{uuid.uuid4().hex[:6]}")  # it lands on the lobby
    page.wait_for_function("document.getElementById('lobby-live').classList.contains('on')")  # its socket is open
    page.goto(live_server_url + "/tournaments/")
    watcher = new_page()
    report = browser.failure_report()
    contexts = report.split("\n\n")
    assert len(contexts) == 2, report
    lines = contexts[0].splitlines()
    assert lines[0] == f"context 1: {live_server_url}/tournaments/", report
    said = [re.sub(r"^ *\d+\.\d\d s  ", "", line) for line in lines[1:]]
    sign_up = said.index(f"sent POST {live_server_url}/accounts/signup/")
    lobby = said.index(f"page at {live_server_url}/", sign_up)
    socket = live_server_url.replace("http://", "ws://") + "/ws/lobby/"
    opened = said.index(f"socket opened {socket}", lobby)
    tournaments = said.index(f"sent GET {live_server_url}/tournaments/", opened)
    assert f"page at {live_server_url}/tournaments/" in said[tournaments:], report
    # the scripts and styles every page loads are left out: they would crowd out what the page was asked to do
    assert not [line for line in said if line.endswith((".js", ".css"))], report
    # a page that has loaded nothing says so, and nothing of the other's traffic is in its context
    assert contexts[1] == "context 2: about:blank", report
    assert watcher.url == "about:blank"

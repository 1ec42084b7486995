"""The table page's live reload never cuts into the host's own form (issue 21, item 13): while the host is
at a form, a guest sitting down shows a notice instead of reloading; the host's submit goes through; once
the focus leaves the form, the page shows the new seats. In English and French."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]

NOTICE = {"en": "The seats changed: the page shows them once you are done with this form.",
          "fr": "Les places ont changé : la page les affichera quand vous aurez fini avec ce formulaire."}


def _language(page, base_url, code):
    page.goto(base_url + "/")
    if page.locator("html").get_attribute("lang") != code:
        with page.expect_navigation():
            page.select_option("select[name=language]", code)


def _row(page, seat):
    return page.locator(f"tr[data-seat='{seat}']")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_seat_change_waits_for_the_hosts_form_and_shows_once_done(live_server_url, new_page, language):
    suffix = uuid.uuid4().hex[:6]
    host = signup(new_page(), live_server_url, f"formhost{suffix}")
    guest = signup(new_page(), live_server_url, f"formguest{suffix}")
    _language(host, live_server_url, language)
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "4")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = host.url

    # the host is choosing a computer player for seat 3 when the guest sits down in seat 2
    host.evaluate("window.__drawn = 'first'")
    host.locator("[data-testid=seats] tr[data-seat='2'] select[name=bot]").focus()
    guest.goto(table_url)
    _row(guest, 1).locator("[data-testid=join-seat]").click()
    guest.wait_for_url(re.compile(r"/tables/\d+/$"))
    notice = host.locator("[data-testid=table-changed]")
    notice.wait_for(state="visible")
    assert notice.inner_text() == NOTICE[language]
    box = notice.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= host.viewport_size["width"]
    assert host.evaluate("window.__drawn") == "first"  # not reloaded under the host's hand
    # the host's own submit goes through: the computer player sits in seat 3, the guest is shown in seat 2
    with host.expect_navigation():
        host.locator("[data-testid=seats] tr[data-seat='2'] [data-testid=add-bot]").click()
    _row(host, 2).locator("[data-testid=seat-bot]").wait_for()
    assert f"formguest{suffix}" in _row(host, 1).inner_text()

    # once the focus leaves the form, a change shows at once
    host.evaluate("window.__drawn = 'second'")
    host.locator("[data-testid=seats] tr[data-seat='3'] select[name=bot]").focus()
    guest.locator("[data-testid=leave]").click()
    host.locator("[data-testid=table-changed]").wait_for(state="visible")
    assert host.evaluate("window.__drawn") == "second"
    host.locator("h1").click()  # done with the form
    host.wait_for_function("window.__drawn === undefined")
    assert f"formguest{suffix}" not in _row(host, 1).inner_text()

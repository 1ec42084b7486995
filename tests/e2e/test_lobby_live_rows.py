"""The lobby's live lists keep the rows that did not change (lobby.js, drawRows): a snapshot comes on every
change of any table, and a row drawn again under a press loses the click (a mousedown on the old link and a
mouseup on its twin make none) and a focused link its focus. A row whose table changed is drawn again."""
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.tour import create_table

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]


def _open_table(page, base_url):
    """A 3-seat treasure-cave table without a clock, opened from the lobby's form; its id."""
    create_table(page, base_url, "alibaba_tiles", 3, clock=0)
    return int(page.url.rstrip("/").split("/")[-1])


def test_a_lobby_update_keeps_the_unchanged_rows_and_the_focus_and_redraws_a_changed_one(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    reader = signup(new_page(), live_server_url, f"reader{suffix}")
    first_host = signup(new_page(), live_server_url, f"firsthost{suffix}")
    second_host = signup(new_page(), live_server_url, f"secondhost{suffix}")
    reader.goto(live_server_url + "/")
    first = _open_table(first_host, live_server_url)
    row = reader.locator(f"#open-tables tr[data-table='{first}']")
    row.wait_for()
    link = row.locator("a")
    link.focus()
    link.evaluate("(a) => { a.__drawnBefore = true; }")

    # another table opens: the reader's lobby shows it, and the first row is the very same element, still focused
    second = _open_table(second_host, live_server_url)
    reader.locator(f"#open-tables tr[data-table='{second}']").wait_for()
    assert link.evaluate("(a) => a.__drawnBefore === true")
    assert reader.evaluate("() => document.activeElement.closest('tr').dataset.table") == str(first)

    # the first table changes (a computer player sits down): its row is drawn again with it
    first_host.click("[data-testid=add-bot]")
    first_host.wait_for_selector("[data-testid=seat-bot]")
    reader.wait_for_function(f"() => document.querySelector(\"#open-tables tr[data-table='{first}']\").querySelectorAll("
                             "'[data-testid=empty-seat]').length === 1")
    assert not link.evaluate("(a) => a.__drawnBefore === true")

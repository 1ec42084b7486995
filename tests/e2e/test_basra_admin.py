"""Staff edit a Basra board in the admin: the board is drawn as SVG, redrawn as its JSON is edited, and a
board whose routes are not all 52 steps is refused with the engine's reason."""
import json

import pytest

pytestmark = pytest.mark.e2e


def test_staff_see_the_board_redrawn_and_a_broken_board_refused(live_server_url, new_page):
    page = new_page()
    page.goto(live_server_url + "/admin/login/")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "admin-password-1")
    with page.expect_navigation():  # the login's answer sets the session before the next page is asked for
        page.click("input[type=submit]")
    page.goto(live_server_url + "/admin/basra/board/")
    page.click("#result_list tbody th a")
    page.locator("[data-testid=board-preview]").wait_for()
    assert page.locator("[data-testid=board-preview] rect").count() >= 61
    live = page.locator(".basra-live-preview")
    live.wait_for()
    assert live.get_attribute("data-state") == "drawn"
    assert live.locator("[data-testid^=space-]").count() == 61
    board = json.loads(page.locator("#id_data").input_value())
    board["branches"][0]["spaces"] = board["branches"][0]["spaces"][:2]
    page.fill("#id_data", json.dumps(board))
    page.locator("#id_data").dispatch_event("input")
    assert live.get_attribute("data-state") == "drawn"  # still drawable; the engine judges it on save
    page.click("input[name=_save]")
    errors = page.locator(".errorlist").inner_text()
    assert "Junction 1: its branch has 2 spaces but skips 3" in errors

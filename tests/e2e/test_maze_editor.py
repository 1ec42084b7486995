"""Staff edit a maze in the admin by clicking its walls, watch the engine's verdict change, save it,
and the new maze is offered when a Sidi Baba table is created in the lobby."""
import json
import re
import uuid

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

PASSWORD = "a-long-e2e-password-1"


def _edge(page, row, col, side):
    return page.locator(f'.maze-grid rect.hit[data-row="{row}"][data-col="{col}"][data-side="{side}"]')


def _status(page):
    return page.locator(".maze-status")


def test_staff_draw_a_maze_and_the_lobby_offers_it(live_server_url, e2e_env, new_page):
    suffix = uuid.uuid4().hex[:6]
    keeper = f"keeper{suffix}"
    manage(dict(e2e_env, DJANGO_SUPERUSER_PASSWORD=PASSWORD), "createsuperuser", "--noinput",
           "--username", keeper, "--email", f"{keeper}@example.com")
    page = new_page()
    page.goto(f"{live_server_url}/admin/login/?next=/admin/sidibaba/maze/add/")
    page.fill("input[name=username]", keeper)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(re.compile(r"/admin/sidibaba/maze/add/$"))

    # A new maze starts as a copy of the Thieves' Grotto, which the engine accepts.
    page.wait_for_selector(".maze-editor[data-valid=yes]")
    assert _status(page).inner_text() == "The maze can be played."

    # 7,7 is a dead end open to the west: closing that side shuts it in.
    assert _edge(page, 7, 7, "W").get_attribute("data-kind") == "open"
    _edge(page, 7, 7, "W").click()
    page.wait_for_selector(".maze-editor[data-valid=no]")
    assert _status(page).inner_text() == "1 squares cannot be reached from the entrances."
    assert _edge(page, 7, 7, "W").get_attribute("data-kind") == "wall"
    # opened again, and a third opening in the west wall
    _edge(page, 7, 7, "W").click()
    _edge(page, 3, 0, "W").click()
    page.wait_for_selector(".maze-editor[data-valid=yes]")
    assert _edge(page, 3, 0, "W").get_attribute("data-kind") == "opening"
    # a ninth row joins on below, the south opening moves down with the wall, and the maze stays playable
    page.fill(".maze-rows", "9")
    page.dispatch_event(".maze-rows", "change")
    page.wait_for_selector('.maze-grid rect.hit[data-row="8"][data-col="0"][data-side="S"]')
    page.wait_for_selector(".maze-editor[data-valid=yes]")

    # The JSON textarea follows the drawing.
    data = json.loads(page.input_value("textarea[name=data]"))
    assert data["rows"] == 9 and data["openings"] == [[0, 3, "N"], [8, 4, "S"], [3, 0, "W"]]
    assert data["cells"][7].split(" ")[7] == "SW" and data["cells"][8].split(" ")[7] == "N"

    # The view from 0,3 looking south, as the engine sees it.
    page.click('.maze-grid rect.cell[data-row="0"][data-col="3"]')
    page.click('.maze-facing button[data-facing="2"]')
    page.wait_for_selector(".maze-preview-caption:text-is('Square 0,3 → S')")
    sight = json.loads(page.locator(".maze-view").get_attribute("data-sight"))
    assert sight[0] == {"left": "open", "ahead": "open", "right": "open"}

    page.fill("input[name=key]", f"drawn-{suffix}")
    page.fill("input[name=name]", f"Drawn maze {suffix}")
    page.click("input[name=_save]")
    page.wait_for_url(re.compile(r"/admin/sidibaba/maze/$"))
    assert f"Drawn maze {suffix}" in page.content()

    host = signup(new_page(), live_server_url, f"host{suffix}")
    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "sidibaba")
    # the game's own options are drawn by the lobby's script once the game is chosen: wait for them
    # (reading at once found none in a fresh-clone run)
    host.locator("select[name=maze] option").first.wait_for(state="attached")
    choices = host.locator("select[name=maze] option").all_inner_texts()
    assert choices[0] == "The Leader chooses" and f"Drawn maze {suffix}" in choices
    host.select_option("select[name=maze]", f"drawn-{suffix}")
    host.fill("input[name=seats]", "3")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert f"Drawn maze {suffix}" in host.content()

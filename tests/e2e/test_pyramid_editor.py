"""Staff build a new pyramid in the admin's visual editor, watch the engine's verdict and the preview
change as they click, save it, and a table plays a match with bots on it."""
import json
import re
import uuid

import pytest

from tests.e2e.conftest import ARTIFACTS, manage
from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

PASSWORD = "a-long-e2e-password-1"


def _cell(page, pos):
    return page.locator(f'.pyramid-grid rect[data-pos="{pos}"]')


def _resize(page, layer, rows, cols):
    rows_field, cols_field = (f'.pyramid-layer[data-layer="{layer}"] .pyramid-{which}' for which in ("rows", "cols"))
    page.fill(rows_field, str(rows))
    page.dispatch_event(rows_field, "change")
    # The columns typed while the engine's answer to the rows is on its way: the redraw it brings leaves the
    # input being typed in alone (it once wrote the old size back, and the change then applied that).
    page.fill(cols_field, str(cols))
    page.wait_for_selector('.pyramid-editor:not([data-valid=""])')
    assert page.input_value(cols_field) == str(cols)
    page.dispatch_event(cols_field, "change")
    page.wait_for_function(
        f"""() => {{ const layer = JSON.parse(document.querySelector("textarea[name=data]").value).layers[{layer}];
                    return layer.rows === {rows} && layer.cols === {cols}; }}""")


def _wait_valid(page, verdict):
    page.wait_for_selector(f".pyramid-editor[data-valid={verdict}]")
    return page.locator(".pyramid-status").inner_text()


def test_staff_build_a_pyramid_and_a_match_with_bots_is_played_on_it(live_server_url, e2e_env, new_page):
    suffix = uuid.uuid4().hex[:6]
    keeper = f"keeper{suffix}"
    manage(dict(e2e_env, DJANGO_SUPERUSER_PASSWORD=PASSWORD), "createsuperuser", "--noinput",
           "--username", keeper, "--email", f"{keeper}@example.com")
    page = new_page()
    page.goto(f"{live_server_url}/admin/login/?next=/admin/alibaba_tiles/pyramidlayout/add/")
    page.fill("input[name=username]", keeper)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(re.compile(r"/admin/alibaba_tiles/pyramidlayout/add/$"))

    # A new layout starts as the standard pyramid, which the engine accepts, drawn layer by layer.
    assert _wait_valid(page, "yes") == "The layout can be played."
    assert page.locator(".pyramid-layer").count() == 4
    assert page.locator(".pyramid-summary").inner_text().startswith("54 tiles, 4 face up at the start.")
    assert not page.locator(".pyramid-json-box").evaluate("box => box.open")  # the JSON is folded away

    # A smaller pyramid: without the top layer, then 4x4, 3x3 and 2x2.
    page.click(".pyramid-remove-layer")
    page.wait_for_function("document.querySelectorAll('.pyramid-layer').length === 3")
    _resize(page, 0, 4, 4)
    _resize(page, 1, 3, 3)
    _resize(page, 2, 2, 2)
    _wait_valid(page, "yes")
    # a new layer on top lies on the one below; the engine still accepts it; then it goes again
    page.click(".pyramid-add-layer")
    page.wait_for_function("document.querySelectorAll('.pyramid-layer').length === 4")
    _wait_valid(page, "yes")
    assert _cell(page, "3:0:0").get_attribute("data-state") == "slot"
    page.click(".pyramid-remove-layer")
    page.wait_for_function("document.querySelectorAll('.pyramid-layer').length === 3")

    # Clicking squares removes tile slots: a bottom corner can go; a top corner cannot, as the corner
    # under it would lie bare, and the engine says so; clicked again, it comes back lying on its four tiles.
    _cell(page, "0:0:0").click()
    page.wait_for_selector('.pyramid-grid rect[data-pos="0:0:0"][data-state=empty]')
    _wait_valid(page, "yes")
    _cell(page, "2:1:1").click()
    assert _wait_valid(page, "no") == "1:2:2 is below the top layer but nothing covers it."
    assert "problem" in _cell(page, "1:2:2").get_attribute("class").split()
    _cell(page, "2:1:1").click()
    _wait_valid(page, "yes")
    page.wait_for_function("document.querySelector('.pyramid-editor').dataset.tiles === '28'")
    assert page.locator(".pyramid-preview svg rect").count() == 28
    assert page.locator(".pyramid-summary").inner_text() == (
        "28 tiles, 4 face up at the start. "
        "Playable in: Standard, Aladdin's lamp, Equal treasures, Smaller cave (2 players).")

    # The covering: 2:0:0 lies on four tiles of the layer below; taking 1:0:0 from under it leaves
    # 1:0:0 uncovered, which the engine refuses; giving it back mends it.
    page.check("input.pyramid-mode[value=covers]")
    _cell(page, "2:0:0").click()
    for pos in ("1:0:0", "1:1:0", "1:0:1", "1:1:1"):
        assert "covered" in _cell(page, pos).get_attribute("class").split()
    assert "2:0:0 covers: 1:0:0, 1:1:0, 1:0:1, 1:1:1." in page.locator(".pyramid-layer[data-layer='2']").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pyramid-editor-covering.png"), full_page=True)
    _cell(page, "1:0:0").click()
    assert _wait_valid(page, "no") == "1:0:0 is below the top layer but nothing covers it."
    assert "problem" in _cell(page, "1:0:0").get_attribute("class").split()
    _cell(page, "1:0:0").click()
    _wait_valid(page, "yes")

    # The JSON follows the drawing, and the drawing follows the JSON.
    data = json.loads(page.input_value("textarea[name=data]"))
    assert [(L["rows"], L["cols"], len(L.get("cells", [])) or None) for L in data["layers"]] == [
        (4, 4, 15), (3, 3, None), (2, 2, None)]
    assert sorted(data["covers"]["1:0:0"]) == ["0:0:1", "0:1:0", "0:1:1"]
    assert sorted(data["covers"]["2:0:0"]) == ["1:0:0", "1:0:1", "1:1:0", "1:1:1"]
    page.click(".pyramid-json-box summary")
    page.fill("textarea[name=data]", '{"layers": [')
    assert _wait_valid(page, "no") == "The JSON cannot be read; fix it to draw the pyramid."
    assert page.locator(".pyramid-layer").count() == 0
    # saved like that, the form says so once, keeps what was typed, and opens the JSON to be mended
    page.fill("input[name=key]", f"built-{suffix}")
    page.fill("input[name=name]", f"Built cave {suffix}")
    # a click that navigates returns once the new page starts loading: wait for it to load, and for the
    # editor's script to open the JSON box
    with page.expect_navigation():
        page.click("input[name=_save]")
    page.wait_for_selector(".errornote")
    assert page.locator("ul.errorlist").all_inner_texts() == ["Enter a valid JSON."]
    assert page.input_value("textarea[name=data]") == '{"layers": ['
    page.wait_for_function("document.querySelector('.pyramid-json-box').open")
    assert _wait_valid(page, "no") == "The JSON cannot be read; fix it to draw the pyramid."
    page.fill("textarea[name=data]", json.dumps(data))
    _wait_valid(page, "yes")
    assert page.locator(".pyramid-layer").count() == 3
    assert _cell(page, "0:0:0").get_attribute("data-state") == "empty"

    page.click("input[name=_save]")
    page.wait_for_url(re.compile(r"/admin/alibaba_tiles/pyramidlayout/$"))
    assert f"Built cave {suffix}" in page.content()

    # The lobby offers it; a table with two bots starts on it and the match page draws its 28 tiles.
    host = signup(new_page(), live_server_url, f"host{suffix}")
    host.goto(live_server_url + "/")
    form = host.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("select[name=layout] option").first.wait_for(state="attached")  # drawn once the game is chosen
    assert f"Built cave {suffix}" in form.locator("select[name=layout] option").all_inner_texts()
    form.locator("select[name=layout]").select_option(f"built-{suffix}")
    form.locator("input[name=seats]").fill("3")
    form.locator("input[name=clock]").fill("0")
    form.locator("[data-testid=create-table]").click()
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert f"Built cave {suffix}" in host.content()
    host.click("[data-testid=add-bot]")
    host.wait_for_selector("[data-testid=add-bot]")
    host.click("[data-testid=add-bot]")
    host.click("[data-testid=start]")
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    host.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    frame = host.evaluate("window.__lastFrame")
    layout = frame["view"]["layout"]
    assert layout["key"] == f"built-{suffix}" and layout["name"] == f"Built cave {suffix}"
    assert layout["layers"] == [{"rows": 4, "cols": 4}, {"rows": 3, "cols": 3}, {"rows": 2, "cols": 2}]
    assert len(layout["covers"]) == 28 and "0:0:0" not in layout["covers"]
    # the bots may already have taken a tile or two: the page draws every tile still in the cave
    host.wait_for_function(
        "() => document.querySelectorAll('[data-testid=board] [data-testid^=tile-]').length"
        " === window.__lastFrame.view.board.length")
    board = host.evaluate("window.__lastFrame.view.board")
    assert 20 < len(board) <= 28 and {tile["pos"] for tile in board} <= set(layout["covers"])
    assert host.locator("[data-testid='tile-0:0:0']").count() == 0

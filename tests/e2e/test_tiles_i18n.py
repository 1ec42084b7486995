"""The treasure-cave page in French: the running account and the layout's name are translated too."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e


def test_the_running_account_and_the_layout_name_are_in_french(live_server_url, new_page):
    name = f"grotte{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, name)

    # the header's language switch posts to /i18n/setlang/
    page.goto(live_server_url + "/")
    with page.expect_navigation():
        page.locator("select[name=language]").select_option("fr")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"

    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=seats]").fill("2")
    form.locator("input[name=clock]").fill("0")
    submit_table_form(page, form)
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))

    # my turn to take a tile (the bot may have played first)
    page.wait_for_function(
        "() => { const f = window.__lastFrame;"
        " return f && f.seat === 0 && f.legal.some(a => a.type === 'take'); }",
        timeout=30_000,
    )
    frame = page.evaluate("window.__lastFrame")
    assert frame["view"]["layout"]["key"] == "standard"
    assert page.locator("[data-testid=layout-name]").inner_text().strip(" ·") == "La caverne (25 cases)"

    takeable = page.locator("[data-takeable='1']")
    assert takeable.count() > 0
    takeable.first.click()
    page.wait_for_function(f"() => window.__lastFrame.version > {frame['version']}", timeout=30_000)

    recent = page.locator("[data-testid=recent]")
    mine = recent.locator("li[data-code=tile_taken]", has_text=name).first
    mine.wait_for()
    text = mine.inner_text()
    assert "a pris la tuile" in text, text
    log = recent.inner_text()
    for english in ("took ", "uncovered", "scored", "did not use", "could not use", "the cave"):
        assert english not in log, log
    # the layout name stays French after the update
    assert page.locator("[data-testid=layout-name]").inner_text().strip(" ·") == "La caverne (25 cases)"

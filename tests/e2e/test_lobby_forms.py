"""The lobby's forms as a person fills them: a refused table form keeps its choices, help texts, quick-match bounds."""
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e


def test_a_refused_table_form_keeps_the_choices_and_shows_the_help(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"formuser{uuid.uuid4().hex[:6]}")
    page.goto(live_server_url + "/")
    page.select_option("#create-table-form select[name=game]", "alibaba_tiles")
    assert "smaller pyramid" in page.inner_text("[data-testid=option-help-layout]")
    # Past the browser's own bounds, so that the server is the one refusing.
    page.evaluate("document.querySelector('#create-table-form input[name=seats]').removeAttribute('max')")
    page.fill("#create-table-form input[name=seats]", "9")
    page.fill("#create-table-form input[name=clock]", "45")
    page.check("#create-table-form input[name=private]")
    page.uncheck("[data-testid=rated]")
    page.fill("[data-testid=abandon-grace]", "90")
    with page.expect_navigation():
        page.click("[data-testid=create-table]")
    assert "2 to 4 players" in page.inner_text("body")
    # The page's script puts the refused choices back once it runs: looked for until it shows (a loaded CI
    # machine once read the field before it did, twice), then every field is read.
    page.wait_for_function("document.querySelector('#create-table-form input[name=seats]').value === '9'", timeout=10_000)
    assert page.input_value("#create-table-form select[name=game]") == "alibaba_tiles"
    assert page.input_value("#create-table-form input[name=seats]") == "9"
    assert page.input_value("#create-table-form input[name=clock]") == "45"
    assert page.is_checked("#create-table-form input[name=private]")
    assert not page.is_checked("[data-testid=rated]")
    assert page.input_value("[data-testid=abandon-grace]") == "90"


def test_the_quick_match_players_follow_the_chosen_game(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"quickuser{uuid.uuid4().hex[:6]}")
    page.goto(live_server_url + "/")
    page.select_option("[data-testid=quick-match-form] select[name=game]", "alibaba_tiles")
    field = page.locator("[data-testid=quick-match-players]")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("2", "4")


OFFERED_PACES = "s => Array.from(s.options).filter(o => !o.hidden && !o.disabled).map(o => o.value)"


@pytest.mark.default_mode
def test_the_pace_offers_each_game_exactly_what_the_lobby_accepts(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"paceuser{uuid.uuid4().hex[:6]}")
    page.goto(live_server_url + "/")
    pace = page.locator("[data-testid=decision-days]")
    page.select_option("#create-table-form select[name=game]", "basra")
    assert pace.evaluate(OFFERED_PACES) == ["0", "1", "2", "3", "7", "14"]
    page.select_option("[data-testid=decision-days]", "14")
    # Sidi Baba is real time only: no turn-based pace offered, and the one chosen for Basra goes back to real time
    page.select_option("#create-table-form select[name=game]", "sidibaba")
    assert pace.evaluate(OFFERED_PACES) == ["0"] and pace.input_value() == "0"
    with page.expect_navigation():
        page.click("[data-testid=create-table]")
    assert "/tables/" in page.url  # accepted
    page.goto(live_server_url + "/")
    page.select_option("#create-table-form select[name=game]", "alibaba_tiles")
    assert pace.evaluate(OFFERED_PACES) == ["0", "1", "2", "3", "7", "14"]


@pytest.mark.default_mode
@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_the_pyramid_help_has_the_room_of_the_form_under_its_field(live_server_url, browser, viewport):
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        signup(page, live_server_url, f"helpuser{uuid.uuid4().hex[:6]}")
        page.goto(live_server_url + "/")
        page.select_option("#create-table-form select[name=game]", "alibaba_tiles")
        form = page.locator("#create-table-form").bounding_box()
        field = page.locator("#create-table-form select[name=layout]").bounding_box()
        help_box = page.locator("[data-testid=option-help-layout]").bounding_box()
        assert help_box["y"] >= field["y"] + field["height"]  # under its field, not squeezed beside it
        assert abs(help_box["x"] - form["x"]) < 1 and help_box["width"] >= 0.95 * form["width"], (help_box, form)
    finally:
        context.close()

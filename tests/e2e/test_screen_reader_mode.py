"""The screen-reader mode's switch and panel as a person finds them (issue 36, item 3; docs/accessibility.md): on a
phone, in French, the switch is the first item of the site's menu; turned on it says so (aria-pressed) on every
page after, and a match page has its panel: a command typed reads out, an unknown one says so, and "Your turn" is
announced once in the log of announcements, not repeated by the old announcer."""
import uuid

import pytest

from tests.e2e.helpers import read_out, signup, start_cave_against_a_bot
from tests.e2e.tour import choose_language, phone_page

pytestmark = pytest.mark.e2e



def test_the_switch_is_first_in_the_menu_and_the_match_page_reads_out_on_demand(live_server_url, browser):
    page = phone_page(browser)
    try:
        signup(page, live_server_url, f"sr{uuid.uuid4().hex[:6]}")
        choose_language(page, live_server_url, "fr")
        page.click("[data-testid=menu-toggle]")
        first = page.locator("#site-nav a, #site-nav button, #site-nav select").first
        assert first.get_attribute("data-testid") == "screen-reader-switch"
        assert first.inner_text().strip() == "Lecteur d’écran" and first.get_attribute("aria-pressed") == "false"
        with page.expect_navigation():
            first.click()
        assert page.locator("body").get_attribute("data-screen-reader") == "on"
        assert page.locator("[data-testid=screen-reader-switch]").get_attribute("aria-pressed") == "true"
        assert "Mode lecteur d’écran activé." in page.locator(".messages").inner_text()

        start_cave_against_a_bot(page, live_server_url)
        page.wait_for_function("window.__lastFrame && window.__lastFrame.version >= 0")
        assert page.locator("[data-testid=sr-panel] h2").inner_text().strip() == "En mots"
        page.wait_for_function("() => document.querySelector('[data-testid=sr-announcements]').textContent.includes('À vous')")
        assert page.locator("[data-testid=announcer]").inner_text().strip() == ""  # said once, in the mode's own log
        assert read_out(page, "aide").startswith("Commandes : tour")
        assert read_out(page, "tour").startswith("À vous")
        assert read_out(page, "danse") == "« danse » n’est pas une commande : tapez aide pour la liste."
        # the board's heading takes the focus: the board in words is read from there
        page.fill("#sr-command", "plateau")
        page.press("#sr-command", "Enter")
        assert page.evaluate("document.activeElement.id") == "sr-board-title"

        # turned off, the panel is gone
        page.click("[data-testid=menu-toggle]")
        with page.expect_navigation():
            page.click("[data-testid=screen-reader-switch]")
        assert page.locator("body").get_attribute("data-screen-reader") is None
        assert page.locator("[data-testid=sr-panel]").count() == 0
    finally:
        page.context.close()


@pytest.mark.default_mode
def test_each_match_page_lists_its_keys(live_server_url, new_page):
    """Issue 36: keyboard shortcuts listed on each game page: the common keys, and Sidi Baba's votes by letter or arrow."""
    page = new_page()
    signup(page, live_server_url, f"keys{uuid.uuid4().hex[:6]}")
    start_cave_against_a_bot(page, live_server_url)
    keys = page.locator("[data-testid=match-keys]")
    keys.locator("summary").click()
    text = keys.inner_text()
    assert "Tab" in text and "Enter" in text and "the focus stays where your next decision is" in text
    assert "vote the line's next move" not in text  # Sidi Baba's own keys: tests/e2e/test_sidibaba_speech.py

"""The site's header on a phone (issue 37): at 390 px it is one line (the site's name, the matches waiting for
you, a Menu); the Menu opens the links as a column of thumb-sized targets, each on one line ("My matches", never
"My / matches"), and Escape closes it with the focus back on the Menu; on a wide screen the links are in the
header as before. English and French."""
import uuid

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.helpers import signup, switch_language

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]

PHONE = {"width": 390, "height": 844}
# each link and button of the header's menu: its text and its box's height
MEASURE = """() => Array.from(document.querySelectorAll('.site-header nav a, .site-header nav button, .site-header nav select'))
  .map(el => [el.textContent.trim(), el.getBoundingClientRect().height])"""


def _phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    return context


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_header_is_one_line_on_a_phone_and_its_menu_holds_the_links(live_server_url, browser, language):
    context = _phone(browser)
    page = context.new_page()
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        signup(page, live_server_url, f"newbie{uuid.uuid4().hex[:4]}")
        if language == "fr":
            switch_language(page, "fr")
        my_matches = "Mes parties" if language == "fr" else "My matches"
        for path in ("/", "/matches/mine/"):
            page.goto(live_server_url + path)
            menu = page.locator("[data-testid=menu-toggle]")
            assert menu.inner_text() == "Menu" and menu.get_attribute("aria-expanded") == "false"
            header = page.locator(".site-header").bounding_box()
            assert header["height"] <= 56, header  # one line: the name, the Menu
            brand, toggle = page.locator(".brand").bounding_box(), menu.bounding_box()
            assert abs((brand["y"] + brand["height"] / 2) - (toggle["y"] + toggle["height"] / 2)) < 4  # side by side
            assert brand["x"] + brand["width"] <= toggle["x"]
            if language == "en" and path == "/":
                page.screenshot(path=str(ARTIFACTS / "header-phone.png"))
            assert not page.locator("#site-nav").is_visible()

            menu.click()
            assert menu.get_attribute("aria-expanded") == "true"
            if language == "en" and path == "/":
                page.screenshot(path=str(ARTIFACTS / "header-phone-menu.png"))
            assert page.locator("#site-nav").is_visible()
            links = page.evaluate(MEASURE)
            assert my_matches in [text for text, _ in links]
            assert [(text, height) for text, height in links if not 44 <= height <= 52] == [], links
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]

            page.keyboard.press("Escape")
            assert not page.locator("#site-nav").is_visible()
            assert menu.get_attribute("aria-expanded") == "false"
            assert page.evaluate("document.activeElement.dataset.testid") == "menu-toggle"

        # a link of the menu takes the person there
        page.click("[data-testid=menu-toggle]")
        with page.expect_navigation():
            page.click("[data-testid=nav-my-matches]")
        assert page.url.endswith("/matches/mine/")
        assert errors == []
    finally:
        context.close()


def test_a_long_name_in_the_menu_is_cut_not_wrapped_nor_widening_the_page(live_server_url, browser):
    context = _phone(browser)
    page = context.new_page()
    try:
        name = "a" + uuid.uuid4().hex + "z"  # 34 letters
        signup(page, live_server_url, name)
        page.click("[data-testid=menu-toggle]")
        profile = page.locator("[data-testid=nav-profile]")
        assert profile.get_attribute("title") == name
        assert profile.bounding_box()["height"] <= 52
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


def test_a_wide_screen_shows_the_links_in_the_header_and_no_menu(live_server_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        signup(page, live_server_url, f"wide{uuid.uuid4().hex[:4]}")
        assert not page.locator("[data-testid=menu-toggle]").is_visible()
        assert page.locator("[data-testid=nav-my-matches]").is_visible()
        assert page.locator(".site-header").bounding_box()["height"] <= 60
    finally:
        context.close()

"""The site's header on a phone (issue 37): at 390 px every link stays on one line ("My matches", never "My /
matches") and the header keeps to three short rows (the name of the site, then its links), in English and French."""
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]

PHONE = {"width": 390, "height": 844}
# each link and button of the header: its height (one line: 24 px, its target's least) and its text
MEASURE = """() => Array.from(document.querySelectorAll('.site-header nav a, .site-header nav button'))
  .map(el => [el.textContent.trim(), el.getBoundingClientRect().height])"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_header_keeps_each_link_on_one_line_and_stays_short_on_a_phone(live_server_url, browser, language):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        signup(page, live_server_url, f"newbie{uuid.uuid4().hex[:4]}")
        if language == "fr":
            with page.expect_navigation():
                page.select_option(".lang-switch select", "fr")
        for path in ("/", "/matches/mine/"):
            page.goto(live_server_url + path)
            links = page.evaluate(MEASURE)
            assert ("Mes parties" if language == "fr" else "My matches") in [text for text, _ in links]
            wrapped = [(text, height) for text, height in links if height > 30]
            assert wrapped == [], wrapped
            header = page.locator(".site-header").bounding_box()
            assert header["height"] <= 100, header  # the site's name and two rows of links
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


def test_a_long_name_in_the_header_is_cut_not_wrapped_nor_widening_the_page(live_server_url, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        name = "a" + uuid.uuid4().hex + "z"  # 34 letters
        signup(page, live_server_url, name)
        profile = page.locator("[data-testid=nav-profile]")
        assert profile.get_attribute("title") == name
        assert profile.bounding_box()["height"] <= 30
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()

"""The Content-Security-Policy in a real browser (issue 20, finding 8).

Every browser test fails on a policy violation (tests/e2e/conftest.py); these
check that the policy is enforced, and that what moved out of inline handlers
(the language switch, the resign confirmation's Cancel) still works.
"""
import uuid

import pytest

from tests.e2e.helpers import signup, start_cave_against_a_bot

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]


def test_an_injected_inline_handler_does_not_run_and_is_reported(live_server_url, browser, new_page):
    browser.allow_errors("Content-Security-Policy", "Content Security Policy")
    page = new_page()
    page.goto(live_server_url + "/")
    before = len(browser.errors)
    # What a stored XSS would try: markup with a handler, and an inline script.
    page.evaluate("""() => {
        document.body.insertAdjacentHTML('beforeend', '<img src="/static/favicon.svg" onload="window.ranHandler = 1">');
        const script = document.createElement('script');
        script.textContent = 'window.ranScript = 1';
        document.body.appendChild(script);
    }""")
    page.wait_for_function("() => document.querySelector('img[onload]').complete")
    page.wait_for_timeout(200)
    assert page.evaluate("() => [window.ranHandler, window.ranScript]") == [None, None]
    violations = [e for e in browser.errors[before:] if "Content-Security-Policy violation" in e]
    assert any("script-src" in v for v in violations), browser.errors[before:]


def test_the_language_switch_submits_on_choice(live_server_url, new_page):
    page = new_page()
    page.goto(live_server_url + "/")
    with page.expect_navigation():
        page.select_option("select[name=language]", "fr")
    assert page.locator("html").get_attribute("lang") == "fr"
    with page.expect_navigation():
        page.select_option("select[name=language]", "en")
    assert page.locator("html").get_attribute("lang") == "en"


def test_the_resign_confirmation_closes_on_cancel(live_server_url, new_page):
    page = start_cave_against_a_bot(signup(new_page(), live_server_url, f"cspuser{uuid.uuid4().hex[:6]}"), live_server_url)
    page.click("[data-testid=resign-open]")
    assert page.locator("[data-testid=resign-confirm]").is_visible()
    page.click("[data-testid=resign-cancel]")
    assert not page.locator("[data-testid=resign-confirm]").is_visible()
    assert page.locator("[data-testid=resign]").get_attribute("open") is None

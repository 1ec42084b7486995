"""The page side of "Confirm moves" (matches/static/matches/confirm_bar.js) on a form with values to fill in
(ui.js's generic control, as Basra's sales and offers use it), in chromium with no site behind it: the first
Send only picks the values, a change of the form's values drops the pick, the same values sent twice go once;
and a page whose person does not confirm moves sends at the first press."""
import pytest

from tests.e2e.helpers import STATIC_ORIGIN, harness_page

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]

BODY = """
<section id="match-page">
  <div id="game-root"></div>
  <div id="confirm-bar" hidden data-cancelled="Choice cancelled">
    <span data-testid="confirm-choice"></span><strong data-testid="confirm-prompt">Press again to confirm</strong>
    <button type="button" data-testid="confirm-send">Confirm</button><button type="button" data-testid="confirm-cancel">Cancel</button>
  </div>
  <div id="match-announcer"></div>
</section>"""

SELL = '{"type": "sell", "cards": {"subset_of": [3, 5], "max_size": 2}}'  # a legal action with a domain

MOUNT = """(on) => {
  window.__sent = [];
  const frame = {legal: [%s]};
  const confirmer = window.makeConfirmer({on: on, page: document.getElementById("match-page"),
    bar: document.getElementById("confirm-bar"), announcer: document.getElementById("match-announcer"), frame: () => frame});
  const send = (action) => window.__sent.push(action);
  const form = MatchUI.actionControl(frame.legal[0], 0, (action, el) => confirmer.choose(action, send, el), (k, f) => f, () => {});
  document.getElementById("game-root").replaceChildren(form);
}"""


def _page(browser):
    return harness_page(browser, BODY, scripts=["matches/confirm_bar.js"])


def _mount(page, on):
    page.add_script_tag(type="module", content=(
        f'import {{ makeConfirmer }} from "{STATIC_ORIGIN}/matches/confirm_bar.js"; window.makeConfirmer = makeConfirmer;'))
    page.wait_for_function("typeof window.makeConfirmer === 'function'")
    page.evaluate(MOUNT % SELL, on)


def test_a_forms_values_are_picked_by_the_first_send_and_sent_by_the_second(browser):
    with _page(browser) as page:
        _mount(page, True)
        send = page.locator("[data-testid=legal-0-send]")
        page.check("[data-testid=legal-0-cards-0]")
        send.click()
        assert page.evaluate("window.__sent") == []
        assert send.get_attribute("aria-pressed") == "true" and page.locator("#confirm-bar").is_visible()
        # ticking another card: the pick was of the values the form had, so it goes
        page.check("[data-testid=legal-0-cards-1]")
        assert send.get_attribute("aria-pressed") == "false" and not page.locator("#confirm-bar").is_visible()
        send.click()
        assert page.evaluate("window.__sent") == []
        send.click()
        assert page.evaluate("window.__sent") == [{"type": "sell", "cards": [3, 5]}]
        assert not page.locator("#confirm-bar").is_visible()


def test_confirm_sends_the_picked_values_and_cancel_sends_nothing(browser):
    with _page(browser) as page:
        _mount(page, True)
        page.check("[data-testid=legal-0-cards-1]")
        page.click("[data-testid=legal-0-send]")
        page.click("[data-testid=confirm-cancel]")
        assert page.evaluate("window.__sent") == [] and not page.locator("#confirm-bar").is_visible()
        page.click("[data-testid=legal-0-send]")
        page.click("[data-testid=confirm-send]")
        assert page.evaluate("window.__sent") == [{"type": "sell", "cards": [5]}]


def test_without_confirmation_the_first_send_goes(browser):
    with _page(browser) as page:
        _mount(page, False)
        page.check("[data-testid=legal-0-cards-0]")
        page.click("[data-testid=legal-0-send]")
        assert page.evaluate("window.__sent") == [{"type": "sell", "cards": [3]}]
        assert page.locator("[data-testid=legal-0-send]").get_attribute("aria-pressed") is None

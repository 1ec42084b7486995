"""Confirm moves (issue 37; matches/static/matches/confirm_bar.js, move_confirm.js): with the person's setting
on for the table, the first click on a decision only picks it — drawn as picked, aria-pressed, the bar saying
"Press again to confirm" — and nothing is sent (the version and the board stay as they were); Escape or Cancel
drops it; a second click on it, or Confirm, sends it. By default it is on at turn-based tables only; "Never"
sends at the first click there too."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup, switch_language, visible_in_viewport
from tests.e2e.test_accessibility import violations
from tests.e2e.tour import submit_table_form

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]

MY_DECISION = ("() => { const f = window.__lastFrame; return !!f && f.status === 'running' && f.legal.length > 0 && "
               "!document.body.dataset.sending && document.querySelector('[data-testid=turn]')?.dataset.mine === '1'; }")
TAKEABLE = "#game-root [data-takeable='1']"


def _person(new_page, live_server_url, prefix, setting=None, language=None):
    page = signup(new_page(), live_server_url, f"{prefix}{uuid.uuid4().hex[:6]}")
    if language:
        page.goto(live_server_url + "/")
        switch_language(page, language)
    if setting:
        page.goto(live_server_url + "/accounts/account/")
        page.check(f"[data-testid=play-form] input[value={setting}]")
        with page.expect_navigation():
            page.click("[data-testid=play-submit]")
        assert page.locator(f"[data-testid=play-form] input[value={setting}]").is_checked()
    return page


def _cave_against_a_bot(page, base, days=None):
    """A 2-seat treasure-cave table against a computer player: turn-based (days per decision) or untimed."""
    page.goto(base + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=seats]").fill("2")
    if days:
        form.locator("[data-testid=decision-days]").select_option(str(days))
    else:
        form.locator("input[name=clock]").fill("0")
    submit_table_form(page, form)
    page.click("[data-testid=add-bot]")
    page.wait_for_selector("[data-testid=seat-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function(MY_DECISION, timeout=30_000)


def _version(page):
    return page.evaluate("window.__lastFrame.version")


def _takeable(page):
    return page.locator(TAKEABLE).evaluate_all("els => els.map(e => e.dataset.pos)")


def _nothing_sent(page, version, takeable):
    page.wait_for_timeout(700)  # time for a frame, had anything been sent
    assert _version(page) == version and page.evaluate("document.body.dataset.version") == str(version)
    assert _takeable(page) == takeable and page.evaluate("!document.body.dataset.sending")


def test_at_a_turn_based_table_a_take_needs_two_clicks_by_default_and_escape_cancels(live_server_url, new_page):
    page = _person(new_page, live_server_url, "confirm")
    _cave_against_a_bot(page, live_server_url, days=2)
    assert page.locator("#match-page").get_attribute("data-confirm-moves") == "on"
    bar = page.locator("[data-testid=confirm-bar]")
    version, takeable = _version(page), _takeable(page)
    first, second = (page.locator(f"#game-root [data-pos='{pos}']") for pos in takeable[:2])
    assert not bar.is_visible() and first.get_attribute("aria-pressed") == "false"

    first.click()
    assert first.get_attribute("aria-pressed") == "true" and "choice-pending" in first.get_attribute("class")
    assert bar.is_visible() and page.inner_text("[data-testid=confirm-prompt]") == "Press again to confirm"
    assert page.inner_text("[data-testid=confirm-choice]") == first.get_attribute("aria-label")
    page.wait_for_function("document.querySelector('[data-testid=announcer]').textContent.endsWith('Press again to confirm')")
    _nothing_sent(page, version, takeable)

    # another tile changes the choice, still sending nothing; Escape drops it
    second.click()
    assert second.get_attribute("aria-pressed") == "true" and first.get_attribute("aria-pressed") == "false"
    page.keyboard.press("Escape")
    assert not bar.is_visible() and second.get_attribute("aria-pressed") == "false"
    assert page.locator("#game-root .choice-pending").count() == 0
    _nothing_sent(page, version, takeable)

    # Cancel does the same
    first.click()
    page.click("[data-testid=confirm-cancel]")
    assert not bar.is_visible() and first.get_attribute("aria-pressed") == "false"
    _nothing_sent(page, version, takeable)

    # a second click on the same tile sends it: that tile leaves the board
    pos = takeable[0]
    first.click()
    first.click()
    page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version)
    assert not bar.is_visible()
    page.wait_for_function("(p) => !document.querySelector(`#game-root [data-testid='tile-${p}']`)", arg=pos)

    # Confirm sends the pending choice too (the next decision: the bot's turn first, or a prompt of this turn)
    page.wait_for_function(MY_DECISION, timeout=30_000)
    version = _version(page)
    choice = page.locator("#game-root [data-choice]").first
    choice.click()
    assert choice.get_attribute("aria-pressed") == "true"
    _nothing_sent(page, version, _takeable(page))
    page.click("[data-testid=confirm-send]")
    page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version)
    assert not bar.is_visible()


def test_with_the_setting_never_one_click_sends_at_a_turn_based_table(live_server_url, new_page):
    page = _person(new_page, live_server_url, "noconfirm", setting="never")
    _cave_against_a_bot(page, live_server_url, days=2)
    assert page.locator("#match-page").get_attribute("data-confirm-moves") is None
    assert page.locator("[data-testid=confirm-bar]").count() == 0
    version = _version(page)
    page.locator(TAKEABLE).first.click()
    page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version)


def test_with_the_setting_always_a_basra_decision_needs_two_clicks_at_a_real_time_table(live_server_url, new_page):
    page = _person(new_page, live_server_url, "confirmb", setting="always")
    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("basra")
    form.locator("input[name=seats]").fill("2")
    submit_table_form(page, form)
    page.click("[data-testid=add-bot]")
    page.wait_for_selector("[data-testid=seat-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert page.locator("#match-page").get_attribute("data-confirm-moves") == "on"
    # a decision of this seat alone (the computer player waits for it): its buttons stay while it is pending
    page.wait_for_function("""() => { const f = window.__lastFrame;
      return !!f && f.status === 'running' && !document.body.dataset.sending && f.to_act.length === 1 && f.to_act[0] === f.seat &&
        !!document.querySelector('[data-testid=prompt] button[data-choice]'); }""", timeout=30_000)
    version = _version(page)
    button = page.locator("[data-testid=prompt] button[data-choice]").first
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert page.inner_text("[data-testid=confirm-choice]") == button.inner_text()
    page.wait_for_timeout(700)
    assert _version(page) == version and button.is_visible()
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-pressed") == "false" and not page.locator("[data-testid=confirm-bar]").is_visible()
    page.wait_for_timeout(300)
    assert _version(page) == version
    button.click()
    button.click()
    page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version)


def test_the_prompt_reads_in_french_and_fits_a_phone(live_server_url, new_page):
    page = _person(new_page, live_server_url, "confirmfr", setting="always", language="fr")
    _cave_against_a_bot(page, live_server_url)
    page.locator(TAKEABLE).first.click()
    assert page.inner_text("[data-testid=confirm-prompt]") == "Appuyez de nouveau pour confirmer"
    assert page.inner_text("[data-testid=confirm-send]") == "Confirmer"
    assert page.locator("[data-testid=confirm-bar]").get_attribute("aria-label") == "Votre coup choisi"
    # on a phone the bar spans the window, whole (it was cut off once)
    page.set_viewport_size({"width": 390, "height": 800})
    for part in ("confirm-bar", "confirm-prompt", "confirm-send", "confirm-cancel"):
        assert visible_in_viewport(page.locator(f"[data-testid={part}]"), width=390), part


def test_by_keyboard_enter_picks_a_tile_and_enter_again_sends_it_the_focus_staying_in_the_game(live_server_url, new_page):
    page = _person(new_page, live_server_url, "confirmkb", setting="always")
    _cave_against_a_bot(page, live_server_url)
    version = _version(page)
    tile = page.locator(TAKEABLE).first
    tile.focus()
    page.keyboard.press("Enter")
    assert tile.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.matches('[data-takeable]')")
    page.wait_for_timeout(500)
    assert _version(page) == version
    # the picked tile and the bar are clean under axe-core, as the rest of the page (test_accessibility)
    assert violations(page) == []
    tile.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version)
    page.wait_for_timeout(300)  # the redraw of what came with it
    assert page.evaluate("() => !!document.activeElement.closest('#game-root')")


def test_sidi_baba_confirms_the_leaders_set_up_with_the_setting_always(live_server_url, new_page):
    from tests.e2e.test_sidibaba_play import create_table, row

    page = _person(new_page, live_server_url, "confirmsb", setting="always")
    create_table(page, live_server_url, "leader")
    for seat in (1, 2):
        row(page, seat).locator("[data-testid=add-bot]").click()
        row(page, seat).locator("[data-testid=seat-bot]").wait_for()
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0 && window.__lastFrame.legal.length > 0")
    # (the computer Adventurers choose their characters meanwhile: the match's version moves, the Leader's question stays)
    maze = page.locator("[data-testid=maze-grotto]")
    maze.click()
    assert maze.get_attribute("aria-pressed") == "true" and page.locator("[data-testid=confirm-bar]").is_visible()
    page.wait_for_timeout(700)
    assert page.locator("[data-testid=cell-0]").count() == 0 and not page.evaluate("window.__lastFrame.view.maze")
    maze.click()
    page.wait_for_selector("[data-testid=cell-0]")
    # a square of the map: picked, drawn as picked, then sent by Confirm
    cell = page.locator("[data-testid^=cell-][data-target='1']").first
    cell.click()
    # a square the Leader may pick is a button (Tab, Enter): pressed while pending, as any other choice
    assert "choice-pending" in cell.get_attribute("class") and cell.get_attribute("aria-pressed") == "true"
    page.wait_for_timeout(700)
    assert page.evaluate("window.__lastFrame.view.treasure_at") is None
    page.click("[data-testid=confirm-send]")
    page.wait_for_function("() => window.__lastFrame.view.treasure_at !== null")

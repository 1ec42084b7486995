"""Play by keyboard keeps its place (issue 36, item 2): the first Tab reaches a link past the header, and after
each tile taken with Enter the focus stays in the game (the redraw used to drop it to <body>, 50 times out of
50), so the next Tab goes on from there; "Your turn" is said once to a screen reader, and the game's area is
not a live region."""
import pytest

from tests.e2e.helpers import signup, start_cave_against_a_bot

pytestmark = pytest.mark.e2e

ACTIONABLE = "#game-root [role=button][tabindex='0'], #game-root button:not([disabled]), #generic-actions button"
# What a screen reader is given to say: the text of every live region each time it changes (issue 36 measured
# 24,662 characters over three turns of the cave while the whole game's area was one).
COUNT_LIVE_TEXT = """() => { window.__liveCharacters = 0; window.__liveTexts = [];
  const regions = document.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]');
  const observer = new MutationObserver((records) => {
    const changed = new Set(records.map(r => (r.target.nodeType === 1 ? r.target : r.target.parentElement)
      .closest('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')));
    changed.forEach(region => { if (region) { const text = region.textContent.trim();
      window.__liveCharacters += text.length; window.__liveTexts.push(text); } });
  });
  regions.forEach(region => observer.observe(region, {childList: true, subtree: true, characterData: true}));
  return regions.length; }"""
# at most this many characters queued for a screen reader per decision (a sentence or two: "Your turn", the events)
MOST_LIVE_CHARACTERS_PER_TAKE = 400
FOCUS_IN_GAME = """() => { const el = document.activeElement;
  return !!el && el !== document.body && !!el.closest('#game-root, #generic-actions'); }"""


def _tab_to(page, selector, most=80):
    """Tabs until the focus is on an element matching ``selector``; how many Tabs it took."""
    for tabs in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return tabs
    raise AssertionError(f"{most} Tabs never reached {selector}")


def test_the_first_tab_is_a_link_past_the_header_to_the_content(live_server_url, new_page):
    page = new_page()
    page.goto(live_server_url + "/")
    page.keyboard.press("Tab")
    skip = page.locator("[data-testid=skip-link]")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "skip-link"
    assert skip.is_visible() and skip.bounding_box()["y"] >= 0
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"


def test_a_cave_match_played_by_keyboard_keeps_the_focus_in_the_game_after_each_take(live_server_url, new_page):
    page = new_page()
    signup(page, live_server_url, "keyboard-cave")
    start_cave_against_a_bot(page, live_server_url)
    page.wait_for_selector("[data-testid=board]")
    assert page.locator("#game-root").get_attribute("aria-live") is None
    page.wait_for_function("document.querySelector('[data-testid=announcer]').textContent.length > 0")
    said = page.locator("[data-testid=announcer]").text_content()
    assert page.evaluate(COUNT_LIVE_TEXT) >= 2  # the announcer, the connection's state

    takes = 0
    for _ in range(4):
        page.wait_for_function("window.__lastFrame && window.__lastFrame.legal.length > 0 && !document.body.dataset.sending",
                               timeout=30_000)
        version = page.evaluate("window.__lastFrame.version")
        if not page.evaluate("(s) => document.activeElement.matches(s)", ACTIONABLE):
            # only when the focus is not on a control already: the game's area, while the other seat played
            _tab_to(page, ACTIONABLE)
        page.keyboard.press("Enter")
        page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version, timeout=30_000)
        page.wait_for_timeout(300)  # the redraw of what came with it
        assert page.evaluate(FOCUS_IN_GAME), f"after action {takes + 1} the focus left the game: " + page.evaluate(
            "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : 'nothing'")
        takes += 1
        if page.evaluate("window.__lastFrame.status") != "running":
            break
    assert takes >= 2
    assert said == "Your turn"
    queued, texts = page.evaluate("[window.__liveCharacters, window.__liveTexts]")
    print(f"characters queued for a screen reader: {queued} over {takes} takes ({queued / takes:.0f} a take)")
    assert queued <= MOST_LIVE_CHARACTERS_PER_TAKE * takes, texts
    assert not any("\u2726" in text for text in texts), texts  # never the board (a face-down tile is a star)


def test_the_sidi_baba_leader_sets_up_by_keyboard_alone(live_server_url, new_page):
    """The Leader's set-up: the maze, the Treasure, five chests and the entrance are picked with Tab and Enter (the
    map's squares and openings were only clickable: 250 Tabs never reached one)."""
    import uuid

    from tests.e2e.test_sidibaba_play import create_table, row

    page = signup(new_page(), live_server_url, f"kbl{uuid.uuid4().hex[:6]}")
    create_table(page, live_server_url, "leader")
    for seat in (1, 2):
        row(page, seat).locator("select[name=bot]").select_option("explorer")
        row(page, seat).locator("[data-testid=add-bot]").click()
        row(page, seat).locator("[data-testid=seat-bot]").wait_for()
    page.click("[data-testid=start]")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0 && window.__lastFrame.legal.length > 0")
    _tab_to(page, "[data-testid=maze-grotto]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=cell-0]")
    for placed in range(6):  # the Treasure, then five chests: each on the first square the Tab reaches
        square = "[data-testid=sidi-map] rect[role=button][tabindex='0']"
        _tab_to(page, square, most=200)
        name = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert name.startswith("row "), name
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => {{ const v = window.__lastFrame.view;"
                               f" return (v.treasure_at !== null) + v.chests.closed.length > {placed}; }}")
    page.wait_for_function("window.__lastFrame.legal.every(a => a.type === 'choose_entrance')")
    _tab_to(page, "[data-testid=sidi-map] circle[role=button][tabindex='0']", most=200)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("the opening by row ")
    page.keyboard.press("Enter")
    page.wait_for_function("window.__lastFrame.view.entrance !== null && window.__lastFrame.view.entrance !== undefined")

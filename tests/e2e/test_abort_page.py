"""The early abort as a person sees it (docs/ratings.md, "The early abort"): while someone at the table has not
made a first decision, the match page offers every player an Abort button, which asks first; aborting ends the
match for everyone at once, "Match aborted", unrated and counted nowhere; the button goes once everyone has
decided. The service's rules: tests/matches/test_early_abort.py."""
import pytest

from tests.e2e.helpers import start_cave_against_a_bot
from tests.e2e.test_seats_kept import person, play_turn, two_people_at_the_cave, username

pytestmark = pytest.mark.e2e

TEXT = {
    "en": {"button": "Abort", "title": "Match aborted", "why": "aborted the match before every player had made a first decision",
           "unrated": "It is unrated", "done": "You aborted the match"},
    "fr": {"button": "Annuler la partie", "title": "Partie annulée", "why": "a annulé la partie avant que chaque joueur",
           "unrated": "Elle n'est pas classée", "done": "Vous avez annulé la partie"},
}


@pytest.mark.default_mode
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_player_aborts_before_everyone_has_played_and_every_page_says_so(live_server_url, new_page, language):
    text = TEXT[language]
    pages = [person(new_page, live_server_url, "aborter", language), person(new_page, live_server_url, "starter", language)]
    match_url = two_people_at_the_cave(live_server_url, *pages)
    first = pages[0].evaluate("window.__lastFrame.to_act[0]")
    starter, aborter = pages[first], pages[1 - first]
    watcher = person(new_page, live_server_url, "watcher", language)
    watcher.goto(match_url)
    watcher.wait_for_selector("[data-testid=spectating]")
    # The one who starts plays their turn; the other has not decided yet: both may still abort, a spectator not.
    play_turn(starter)
    for page in (starter, aborter):
        page.wait_for_function("window.__lastFrame && window.__lastFrame.abortable === true")
        assert page.locator("[data-testid=abort-open]").is_visible()
        assert page.locator("[data-testid=abort-open]").inner_text().strip() == text["button"]
    assert watcher.locator("[data-testid=abort]").count() == 0

    # The button asks first; "no" plays on.
    aborter.click("[data-testid=abort-open]")
    assert aborter.locator("[data-testid=abort-confirm]").is_visible()
    aborter.click("[data-testid=abort-cancel]")
    assert not aborter.locator("[data-testid=abort-confirm]").is_visible()
    assert aborter.evaluate("window.__lastFrame.status") == "running"

    aborter.click("[data-testid=abort-open]")
    with aborter.expect_navigation():
        aborter.click("[data-testid=abort-confirm]")
    assert text["done"] in aborter.locator(".messages").inner_text()
    # Every page, the others without a reload: "Match aborted", who aborted, unrated; no Abort or Resign left.
    for page in (aborter, starter, watcher):
        title = page.locator("[data-testid=end-panel] [data-testid=end-title]")
        title.wait_for(timeout=10_000)
        assert title.inner_text() == text["title"]
        why = page.locator("[data-testid=end-panel] [data-testid=aborted-why]")
        assert text["why"] in why.inner_text() and username(aborter) in why.inner_text()
        assert text["unrated"] in page.locator("[data-testid=end-panel]").inner_text()
        assert page.evaluate("window.__lastFrame.status") == "aborted" and page.evaluate("window.__lastFrame.legal") == []
        assert page.locator("[data-testid=abort]").is_hidden() and page.locator("[data-testid=resign]").is_hidden()
    # the game's own log says it too
    line = starter.locator("[data-testid=recent] li[data-code=match_aborted]")
    line.wait_for()
    assert username(aborter) in line.inner_text()
    starter.screenshot(path=f"test-artifacts/match-aborted-{language}.png")

    # It counts nowhere: not on the profile, not in the history.
    match_path = match_url.split("//", 1)[1].split("/", 1)[1]
    for path in (f"/accounts/u/{username(aborter)}/", "/matches/"):
        aborter.goto(live_server_url + path)
        assert f"/{match_path}" not in aborter.content()


@pytest.mark.default_mode
def test_the_abort_button_goes_once_everyone_has_made_a_first_decision(live_server_url, new_page):
    page = start_cave_against_a_bot(person(new_page, live_server_url, "decider", "en"), live_server_url)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0 && window.__lastFrame.abortable === true")
    assert page.locator("[data-testid=abort-open]").is_visible()
    play_turn(page)  # the person's first decision; the computer player's seat never held the window open
    page.wait_for_function("window.__lastFrame.abortable === false")
    assert page.locator("[data-testid=abort]").is_hidden() and page.locator("[data-testid=resign-open]").is_visible()
    page.reload()
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    assert page.locator("[data-testid=abort]").is_hidden()

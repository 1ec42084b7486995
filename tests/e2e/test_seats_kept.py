"""Issue 21, items 1, 8 and 9 as a person sees them: looking away never costs a seat; a computer player
stands in only while its person is away when a decision of theirs is due (after a countdown shown on
every page), and the person takes the seat back the moment they return; leaving is a lasting notice
with a live badge; ratings are shown on a 1500 scale."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup, start_cave_against_a_bot, switch_language
from tests.e2e.test_end_screen import play_to_the_end

pytestmark = pytest.mark.e2e

GRACE = 15  # the shortest a host may choose
TEXT = {
    "en": {"due": "Your turn in", "stood_in": "A computer player is playing for you", "away": "was away when a decision was due",
           "back": "is back and plays again", "resigned": "resigned: a computer player finishes", "badge_bot": "bot",
           "rating": "Rating"},
    "fr": {"due": "À vous de jouer", "stood_in": "Un joueur ordinateur joue pour vous", "away": "était absent quand une décision",
           "back": "est de retour et rejoue", "resigned": "a abandonné : un joueur ordinateur", "badge_bot": "bot",
           "rating": "Cote"},
}


def person(new_page, live_server_url, prefix, language):
    page = signup(new_page(), live_server_url, f"{prefix}{uuid.uuid4().hex[:6]}")
    if language != "en":
        page.goto(live_server_url + "/")
        with page.expect_navigation():
            page.locator("select[name=language]").select_option(language)
        assert page.locator("html").get_attribute("lang") == language
    return page


def username(page):
    return page.locator("[data-testid=nav-profile]").inner_text()


def two_people_at_the_cave(live_server_url, host, guest):
    """A 2-seat treasure-cave table without a clock and the shortest grace period: the host in seat 0, the guest in seat 1."""
    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "2")
    host.fill("input[name=clock]", "0")
    host.fill("[data-testid=abandon-grace]", str(GRACE))
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    guest.goto(host.url)
    guest.click("[data-testid=join-seat] >> nth=0")
    host.wait_for_selector(f"text={username(guest)}")
    host.click("[data-testid=start]")
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    for page, seat in ((host, 0), (guest, 1)):
        page.wait_for_function("(s) => window.__lastFrame && window.__lastFrame.seat === s", arg=seat)
    return host.url


def play_turn(page):
    """The page's person plays their whole turn with the first legal action of each prompt (a treasure-cave
    turn may ask more than once), until the game waits for somebody else."""
    page.wait_for_function("window.__lastFrame.to_act.includes(window.__lastFrame.seat) && window.__lastFrame.legal.length > 0")
    while page.evaluate("window.__lastFrame.status === 'running' && window.__lastFrame.to_act.includes(window.__lastFrame.seat)"):
        version = page.evaluate("window.__lastFrame.version")
        page.evaluate("window.MatchLive.send(window.__lastFrame.legal[0])")
        page.wait_for_function("(v) => window.__lastFrame.version > v", arg=version)


def in_viewport(page, selector):
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 1 \
        and box["y"] + box["height"] <= size["height"]


@pytest.mark.default_mode
def test_looking_away_keeps_the_seat_and_a_computer_stands_in_only_when_a_decision_is_due(live_server_url, new_page):
    pages = [person(new_page, live_server_url, "walker", "en"), person(new_page, live_server_url, "sitter", "en")]
    match_url = two_people_at_the_cave(live_server_url, *pages)
    # The one who does not start is the one who looks away (the cave draws who starts).
    first = pages[0].evaluate("window.__lastFrame.to_act[0]")
    away_seat = 1 - first
    away, other = pages[away_seat], pages[first]
    # The two read the site in different languages, as at any table: the one who looks away in French, the other
    # in English (the one run pays the two waits on the grace period once). Each line is checked in French (the
    # English is its source), the notice of the stand-in and the return in both.
    switch_language(away, "fr")
    away.wait_for_function("(s) => window.__lastFrame && window.__lastFrame.seat === s", arg=away_seat)
    away_text, other_text = TEXT["fr"], TEXT["en"]
    # the cave's scoreboard lists the players (the shared list is hidden on its page)
    badge = f"[data-testid=seat-badges-{away_seat}] [data-testid=badge-%s]"
    # Both play their first turn: away at a first decision, the match would be aborted instead (test_abort_page.py).
    play_turn(other)
    play_turn(away)

    # The walker browses the history and a profile for longer than the grace period while the game waits
    # for the other: no banner, no computer player, the seat is the walker's.
    away.goto(live_server_url + "/matches/")
    away.wait_for_timeout(3000)
    assert away.locator("[data-testid=away-banner]").is_hidden()
    away.goto(live_server_url + f"/accounts/u/{username(other)}/")
    away.wait_for_timeout((GRACE + 3) * 1000)
    assert away.locator("[data-testid=away-banner]").is_hidden()
    assert other.locator(badge % "bot").count() == 0

    # The other plays: now a decision of the walker's is due while they are away. Every page counts down.
    play_turn(other)
    banner = away.locator("[data-testid=away-banner] p[data-state=due]")
    banner.wait_for(timeout=10_000)
    assert away_text["due"] in banner.inner_text() and re.search(r"\d+ s", banner.inner_text())
    assert in_viewport(away, "[data-testid=away-banner]")
    # a screen reader is told the line once, in its own quiet region; the banner itself is not a live region
    # whose every tick would be read out
    announced = away.locator("[data-testid=away-announcer]").inner_text()
    assert away_text["due"] in announced and away.get_attribute("[data-testid=away-banner]", "aria-live") is None
    away.wait_for_timeout(2100)
    assert away.locator("[data-testid=away-announcer]").inner_text() == announced
    away.screenshot(path="test-artifacts/away-banner-fr.png")

    # The countdown runs out: a computer player stands in; the banner says so, the other's page shows the
    # bot and away badges and a lasting notice, without a reload.
    away.locator("[data-testid=away-banner] p[data-state=stood_in]").wait_for(timeout=(GRACE + 15) * 1000)
    assert away_text["stood_in"] in away.locator("[data-testid=away-banner]").inner_text()
    assert away_text["stood_in"] in away.locator("[data-testid=away-announcer]").inner_text()
    other.locator(badge % "bot").wait_for()
    other.locator(badge % "away").wait_for()
    notices = other.locator("[data-testid=seat-notices]")
    assert other_text["away"] in notices.inner_text() and username(away) in notices.inner_text()
    # The computer player played the walker's turn: the game waits for the other again.
    other.wait_for_function("(s) => window.__lastFrame.to_act.includes(s)", arg=first)
    # the game's own log says it too, where it happened (tests/e2e/test_seat_log.py for the other games)
    stood_in = other.locator("[data-testid=recent] li[data-code=seat_stood_in]")
    stood_in.wait_for()
    assert other_text["away"] in stood_in.inner_text() and username(away) in stood_in.inner_text()
    # The same lasting notice on the other's page in French (it stays across the reload), then back to English.
    switch_language(other, "fr")
    other.locator("[data-testid=seat-notices] li[data-code=seat_stood_in]").wait_for()
    assert away_text["away"] in other.locator("[data-testid=seat-notices]").inner_text()
    switch_language(other, "en")
    other.wait_for_function("(s) => window.__lastFrame && window.__lastFrame.seat === s", arg=first)

    # Back to the match: the seat is the walker's again at once, with a notice to the table and in its log.
    away.locator("[data-testid=away-back]").first.click()
    away.wait_for_url(match_url)
    away.wait_for_function("(s) => window.__lastFrame && window.__lastFrame.seat === s", arg=away_seat)
    assert away.locator("[data-testid=spectating]").count() == 0
    away.locator("[data-testid=seat-notices] li[data-code=seat_returned]").wait_for()
    assert away_text["back"] in away.locator("[data-testid=seat-notices]").inner_text()
    other.locator("[data-testid=seat-notices] li[data-code=seat_returned]").wait_for()
    other.wait_for_function("(sel) => document.querySelector(sel) === null", arg=badge % "bot")
    assert other.locator(badge % "away").count() == 0
    assert in_viewport(other, "[data-testid=seat-notices]")
    for page, text in ((away, away_text), (other, other_text)):
        back = page.locator("[data-testid=recent] li[data-code=seat_returned]")
        back.wait_for()
        assert text["back"] in back.inner_text() and username(away) in back.inner_text()
    # And the walker plays their own next turn.
    play_turn(other)
    play_turn(away)
    assert away.locator("[data-testid=away-banner]").is_hidden()


@pytest.mark.default_mode
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_resignation_is_a_lasting_notice_with_a_live_bot_badge(live_server_url, new_page, language):
    text = TEXT[language]
    pages = [person(new_page, live_server_url, "stayer", language), person(new_page, live_server_url, "quitter", language)]
    two_people_at_the_cave(live_server_url, *pages)
    # The one who resigns is the one not to act, so that no move of the computer player follows: the
    # resignation's notice alone must bring the badges (the scoreboard, redrawn by it, once lost them).
    first = pages[0].evaluate("window.__lastFrame.to_act[0]")
    quitter_seat = 1 - first
    stayer, quitter = pages[first], pages[quitter_seat]
    badge = f"[data-testid=seat-badges-{quitter_seat}] [data-testid=badge-%s]"
    quitter.click("[data-testid=resign-open]")
    quitter.click("[data-testid=resign-confirm]")
    quitter.wait_for_selector("[data-testid=spectating]")
    # On the stayer's page, without a reload: the badge, and a notice that stays (not a 6-second toast).
    stayer.locator(badge % "bot").wait_for()
    stayer.locator(badge % "resigned").wait_for()
    assert stayer.evaluate("window.__lastFrame.to_act") == [first]
    stayer.wait_for_timeout(8000)
    notices = stayer.locator("[data-testid=seat-notices]")
    assert notices.is_visible() and text["resigned"] in notices.inner_text() and username(quitter) in notices.inner_text()
    stayer.reload()
    stayer.locator("[data-testid=seat-notices] li[data-code=seat_resigned]").wait_for()
    assert stayer.locator(badge % "bot").is_visible()


@pytest.mark.default_mode
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_newcomers_rating_is_shown_near_1500_and_never_negative(live_server_url, new_page, language):
    text = TEXT[language]
    page = person(new_page, live_server_url, "newcomer", language)
    start_cave_against_a_bot(page, live_server_url)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    match_id = page.url.rstrip("/").split("/")[-1]
    assert play_to_the_end([page]) == "finished"
    cell = page.locator("[data-testid=rating-change-0]")
    page.wait_for_function("/\\(1500 → \\d+\\)/.test(document.querySelector('[data-testid=rating-change-0]').textContent)",
                           timeout=30_000)
    shown = re.search(r"([+−±])(\d+) \(1500 → (\d+)\)", cell.inner_text())
    assert shown, cell.inner_text()
    after = int(shown.group(3))
    assert 1300 <= after <= 1700
    page.goto(live_server_url + f"/accounts/u/{username(page)}/")
    rating = int(page.locator("[data-testid=profile-rating]").first.inner_text())
    assert rating == after
    assert text["rating"] in page.locator("[data-testid=profile-ratings]").inner_text()
    change = page.locator("[data-testid=profile-rating-change]").first.inner_text()
    assert re.fullmatch(r"[+−±]\d+", change)
    page.goto(live_server_url + "/matches/")
    assert page.locator(f"tr[data-match='{match_id}'] [data-testid=history-rating-change]").first.inner_text() == change

"""Ali Baba in Basra in the screen-reader mode (issue 36; basra/static/basra/basra_speech.js): a person turns the
mode on in the site's menu, starts a Basra table against two computer players and plays some decisions with the
panel in words beside the board: the route, the quarters and the players are tables in words (no letter of the
drawn board), "Your turn: ..." and each event's sentence reach the announcements' log, typing "hand" reads the
hand; then on the French page typing "main" reads it in French, and no English string of the game shows. The page
stays clean under axe-core in that mode, and any console error fails the test."""
import re
import uuid

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.helpers import read_out, screen_reader_on, signup, switch_language
from tests.e2e.test_accessibility import violations
from tests.e2e.test_basra_match import _wait_for_my_move_or_end
from tests.e2e.test_tour_basra import decide
from tests.e2e.tour import Hands, Watch, create_table, fill_with_bots, start

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]

DECISIONS = 4  # at least, and until a walk of Ali Baba's of the person's was told (a junction may stop it first)
MOST_DECISIONS = 12
# the status bar's words for each phase (basra_strings.js), as the prompt says them after "Your turn: "
ASKED = {"turn": "sell cards, then play a movement card", "junction": "choose the way at the junction",
         "pick": "take cards from the packs", "roll": "roll", "window": "", "choose_gang": "choose the gang",
         "give_back": "return cards"}


def announced(page, pattern):
    """Waits for a sentence matching ``pattern`` (a JavaScript regular expression) in the announcements' log;
    a timeout says what the log holds."""
    try:
        page.wait_for_function("(p) => new RegExp(p).test(document.getElementById('sr-announcements').textContent)", arg=pattern)
    except PlaywrightTimeout:
        said = page.locator("#sr-announcements p").all_text_contents()
        raise AssertionError(f"never announced: {pattern!r}; the log says {said}") from None


def said(page, pattern):
    """Whether a sentence matching ``pattern`` is in the announcements' log now."""
    return page.evaluate("(p) => new RegExp(p).test(document.getElementById('sr-announcements').textContent)", pattern)



def board_table(page, caption):
    """The rows of the table of #sr-board captioned ``caption``: [[row header, cells...], ...]."""
    return page.evaluate("""(caption) => {
      const table = [...document.querySelectorAll('#sr-board table')].find(t => t.caption.textContent === caption);
      return table ? [...table.tBodies[0].rows].map(r => [...r.cells].map(c => c.tagName + ':' + c.textContent)) : null;
    }""", caption)


def test_a_person_plays_basra_with_the_panel_in_words(live_server_url, new_page):
    me = f"ears{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, me)
    screen_reader_on(page)
    create_table(page, live_server_url, "basra", 3, turn_seconds=120, window_seconds=60, bazaar_seconds=60)
    fill_with_bots(page, "merchant")
    start(page, 0)
    page.locator("[data-testid=sr-panel]").wait_for()

    # the board in words: tables with captions and header cells, the drawn board's letters spelled out
    page.wait_for_selector("#sr-board table caption")
    route = board_table(page, "The route of Ali Baba from Start, each place in order, and where he stands")
    assert route[0][:3] == ["TH:Start", "TD:1", "TD:Start: each round ends here, every card pays its value"], route[0]
    assert ["TH:step 2", "TD:1", "TD:a capture of the Swindlers"] in [r[:3] for r in route]
    assert sum(1 for r in route if r[-1] == "TD:Ali Baba is here") == 1
    assert all(not re.fullmatch(r"TD:(S|T|D|R|TD|ST|⇄|\?|★|⌂|×50|#|→A)", cell) for r in route for cell in r)
    quarters = board_table(page, "Each quarter: its places on the route, and what one card of each gang costs to buy, "
                                 "and pays when sold, there")
    # Ali Baba is still in the first quarter: the two computer players moved him 10 steps at most
    assert ["TH:Quarter 3", "TD:step 27 to step 39", "TD:60 Piastres", "TD:100 Piastres", "TD:40 Piastres", "TD:80 Piastres"] in quarters
    players = board_table(page, "Each player's Piastres, movement cards and bandit cards")
    assert any(r[0].startswith("TH:" + me) and re.fullmatch(r"TD:\d+ Piastres", r[1]) for r in players), players
    assert page.locator("#sr-board th[scope=col]").count() >= 4

    person, seen, version = Hands(page), set(), 0
    moved = rf"{me} moved Ali Baba \d+ steps?\."
    for decision in range(MOST_DECISIONS):
        frame = _wait_for_my_move_or_end(page, version)
        if frame["status"] == "finished":
            break
        phase = frame["view"]["phase"]
        asked = ASKED.get(phase["name"])
        # "Your turn: <what this seat is asked>." reaches the log (a window says its kind)
        announced(page, "Your turn: " + re.escape(asked) if asked else "Your turn: ")
        if decision == 0:
            assert read_out(page, "clocks").startswith("Your decision: ")
            assert re.fullmatch(r"Your decision: \d:\d\d left\.", read_out(page, "clocks"))
        if not decide(page, person, frame, seen):
            continue
        version = frame["version"] + 1
        page.wait_for_function("(v) => window.__lastFrame.version >= v || window.__lastFrame.status === 'finished'",
                               arg=version, timeout=60_000)
        if phase["name"] == "turn" and "told" not in seen:  # a movement card played: its sentence is told
            seen.add("told")
            announced(page, rf"{me} played a \d\.")
        if decision + 1 >= DECISIONS and said(page, moved):
            break
    assert {"play", "told"} <= seen, seen
    announced(page, moved)

    hand = read_out(page, "hand")
    assert re.match(r"Your movement cards: \d(, \d)*\. ", hand), hand
    assert re.search(r"You have \d+ Piastres\.$", hand), hand
    assert read_out(page, "scores").startswith("Round 1. " + me + ": ")
    assert not (problems := violations(page)), "\n".join(problems)

    # the same panel in French: the typed command in French, the readout in French, no English of the game shown
    switch_language(page, "fr")
    page.wait_for_selector("#sr-board table caption")
    assert page.locator("#sr-board h4").first.text_content() == "Où se trouve Ali Baba"
    assert board_table(page, "Le parcours d’Ali Baba depuis le Départ, case après case, et où il se trouve")[0][0] == "TH:Départ"
    hand = read_out(page, "main")
    assert re.match(r"Vos cartes de déplacement : \d(, \d)*\. ", hand), hand
    assert re.search(r"Vous avez \d+ piastres\.$", hand), hand
    watch = Watch(page, "fr", "basra", "matches")
    watch.look("the panel in words, in French")
    assert not watch.english_seen, watch.english_seen
    assert not (problems := violations(page)), "\n".join(problems)

"""Sidi Baba in words (issue 36): a person with the screen-reader mode on sits as an Adventurer beside computer
players and plays the whole match, to its end screen, from what the accessibility tree exposes only: the panel
"In words" (the board in words, the readouts typed in its command field), the announcements log and the buttons
by their accessible names. Each move is decided from the words of the lamp's sight (daylight once the Treasure is
shared, else straight on where the move pad allows it, an opening beside, or turning round); every other question
(a character, Open Sesame, the loot, the dice, a padlock's tokens to hand out, a lamp to discard, the genie, the
line) is answered with the button the page names for it. Test ids only wait for the page to be ready. The lobby
part (the table, the computer players) is done as the tour does it: it is no part of the match.

The match is as short as the game allows: three seats, the shortest lamp (60 s) and the test corridor
(tests/e2e/test_sidibaba_play.py: 25 squares in one winding corridor, the Treasure at its far end, the only ways
out at its start): the line walks there and back, about 80 moves; the match took 38 s and 43 s of play on this
2-core machine (the test about 70 s with the site's start)."""
import contextlib
import re
import time
import uuid

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup
from tests.e2e.test_accessibility import violations
from tests.e2e.test_sidibaba_play import add_corridor_maze
from tests.e2e.tour import create_table, fill_with_bots, start

pytestmark = pytest.mark.e2e

PLAY_SECONDS = 300  # a match here takes about 40 s of play; a loaded machine is given several times that
# the answers besides moving, by the names of their buttons, the most pressing first (sidi_guide.js's order); "Give "
# is also a padlock's token handed out ("Give gold 1 to you"), which a run met only when the Leader's first Event was a
# padlock on the chest at the entrance: the match waited for it while the test knew no button to press
ANSWERS = [re.compile(p) for p in (
    r"^Be ", r"^Open Sesame!$", r"Roll the die$", r"^Give (?!a lamp to |one of my)", r"^Keep ", r"^Take ",
    r"^Discard one of my unlit lamps$", r"^Give one of my unlit lamps", r"^Discard an unlit lamp of ",
    r"gives an unlit lamp to the Leader$", r"^Decide the discard", r"^Offer nothing$", r"^Ask the genie now$",
    r"^Accept the line$", r"^Decide the line vote$",
)]
MOVE = {"A": r"^A: turn left", "B": r"^B: turn round", "C": r"^C: turn right", "E": r"^E: step ahead"}
OVER = "The match is over."


# What the site holds of a match, read in the site's own environment (either mode): told when a match did not end
SITE_MATCH = """
import json, time
from matches.models import Match
from matches.registry import get_game
match = Match.objects.get(pk={match_id})
state = match.state
keys = ("phase", "segment", "ends_at", "paused", "votes", "line", "lamps", "lit", "window", "line_vote", "keeps", "pending")
print(json.dumps({{
    "now": time.time(), "status": match.status, "version": match.version, "step_version": match.step_version,
    "next_deadline": match.next_deadline.timestamp() if match.next_deadline else None, "bot_seats": match.bot_seats,
    "to_act": get_game(match.game).engine.to_act(state), "state": {{key: state.get(key) for key in keys}},
    "last_actions": [[row.seq, row.seat, row.action, row.server_time]
                     for row in match.actions.order_by("-seq")[:8]],
}}, default=str))
"""


def stalled_match(page, env) -> str:
    """The page's last frame and the site's match, for the message of a match that did not end."""
    match_id = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    seen = page.evaluate("() => { const f = window.__lastFrame; return f && [f.version, f.to_act, f.view && f.view.votes]; }")
    return f"the page's last frame (version, to act, votes): {seen}; the site: " \
        + manage(env, "shell", "-c", SITE_MATCH.format(match_id=match_id)).stdout.strip().splitlines()[-1]


def enabled_button(page, pattern):
    """The first enabled button the tree names so, or None."""
    buttons = page.get_by_role("button", name=re.compile(pattern) if isinstance(pattern, str) else pattern, disabled=False)
    return buttons.first if buttons.count() else None


def said(page):
    """What the announcements log holds (its sentences, oldest first)."""
    return page.get_by_role("log", name="Announcements").inner_text()


def sight(page):
    """What the lamp shows, as the board in words tells it (the paragraphs under its heading)."""
    board = page.get_by_role("region", name="In words").aria_snapshot()
    lines = board.splitlines()
    at = next((i for i, line in enumerate(lines) if "What the lamp shows" in line), None)
    if at is None:
        return ""
    words = []
    for line in lines[at + 1:]:
        if "heading" in line:
            break
        words.append(line)
    return "\n".join(words)


def move_from_words(words, shared, can_step):
    """The move the sight's words lead to: once the Treasure is shared, daylight (the way out); else a step ahead
    where the pad allows one, then an opening beside, else turning round. Daylight before the Treasure is shared
    is no way out (the pad does not offer the step)."""
    if shared:
        if "Daylight right ahead" in words or "Daylight ahead!" in words:
            return "E"
        if "Daylight on the left, beside you" in words:
            return "A"
        if "Daylight on the right, beside you" in words:
            return "C"
    if can_step:
        return "E"
    if "An opening on the left, beside you" in words:
        return "A"
    if "An opening on the right, beside you" in words:
        return "C"
    return "B"


def read(page, command):
    """Types a command in the panel's field and returns the readout the status region then says."""
    field = page.get_by_role("textbox", name=re.compile(r"^Command"))
    readout = page.get_by_role("region", name="In words").get_by_role("status")
    field.fill(command)
    field.press("Enter")
    expect(readout).not_to_be_empty()
    return readout.inner_text()


def wait_for_news(page, before, timeout=5_000):
    """Waits until the announcements log says something new (an event, the turn), or the timeout."""
    with contextlib.suppress(AssertionError):
        expect(page.get_by_role("log", name="Announcements")).not_to_have_text(before, timeout=timeout)


@pytest.mark.default_mode
def test_a_screen_reader_user_plays_a_whole_sidibaba_match_as_an_adventurer(live_server_url, e2e_env, new_page):
    add_corridor_maze(e2e_env)
    page = new_page()
    signup(page, live_server_url, f"ear{uuid.uuid4().hex[:6]}")
    page.get_by_role("button", name="Screen reader", exact=True).click()  # first in the site menu
    expect(page.get_by_role("button", name="Screen reader", exact=True)).to_have_attribute("aria-pressed", "true")
    create_table(page, live_server_url, "sidibaba", 3, host_role="adventurer", segment_seconds=60, maze="e2e-corridor")
    fill_with_bots(page, "explorer")
    start(page, 1)
    page.get_by_test_id("sr-board").get_by_role("heading").first.wait_for()  # the page is ready: its board in words
    assert not (problems := violations(page)), "\n".join(problems)  # axe-core, with the panel in words
    # the page lists its keys, Sidi Baba's votes by letter or arrow among them
    page.get_by_text("Keyboard", exact=True).click()
    expect(page.get_by_role("listitem").filter(has_text="vote the line's next move (an Adventurer)")).to_be_visible()

    moves, answers, sights = [], [], set()
    shared = asked_to_move = told_ahead = False
    started = time.monotonic()
    while OVER not in said(page):
        if time.monotonic() - started >= PLAY_SECONDS:
            pytest.fail(f"the match did not end: {len(moves)} moves; the last: {moves[-8:]}; {stalled_match(page, e2e_env)}")
        before = said(page)
        asked_to_move = asked_to_move or "Your turn: vote the next move." in before
        shared = shared or "The loot has been shared." in before
        told_ahead = told_ahead or "A corridor ahead" in before  # announced after a move, unasked
        asked = next((p for p in ANSWERS if enabled_button(page, p)), None)
        if asked:
            with contextlib.suppress(PlaywrightTimeout):  # a bot or the lead settled it under the press: look again
                page.get_by_role("button", name=asked, disabled=False).first.click(timeout=2_000)
                answers.append(asked.pattern)
            wait_for_news(page, before)
            continue
        words = sight(page)
        letter = move_from_words(words, shared, enabled_button(page, MOVE["E"]) is not None)
        button = enabled_button(page, MOVE[letter])
        voted = page.get_by_role("button", name=re.compile(r"votes: .*\byou\b")).count()
        if button and not voted:
            sights.add(words)
            # an Adventurer never sees the maze while the match runs: his board in words has no table of squares (the
            # end shows it, drawn in the same update as the match's end is announced)
            if page.get_by_role("region", name="In words").get_by_role("table").count():
                assert OVER in said(page)
            with contextlib.suppress(PlaywrightTimeout):
                button.click(timeout=2_000)
                moves.append((letter, words.replace("  - paragraph: ", "")))
            wait_for_news(page, before)
            continue
        call = enabled_button(page, r"^Go now \(lead\)$")
        if voted and call:  # I lead the line and voted: the companion had its chance
            wait_for_news(page, before, 2_000)
            if said(page) == before and (call := enabled_button(page, r"^Go now \(lead\)$")):
                with contextlib.suppress(PlaywrightTimeout):
                    call.click(timeout=2_000)
            continue
        wait_for_news(page, before)

    # the end screen says how it ended, and the panel reads it out
    ending = page.get_by_text(re.compile(r"^(The Adventurers escaped!|The Leader of the Thieves wins\.)$"))
    expect(ending.first).to_be_visible()
    assert len(moves) >= 10, moves
    assert any("A corridor ahead" in words for words in sights), sights
    assert asked_to_move and told_ahead  # the turn was announced with what it asked, a move with what lies ahead
    if page.get_by_text("The Adventurers escaped!", exact=True).count():
        assert shared  # the way out was taken once the log had told the Treasure's sharing
    assert "^Be " in answers, answers  # my character, chosen by its button's name
    assert read(page, "turn") == OVER
    scores = read(page, "scores")
    assert scores.startswith(("The Adventurers escaped.", "The Leader of the Thieves wins.")), scores
    assert read(page, "hand").startswith("You hold"), "hand"
    # once it is over the whole maze is shown: the board in words has it as a table, row by row
    table = page.get_by_role("table", name=re.compile(r"^The maze.*row by row$"))
    expect(table).to_be_visible()
    expect(table.get_by_role("rowheader", name="Row 1, column 1")).to_be_visible()
    assert not (problems := violations(page)), "\n".join(problems)
    print(f"{len(moves)} moves, answers: {answers}, {time.monotonic() - started:.0f} s")


@pytest.mark.default_mode
def test_the_leader_with_the_mode_on_sets_up_by_name_and_walks_the_maze_in_words(live_server_url, e2e_env, new_page):
    """The Leader's side, as far as the line's first steps: his set-up by the squares' accessible names, then his
    board in words: the maze as a table of squares, where the line stands, and his Event cards."""
    add_corridor_maze(e2e_env)
    page = new_page()
    signup(page, live_server_url, f"ear{uuid.uuid4().hex[:6]}")
    page.get_by_role("button", name="Screen reader", exact=True).click()
    create_table(page, live_server_url, "sidibaba", 3, host_role="leader", segment_seconds=60, maze="e2e-corridor")
    fill_with_bots(page, "explorer")
    start(page, 0)
    page.get_by_test_id("sr-board").get_by_role("heading").first.wait_for()  # the page is ready: its board in words

    # the Treasure at the corridor's far end, five chests along its middle row, then the entrance; each placing is
    # waited for by its own sentence (a wait for any news could end on another line, and the next click then fell
    # on a board still being drawn: a chest went missing and the entrance never came, on a loaded machine)
    announcements = page.get_by_role("log", name="Announcements")
    placings = [("row 5, column 5", "You hide the Treasure at row 5, column 5.")]
    placings += [(f"row 3, column {c}", f"You place a chest at row 3, column {c}.") for c in range(1, 6)]
    for square, sentence in placings:
        page.get_by_role("button", name=square, exact=True).click()
        expect(announcements).to_contain_text(sentence, timeout=15_000)
    page.get_by_role("button", name=re.compile(r"^the opening by row 1, column 1$")).first.click()

    table = page.get_by_role("table", name="The maze Test corridor, row by row")
    expect(table).to_be_visible()
    expect(table.get_by_role("row", name=re.compile(r"^Row 5, column 5 .*the Treasure, closed"))).to_be_visible()
    expect(table.get_by_role("row", name=re.compile(r"^Row 3, column 3 .*a closed chest"))).to_be_visible()
    # the bot Adventurers enter and walk: the line is on its square, facing its way
    expect(table.get_by_role("row", name=re.compile(r"the line, facing (north|east|south|west)"))).to_have_count(1, timeout=60_000)
    region = page.get_by_role("region", name="In words")
    expect(region.get_by_role("heading", name="Your Event cards")).to_be_visible()
    assert "You hide the Treasure at row 5, column 5." in said(page)
    assert read(page, "hand").startswith(("Your Event cards: ", "You hold no Event card.")), "hand"

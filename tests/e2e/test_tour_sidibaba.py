"""A newcomer's tour of Sidi Baba (issue 21, item 5): signed up, on a 390 px phone, in English and in French, a
person creates a three-seat table in the lobby (the shortest lamp, 60 s, and the short test corridor maze so
that a whole match ends in about two minutes), asks for a role, puts Explorers in the other seats, starts, and
plays the whole match to the game-over screen:
- as an Adventurer: a character and Open Sesame clicked, every move voted with the keys (the arrows and the
  letters, following the companion's vote: the corridor has one way on), another order of the line proposed
  once with the line editor, every take, roll, keep, give, discard, genie and line vote answered with its
  button, until the line escapes or the lamps run out;
- as the Leader: the Treasure, the chests and the entrance clicked on his map, then each of his answers (an
  Event played once, then "Pass"; a theft) clicked until the end.
In French both roles play by keyboard alone (Tab to each control and Enter; the moves by their keys: issue 36).
It fails on a console error or an unhandled rejection, a server traceback, a page wider than the phone, or
English on the French page."""
import contextlib
import time
import uuid

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.helpers import signup
from tests.e2e.test_sidibaba_play import add_corridor_maze, frame, pad_offers_the_legal_moves
from tests.e2e.tour import Hands, Watch, choose_language, create_table, fill_with_bots, phone_page, scroll_to, start

pytestmark = pytest.mark.e2e

PLAY_SECONDS = 240  # the bots escape in about 70 moves; a loaded machine is given twice that
KEYS = {"A": "ArrowLeft", "C": "ArrowRight", "E": "ArrowUp", "B": "ArrowDown"}
# an Adventurer's answers besides moving, in the order a newcomer would pick them
ANSWERS = ("take-", "roll", "keep-", "give-", "discard-", "call-discard", "confirm", "offer-send", "vote-line-yes",
           "call-line-vote", "open-sesame", "call-move")
OVER = "() => { const f = window.__lastFrame; return f.status === 'finished' || f.view.phase === 'over'; }"


def over(f):
    return f["status"] == "finished" or f["view"]["phase"] == "over"


def click_first(page, prefixes, person):
    """Press (tap, or reach by keyboard: ``person``, tour.Hands) the first enabled button whose test id starts with
    one of ``prefixes`` (in that order)."""
    for prefix in prefixes:
        selector = f"[data-testid^='{prefix}']:not([disabled])"
        if page.locator(selector).count():
            return person.press(selector)
    return False


def wait_change(page, version, timeout=3_000):
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => window.__lastFrame.version !== {version}", timeout=timeout)


def propose_a_line(page, f, me, person):
    """Open "Propose another order for the line", move myself one place and propose it; True once it shows."""
    editor = page.locator("[data-testid=line-editor]")
    if not editor.count() or f["view"].get("line_vote"):
        return False
    line = f["view"]["line"]
    person.press("[data-testid=line-editor] summary")
    person.press(f"[data-testid=line-{'up' if line.index(me) else 'down'}-{me}]")
    person.press("[data-testid=propose-line]")
    page.wait_for_function(f"() => window.__lastFrame.view.line_vote || window.__lastFrame.version > {f['version']}")
    return True


def vote_with_a_key(page, f, me, companion):
    """Vote the companion's move (or forward) with its key; True once the vote or the move shows."""
    votes = {m for a in f["legal"] if a["type"] == "vote_move" for m in a["move"]["one_of"]}
    pad_offers_the_legal_moves(page)
    wait_change(page, f["version"], 2_000)  # the companion (a bot) votes first most of the time
    g = frame(page)
    if g["version"] != f["version"] and g["view"]["votes"][companion] is None:
        return False  # something else happened meanwhile: look again
    theirs = g["view"]["votes"][companion]
    letter = theirs if theirs in votes else ("E" if "E" in votes else sorted(votes)[0])
    page.keyboard.press(KEYS.get(letter, letter.lower()))
    try:
        page.wait_for_function(f"() => window.__lastFrame.version > {g['version']}", timeout=5_000)
    except PlaywrightTimeout:
        return False
    return True


@pytest.mark.default_mode
@pytest.mark.parametrize("language, hands", [("en", "touch"), ("fr", "keyboard")])
def test_a_newcomer_plays_a_whole_sidibaba_match_as_an_adventurer_on_a_phone(live_server_url, e2e_env, browser, language, hands):
    add_corridor_maze(e2e_env)
    page = phone_page(browser)
    try:
        signup(page, live_server_url, f"tour{uuid.uuid4().hex[:6]}")
        choose_language(page, live_server_url, language)
        create_table(page, live_server_url, "sidibaba", 3, host_role="adventurer", segment_seconds=60, maze="e2e-corridor")
        fill_with_bots(page, "explorer")
        start(page, 1)
        watch = Watch(page, language, "sidibaba", "matches")
        person = Hands(page, keyboard=hands == "keyboard")
        watch.look("the set-up")

        moments, votes, proposed, sights = set(), 0, False, set()
        started = time.monotonic()
        while not over(frame(page)):
            assert time.monotonic() - started < PLAY_SECONDS, "the match did not end"
            f = frame(page)
            view = f["view"]
            moment = view["phase"] + ":" + ((view.get("pending") or {}).get("kind") or "")
            moments.add(moment)
            watch.look(moment)
            if view.get("sight"):  # the picture's name tells what it shows (issue 36)
                sights.add(page.get_attribute("[data-testid=sight-canvas]", "aria-label"))
            if 1 not in f["to_act"]:
                wait_change(page, f["version"])
                continue
            if f["view"]["phase"] == "setup" and any(a["type"] == "choose_character" for a in f["legal"]):
                click_first(page, ("character-",), person)
            elif any(a["type"] == "vote_move" for a in f["legal"]) and view["votes"][1] is None:
                if not proposed and votes >= 3 and any(a["type"] == "propose_line" for a in f["legal"]):
                    proposed = propose_a_line(page, f, 1, person)
                    continue
                votes += vote_with_a_key(page, f, 1, 2)
                continue
            elif not click_first(page, ANSWERS, person):
                wait_change(page, f["version"], 1_000)
                continue
            wait_change(page, f["version"], 5_000)

        scroll_to(page, "[data-testid=game-over]")
        watch.look("the game over")
        assert votes >= 10 and proposed, (votes, proposed, sorted(moments))
        corridor = "Un couloir devant, " if language == "fr" else "A corridor ahead, "
        assert any(corridor in (sight or "") for sight in sights), sights
        assert not person.keyboard or person.presses >= 4, person.presses  # a character, Open Sesame, the line
        watch.assert_clean()
    finally:
        page.context.close()


def lead_to_the_end(page, watch, person):
    """The Leader's whole match from his first frame: the set-up on his map (the Treasure and the chests as near
    the entrance as allowed, then the entrance), then his answers (one Event, then a theft or "Pass") until the
    game is over. Returns the answers given."""
    while not any(a["type"] == "choose_entrance" for a in frame(page)["legal"]):
        f = frame(page)
        cells = sorted(c for a in f["legal"] if a["type"] in ("place_treasure", "place_chest") for c in a["cell"]["one_of"])
        assert cells, f["legal"]
        person.press(f"[data-testid=cell-{cells[0]}]")
        page.wait_for_function(f"() => window.__lastFrame.version > {f['version']}")
    watch.look("the entrance")
    person.press("[data-testid^=opening-]")

    answered = []
    started = time.monotonic()
    while not over(frame(page)):
        assert time.monotonic() - started < PLAY_SECONDS, "the match did not end"
        f = frame(page)
        types = {a["type"] for a in f["legal"]}
        watch.look(f["view"]["phase"] + ":" + ":".join(sorted(types)))
        if 0 not in f["to_act"] and not types & {"play_event", "pass", "steal"}:
            wait_change(page, f["version"])
            continue
        simple = [a for a in f["legal"] if a["type"] == "play_event" and "path" not in a and "cell" not in a]
        if "event" not in answered and simple:
            if click_first(page, (f"event-{simple[0]['event']}-{simple[0]['use']}",), person):
                answered.append("event")
        elif click_first(page, ("steal-", "event-pass"), person):
            answered.append("answer")
        else:
            wait_change(page, f["version"], 1_000)
            continue
        wait_change(page, f["version"], 5_000)
    scroll_to(page, "[data-testid=game-over]")
    watch.look("the game over")
    return answered


def start_as_the_leader(page, base_url, e2e_env, language):
    add_corridor_maze(e2e_env)
    signup(page, base_url, f"tour{uuid.uuid4().hex[:6]}")
    choose_language(page, base_url, language)
    create_table(page, base_url, "sidibaba", 3, host_role="leader", segment_seconds=60, maze="e2e-corridor")
    fill_with_bots(page, "explorer")
    start(page, 0)


@pytest.mark.default_mode
@pytest.mark.parametrize("language, hands", [("en", "touch"), ("fr", "keyboard")])
def test_a_newcomer_plays_a_whole_sidibaba_match_as_the_leader_on_a_phone(live_server_url, e2e_env, browser, language, hands):
    page = phone_page(browser)
    try:
        start_as_the_leader(page, live_server_url, e2e_env, language)
        watch = Watch(page, language, "sidibaba", "matches")
        watch.look("the set-up")
        person = Hands(page, keyboard=hands == "keyboard")
        answered = lead_to_the_end(page, watch, person)
        assert answered, "the Leader answered nothing"
        assert not person.keyboard or person.presses >= 7, person.presses  # the set-up's six squares, the entrance
        watch.assert_clean()
    finally:
        page.context.close()

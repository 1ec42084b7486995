"""People play Sidi Baba in the browser with bots: an Adventurer (the first-person canvas, the votes, the
hourglass, a chest, a lamp's end) and the Leader (his setup on the map, an Event); then a finished
match is replayed on the same page."""
import contextlib
import json
import re
import time
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import manage
from tests.e2e.helpers import login, open_replay, signup, simulated_match_ids
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PLAY_SECONDS = 150  # one lamp (60 s, the shortest) and more: long enough to see it expire on a loaded machine


def row(page, seat):
    return page.locator(f"tr[data-seat='{seat}']")


def create_table(page, base_url, maze):
    page.goto(base_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("sidibaba")
    form.locator("input[name=seats]").fill("3")
    form.locator("input[name=segment_seconds]").fill("60")
    form.locator("select[name=maze]").select_option(maze)
    submit_table_form(page, form)


def frame(page):
    return page.evaluate("window.__lastFrame")


def wait_newer(page, version, timeout=30_000):
    page.wait_for_function(f"() => window.__lastFrame && window.__lastFrame.version > {version}", timeout=timeout)


def legal_of(page, kind):
    return [a for a in frame(page)["legal"] if a["type"] == kind]


def canvas(page):
    return page.evaluate("document.querySelector('[data-testid=sight-canvas]').toDataURL()")


def settled(page):
    page.wait_for_function("!document.querySelector('[data-testid=sight-canvas]').dataset.animating")


def offered_moves(page):
    return set(page.eval_on_selector_all("[data-testid^=move-][data-legal='1']", "els => els.map(e => e.dataset.testid.slice(5))"))


def pad_offers_the_legal_moves(page, timeout=5_000):
    """The move pad offers exactly the moves the newest frame allows. Read together in the page and waited
    for: a frame arriving between reading it and reading the pad once made a stale comparison fail."""
    page.wait_for_function("""() => {
      const legal = new Set((window.__lastFrame.legal || []).filter(a => a.type === 'vote_move').flatMap(a => a.move.one_of));
      const offered = [...document.querySelectorAll("[data-testid^=move-][data-legal='1']")].map(e => e.dataset.testid.slice(5));
      return offered.length === legal.size && offered.every(m => legal.has(m));
    }""", timeout=timeout)


def answer_anything(page, f):
    """Answer whatever the table asks of this Adventurer besides moving (a take, a roll, a keep, a discard)."""
    for testid in ("take-", "roll", "keep-", "discard-", "call-discard", "give-", "confirm"):
        buttons = page.locator(f"[data-testid^='{testid}']:not([disabled])")
        if buttons.count():
            try:
                buttons.first.click(timeout=3_000)
            except PlaywrightTimeout:  # the decision was settled meanwhile (the lead called it, a bot answered)
                return False
            return True
    return False


# A 5x5 corridor winding from square 0 (both openings there) to square 24. The bot Leader hides the Treasure
# farthest from the openings (24) and spreads his five chests at least three squares apart along the only
# path, so the first chest lies within a few squares of the entrance: the line cannot miss it.
CORRIDOR = {"rows": 5, "cols": 5, "openings": [[0, 0, "N"], [0, 0, "W"]],
            "cells": ["E EW EW EW SW", "ES EW EW EW NW", "NE EW EW EW SW", "ES EW EW EW NW", "NE EW EW EW W"]}


def add_corridor_maze(env):
    manage(env, "shell", "-c",
           "from sidibaba.models import Maze; Maze.objects.update_or_create(key='e2e-corridor', "
           f"defaults={{'name': 'Test corridor', 'data': {json.dumps(CORRIDOR)}}})")


@pytest.mark.default_mode
@pytest.mark.both_modes  # a whole match in a browser against each mode's site
def test_a_person_plays_an_adventurer_with_bots(live_server_url, e2e_env, new_page):
    add_corridor_maze(e2e_env)
    page = signup(new_page(), live_server_url, f"adv{uuid.uuid4().hex[:6]}")
    create_table(page, live_server_url, "e2e-corridor")
    assert [r.strip() for r in page.locator("[data-testid=seat-role]").all_inner_texts()][:1] != [""]
    row(page, 1).locator("select[name=bot]").select_option("explorer")
    row(page, 1).locator("[data-testid=add-bot]").click()
    row(page, 1).locator("[data-testid=seat-bot]").wait_for()
    row(page, 2).locator("select[name=bot]").select_option("explorer")
    row(page, 2).locator("[data-testid=add-bot]").click()
    row(page, 2).locator("[data-testid=seat-bot]").wait_for()
    row(page, 1).locator("select[name=to]").select_option("0")  # the bot leads the thieves; I take seat 1
    row(page, 1).locator("[data-testid=move-seat]").click()
    row(page, 0).locator("[data-testid=seat-bot]").wait_for()
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 1")
    assert page.locator("[data-testid=sidi-map]").is_hidden()  # no map for an Adventurer

    # setup: a character, then Open Sesame (I lead the line) once the Leader has placed everything
    for _attempt in range(5):  # a bot may take the same character at the same moment: choose again
        try:
            page.locator("[data-testid^=character-]").first.click(timeout=5_000)
            page.wait_for_function("() => window.__lastFrame.view.characters[1] !== null", timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    page.wait_for_function("() => window.__lastFrame.view.characters[1] !== null")
    try:
        page.wait_for_function("() => window.__lastFrame.view.phase === 'play'"
                               " || window.__lastFrame.legal.some(a => a.type === 'open_sesame')", timeout=60_000)
    except PlaywrightTimeout:
        g = frame(page)
        print("SETUP", g["legal"], {k: g["view"][k] for k in ("characters", "line", "setup_ready", "line_vote", "phase")})
        page.screenshot(path=str(ARTIFACTS / "sidibaba-adventurer-setup.png"))
        raise
    if legal_of(page, "open_sesame"):
        page.click("[data-testid=open-sesame]")
    page.wait_for_function("() => window.__lastFrame.view.phase === 'play' && window.__lastFrame.legal.some(a => a.type === 'vote_move')")
    assert int(page.get_attribute("[data-testid=sight-canvas]", "data-drawn")) >= 1
    first = int(page.get_attribute("[data-testid=hourglass]", "data-seconds"))
    page.wait_for_timeout(2200)
    assert int(page.get_attribute("[data-testid=hourglass]", "data-seconds")) < first
    page.screenshot(path=str(ARTIFACTS / "sidibaba-adventurer-start.png"))

    seen = {"voted": False, "turned": False, "chest": False, "lamp_expired": False}
    started = time.monotonic()
    while time.monotonic() - started < PLAY_SECONDS and not all(seen.values()):
        f = frame(page)
        if f["status"] == "finished" or f["view"]["phase"] == "over":
            break
        seen["chest"] |= f["view"]["chests_opened"] > 0 or f["view"]["treasure"] != "closed"
        seen["lamp_expired"] |= f["view"]["segment"] >= 2
        votes = [m for a in legal_of(page, "vote_move") for m in a["move"]["one_of"]]
        # once I have voted, turned and opened a chest I stop walking (the line waits for its lead) until the lamp
        # goes out: in a short corridor the bots would otherwise reach the Treasure and escape before it does
        walking = not (seen["voted"] and seen["turned"] and seen["chest"])
        if votes and walking and f["view"]["votes"][1] is None:
            pad_offers_the_legal_moves(page)
            # the corridor has one way on: I follow my bot companion's vote (an explorer remembers where it has been)
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(f"() => window.__lastFrame.version !== {f['version']}"
                                       " || window.__lastFrame.view.votes[2] !== null", timeout=4_000)
            g = frame(page)
            if g["version"] != f["version"] and g["view"]["votes"][2] is None:
                continue  # something else happened meanwhile: look again
            companion = g["view"]["votes"][2]
            letter = companion if companion in votes else ("E" if "E" in votes else votes[0])
            settled(page)
            before = canvas(page)
            if letter in ("A", "C", "E", "B"):
                page.keyboard.press({"A": "ArrowLeft", "C": "ArrowRight", "E": "ArrowUp", "B": "ArrowDown"}[letter])
            else:
                page.keyboard.press(letter.lower())
            moved = (f"() => window.__lastFrame.view.moves_made > {g['view']['moves_made']}"
                     f" || window.__lastFrame.view.segment > {g['view']['segment']}"
                     " || window.__lastFrame.view.pending !== null")
            try:
                # my vote shows (or the move ran at once); a frame that changed under the key press is tried again
                page.wait_for_function(f"() => window.__lastFrame.view.votes[1] === '{letter}' || ({moved})()", timeout=5_000)
                seen["voted"] = True
                page.wait_for_function(moved, timeout=30_000)
            except PlaywrightTimeout:
                continue
            if letter in ("A", "C", "D", "F") and frame(page)["view"]["moves_made"] > g["view"]["moves_made"]:
                settled(page)
                if canvas(page) != before:  # the view turned
                    seen["turned"] = True
                    page.screenshot(path=str(ARTIFACTS / "sidibaba-adventurer-turned.png"))
            continue
        if answer_anything(page, f):
            wait_newer(page, f["version"])
            continue
        page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-adventurer-end.png"))
    print("seen:", seen)
    assert seen == {"voted": True, "turned": True, "chest": True, "lamp_expired": True}
    # the log tells it in words
    log = page.eval_on_selector_all("[data-testid=event-log] li", "els => els.map(e => e.dataset.code + ': ' + e.textContent)")
    assert "lamp_expired: Lamp 1 has gone out." in log


def test_a_person_plays_the_leader_with_bot_adventurers(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"ldr{uuid.uuid4().hex[:6]}")
    create_table(page, live_server_url, "leader")
    row(page, 1).locator("select[name=bot]").select_option("explorer")
    row(page, 1).locator("[data-testid=add-bot]").click()
    row(page, 1).locator("[data-testid=seat-bot]").wait_for()
    row(page, 2).locator("select[name=bot]").select_option("explorer")
    row(page, 2).locator("[data-testid=add-bot]").click()
    row(page, 2).locator("[data-testid=seat-bot]").wait_for()
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")

    # the setup on the map: the maze, the Treasure, five chests, the entrance
    page.click("[data-testid=maze-grotto]")
    page.wait_for_selector("[data-testid=cell-0]")
    for step in range(6):
        f = frame(page)
        cells = [c for a in f["legal"] if a["type"] in ("place_treasure", "place_chest") for c in a["cell"]["one_of"]]
        targets = page.eval_on_selector_all("[data-target='1']", "els => els.map(e => +e.dataset.testid.split('-')[1])")
        assert sorted(targets) == sorted(cells)  # the map offers exactly the legal squares
        page.click(f"[data-testid=cell-{cells[-1] if step == 0 else cells[len(cells) // 2]}]")
        placed = (f["view"]["treasure_at"] is not None) + len(f["view"]["chests"]["closed"])
        page.wait_for_function(f"() => {{ const v = window.__lastFrame.view;"
                               f" return (v.treasure_at !== null) + v.chests.closed.length > {placed}; }}")
    page.screenshot(path=str(ARTIFACTS / "sidibaba-leader-setup.png"))
    f = frame(page)
    assert [a["type"] for a in f["legal"]] == ["choose_entrance"]
    page.click("[data-testid=opening-0]")
    # the bot Adventurers choose their characters and open; the Leader waits for a step to answer
    page.wait_for_function("() => window.__lastFrame.legal.some(a => a.type === 'play_event' || a.type === 'pass')", timeout=90_000)
    page.wait_for_selector("[data-testid=map-party]")
    assert page.locator("[data-testid=sight-canvas]").is_visible()  # the Adventurers' view, small
    # the window closes when the Adventurers (fast bots) move on: try again at the next one
    played = False
    for _attempt in range(10):
        # the step's event is read in the same evaluation that saw it offered: a later read may find the window shut
        play = page.wait_for_function("() => window.__lastFrame.legal.find(a => a.type === 'play_event')",
                                      timeout=90_000).json_value()
        # a click that loses the race with a closing window is refused as stale: only the last attempt counts
        page.evaluate("delete document.body.dataset.lastError")
        try:
            page.click(f"[data-testid=event-{play['event']}-{play['use']}]", timeout=3_000)
            if "path" in play or "cell" in play:
                page.screenshot(path=str(ARTIFACTS / "sidibaba-leader-event.png"))
                page.locator("[data-target='1']").first.click(timeout=3_000)
            page.wait_for_function("() => (window.__lastFrame.events || []).some(e => e.code === 'event_played')", timeout=5_000)
            played = True
            break
        except Exception:  # noqa: BLE001 - the window closed under the click: the next step opens another
            continue
    assert played
    assert page.evaluate("document.body.dataset.lastError || ''") == ""
    page.screenshot(path=str(ARTIFACTS / "sidibaba-leader-played.png"))


def test_a_finished_sidibaba_match_is_replayed_on_its_page(live_server_url, e2e_env, new_page):
    out = manage(e2e_env, "simulate", "sidibaba", "--matches", "1", "--players", "3", "--seed", "4",
                 "--option", "maze=grotto", "--verbosity", "0").stdout
    assert "0 errors" in out
    page = new_page()
    login(page, live_server_url, "alice")
    open_replay(page, live_server_url, *simulated_match_ids(out))
    page.goto(page.url + "?seat=1")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    last = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(last // 2))
    page.wait_for_function(f"window.__lastFrame.version === {last // 2}")
    if frame(page)["view"].get("sight"):
        assert int(page.get_attribute("[data-testid=sight-canvas]", "data-drawn")) >= 1
    page.fill("#replay-slider", str(last))
    page.wait_for_function(f"window.__lastFrame.version === {last}")
    page.wait_for_selector("[data-testid=game-over]")
    page.wait_for_selector("[data-testid=cell-0]")  # the whole maze is shown at the end
    page.screenshot(path=str(ARTIFACTS / "sidibaba-replay-end.png"))

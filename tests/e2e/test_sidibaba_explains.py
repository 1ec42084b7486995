"""Sidi Baba explains itself while you play (issue 21), in English and French: the loot on the table is
readable by every seat that may see it (not only the one whose turn it is to take, and in a replay), the
genie offer's jewels are readable, the prompts say "you" in the right grammar and name what a discard
does, the set-up clock is not "Lamp 0", the genie's answer goes once its moves are made, the line editor
opens only when asked, the log keeps its numbers, folds the votes and names squares by row and
column, and the Leader's map has a legend. Drawn by the match page's renderers in chromium from engine states (no server)."""
import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from sidibaba import engine
from tests.e2e.helpers import harness_page, visible_in_viewport
from tests.e2e.test_sidibaba_page import HARNESS, NAMES, SCRIPTS
from tests.sidibaba.helpers import act, edit, give_tokens, move, set_up
from tests.sidibaba.test_chest import at_chest, no_curse_bag

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "sidibaba"
INK = "rgb(43, 33, 24)"

WORDS = {
    "en": {
        "sharing_other": "Sharing the loot: {name} takes next",
        "sharing_you": "Sharing the loot: your turn to take one",
        "discard_mine_leader": "Give one of my unlit lamps to the Leader",
        "discard_other": "Discard an unlit lamp of {name}",
        "hint_leader": "You met the Leader",
        "hint_curse": "A curse",
        "propose_you": "You propose the line: ",
        "dice": "Dice: {name} rolls next",
        "setup": "Set-up: ",
        "lamp": "Lamp ",
        "votes": "Votes: ",
        "square": "The line is at row {row}, column {col}.",
        "genie": "The genie says: ",
        "chest": "a closed chest",
        "loot": "On the table: ",
    },
    "fr": {
        "sharing_other": "Partage du butin : {name} choisit maintenant",
        "sharing_you": "Partage du butin : à vous d'en prendre un",
        "discard_mine_leader": "Donner une de mes lampes éteintes au Chef",
        "discard_other": "Défausser une lampe éteinte de {name}",
        "hint_leader": "Vous avez rencontré le Chef",
        "hint_curse": "Une malédiction",
        "propose_you": "Vous proposez la file : ",
        "dice": "Dés : {name} lance maintenant",
        "setup": "Mise en place : ",
        "lamp": "Lampe ",
        "votes": "Votes : ",
        "square": "La file est en ligne {row}, colonne {col}.",
        "genie": "Le génie répond : ",
        "chest": "un coffre fermé",
        "loot": "Sur la table : ",
    },
}


def page_blocks(language):
    """The renderers' elements exactly as match.html renders them (the strings come from the catalogue)."""
    source = (APP / "templates/sidibaba/match.html").read_text()
    renderers = re.search(r"{% block renderers %}(.*?){% endblock %}", source, re.S).group(1)
    with translation.override(language):
        return Template("{% load i18n static %}" + renderers).render(Context({}))


@pytest.fixture(params=["en", "fr"])
def page(request, browser):
    scripts = [
        APP / "static/sidibaba" / s for s in ("sidi_common.js", "sidi_guide.js") + tuple(s for s in SCRIPTS if s != "sidi_common.js")
    ]
    # the site's own styles too (its red buttons): the loot must read on the page's real styles
    with harness_page(browser, page_blocks(request.param), styles=[ROOT / "static/css/site.css", APP / "static/sidibaba/sidibaba.css"],
                      scripts=scripts, harness=HARNESS, language=request.param) as pg:
        pg.evaluate("window.__now = 10")
        pg.words = WORDS[request.param]
        yield pg


def show(page, state, seat, version=1, events=(), view_seat=None):
    frame = {"type": "view", "match": 1, "version": version, "seat": seat, "status": "running",
             "view": engine.view(state, seat if view_seat is None else view_seat),
             "legal": engine.legal_actions(state, seat) if isinstance(seat, int) else [],
             "to_act": [], "events": list(events), "server_time": 10.0}
    page.evaluate("([f, e]) => window.__update(f, e)", [json.loads(json.dumps(frame)), list(events)])



def sharing_state():
    state = at_chest()
    state = edit(state, bag=no_curse_bag(state))
    state = move(state, "E")
    assert state["pending"][0]["kind"] == "sharing" and engine.to_act(state) == [1]
    return state


@pytest.mark.parametrize("viewer", [2, 0, None, "all"])
def test_the_loot_on_the_table_is_readable_by_every_seat_that_may_see_it(page, viewer):
    state = sharing_state()
    faces = engine.view(state, 2)["pending"]["table"]
    assert engine.hidden_leaks(state, viewer, engine.view(state, viewer)) == []
    page.evaluate(f"window.__mount({json.dumps(viewer if isinstance(viewer, int) else None)})")
    show(page, state, viewer if isinstance(viewer, int) else None, view_seat=viewer)
    assert page.inner_text("[data-testid=sharing]") == page.words["sharing_other"].format(name=NAMES[1])
    for slot, kind in enumerate(faces):
        button = page.locator(f"[data-testid=take-{slot}]")
        chip = button.locator(".sidi-token")
        assert button.is_disabled() and visible_in_viewport(chip)
        assert chip.inner_text().strip() and button.get_attribute("data-kind") == kind
        assert chip.evaluate("el => getComputedStyle(el).color") == INK  # dark on the light chip, not white on cream
        assert button.evaluate("el => getComputedStyle(el).opacity") == "1"
        assert button.get_attribute("title")  # what the token is worth, in words
    # the log says what the chest held, for everyone
    opened = {"code": "chest_opened", "treasure": False, "table": faces, "curses": 0, "version": 1, "visible_to": "all"}
    show(page, state, viewer if isinstance(viewer, int) else None, version=1, events=[opened], view_seat=viewer)
    assert page.words["loot"] in page.inner_text("[data-testid=event-log]")
    # the taker gets the same faces with live buttons
    page.evaluate("window.__mount(1)")
    show(page, state, 1, version=2)
    assert page.inner_text("[data-testid=sharing]") == page.words["sharing_you"]
    assert not page.locator("[data-testid=take-0]").is_disabled()


def test_the_genie_offer_jewels_read_dark_on_light(page):
    state = give_tokens(move(set_up(players=4), "E"), 1, ["way_treasure"])
    genie = next(a for a in engine.legal_actions(state, 1) if a["type"] == "use_genie")
    state, _ = engine.apply(state, 1, genie, 2.0)
    page.evaluate("window.__mount(2)")
    show(page, state, 2)
    chip = page.locator("[data-testid^=offer-token-] .sidi-token").first
    assert visible_in_viewport(chip) and chip.evaluate("el => getComputedStyle(el).color") == INK
    assert chip.get_attribute("title")


def test_the_prompts_say_you_and_what_a_discard_does(page):
    words = page.words
    base = set_up(players=4)
    met = edit(base, pending=[{"kind": "discard_vote", "dest": "leader", "votes": [None] * 4, "started": True}])
    page.evaluate("window.__mount(1)")
    show(page, met, 1)
    assert words["hint_leader"] in page.inner_text("[data-testid=prompt-hint]")
    assert page.inner_text("[data-testid=discard-1]") == words["discard_mine_leader"]
    cursed = edit(met, pending=[dict(met["pending"][0], dest="out")])
    show(page, cursed, 1, version=2)
    assert words["hint_curse"] in page.inner_text("[data-testid=prompt-hint]")
    assert page.inner_text("[data-testid=discard-2]") == words["discard_other"].format(name=NAMES[2])
    # my own proposal of the line, and the dice without empty brackets
    line = list(base["line"])
    proposed = act(base, 1, {"type": "propose_line", "line": line[::-1]})
    show(page, proposed, 1, version=3)
    assert page.inner_text("[data-testid=line-proposal]").startswith(words["propose_you"])
    dice = edit(base, pending=[{"kind": "dice", "mode": "padlock", "order_line": [2, 3, 1], "turn": 0, "rolled": [],
                                "started": True, "needed": [], "opener": None}])
    show(page, dice, 1, version=4)
    assert page.inner_text("[data-testid=dice]") == words["dice"].format(name=NAMES[2])
    assert "()" not in page.inner_text("[data-testid=pending]")


def test_the_set_up_clock_and_the_genie_answer_say_what_holds_now(page):
    state = engine.new_game(4, {"segment_seconds": 180, "maze": "grotto"}, 1, 0.0)
    page.evaluate("window.__mount(1)")
    show(page, state, 1)
    page.wait_for_function("document.querySelector('[data-testid=hourglass]').textContent.length > 0")
    clock = page.inner_text("[data-testid=hourglass]")
    assert clock.startswith(page.words["setup"]) and "0" not in clock.split(":")[0], clock
    played = set_up(players=4)
    answered = edit(played, last_answer={"genie": "way_exit", "moves": ["E", "D"], "after_moves": played["moves"]})
    show(page, answered, 1, version=2)
    assert page.inner_text("[data-testid=genie-answer]").startswith(page.words["genie"])
    assert page.inner_text("[data-testid=hourglass]").startswith(page.words["lamp"] + "1")
    later = edit(answered, moves=played["moves"] + 2)
    show(page, later, 1, version=3)
    assert page.locator("[data-testid=genie-answer]").count() == 0


def test_the_line_editor_opens_only_when_asked_and_follows_the_line(page):
    state = set_up(players=4)
    page.evaluate("window.__mount(1)")
    show(page, state, 1)
    editor = page.locator("[data-testid=line-editor]")
    assert not editor.evaluate("d => d.open")
    rotated = edit(state, line=state["line"][1:] + state["line"][:1])  # a curse sent the lead to the back
    show(page, rotated, 1, version=2)
    assert not page.locator("[data-testid=line-editor]").evaluate("d => d.open")
    assert page.locator("[data-testid=propose-line]").is_disabled()
    page.locator("[data-testid=line-editor] summary").click()
    page.click(f"[data-testid=line-down-{rotated['line'][0]}]")
    assert page.locator("[data-testid=line-editor]").evaluate("d => d.open")
    assert not page.locator("[data-testid=propose-line]").is_disabled()


def test_the_log_keeps_its_numbers_folds_the_votes_and_names_squares(page):
    state = set_up(players=4)
    events = [{"code": "lamp_lit", "seat": 1, "segment": 1, "version": 1, "visible_to": "all"}]
    version = 2
    for _move in range(25):  # twenty-five moves of this lamp, each after three votes
        for seat in (1, 2, 3):
            events.append({"code": "move_vote", "seat": seat, "move": "E", "version": version, "visible_to": "all"})
            version += 1
        events.append({"code": "moved", "move": "E", "stepped": True, "version": version, "visible_to": "all"})
        version += 1
    page.evaluate("window.__mount(0)")
    maze = engine.view(state, 0)["maze"]
    cell = 2 * maze["cols"] + 4
    events.append({"code": "position", "pos": [cell, 1], "version": version + 1, "visible_to": [0]})
    show(page, state, 0, version=version + 1, events=events)
    items = page.locator("[data-testid=event-log] li")
    texts = items.all_inner_texts()
    assert page.words["square"].format(row=3, col=5) in texts
    assert sum(1 for t in texts if t.startswith(page.words["votes"])) >= 1
    assert items.count() == 1 + 25 * 2 + 1  # the lamp, each move with one line of its votes, the square: not 75 vote lines
    # the list's numbers (three digits here) fit in the room left of the entries
    room = page.locator("[data-testid=event-log]").evaluate("el => parseFloat(getComputedStyle(el).paddingLeft)")
    width = page.evaluate("""() => { const s = document.createElement('span'); s.textContent = '100. ';
        document.querySelector('[data-testid=event-log] li').appendChild(s);
        const w = s.getBoundingClientRect().width; s.remove(); return w; }""")
    assert items.count() >= 10 and width <= room, (width, room)
    # the Leader's map has a legend of its marks, in words
    page.locator("[data-testid=map-legend] summary").click()
    legend = page.locator("[data-testid=map-legend]")
    assert page.words["chest"] in legend.inner_text() and visible_in_viewport(legend.locator("li").first)

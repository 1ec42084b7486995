"""The Leader is not left to guess (issue 21, item 6), in English and French: each Event card in his hand
says what it does (beside the cards and on each Play button), the characters say they play alike where they
are chosen, the chest window names the chest he is answering about (the square as the Adventurers would say
it) and every timed answer counts down on the server's clock, for the Leader and for the Adventurers.
Drawn by the match page's renderers in chromium from engine states (no server)."""
from pathlib import Path

import pytest

from sidibaba import engine
from tests.e2e.helpers import harness_page, visible_in_viewport
from tests.e2e.test_sidibaba_explains import page_blocks, show
from tests.e2e.test_sidibaba_page import HARNESS, SCRIPTS
from tests.sidibaba.helpers import edit, move, set_up
from tests.sidibaba.test_events import card, chest_ahead

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "sidibaba"

WORDS = {
    "en": {"illusion": "the chest disappears", "movement": "Walk your token 2 squares",
           "characters": "The six characters play alike", "chest": "found the closed chest at row 2, column 2",
           "others": "The Leader may answer with an Event before the chest opens.", "left": "{time} left to answer",
           "theft": "The Leader steals from Ann.", "grotto": "The Thieves' Grotto"},
    "fr": {"illusion": "le coffre disparaît", "movement": "Avancez votre pion de 2 cases",
           "characters": "Les six personnages jouent de la même façon", "chest": "ont trouvé le coffre fermé en ligne 2, colonne 2",
           "others": "Le Chef peut répondre par un Événement avant que le coffre s'ouvre.", "left": "{time} pour répondre",
           "theft": "Le Chef vole Ann.", "grotto": "La Grotte des voleurs"},
}


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



def test_each_event_card_in_the_leaders_hand_says_what_it_does(page):
    base = set_up()
    state = edit(base, pos=[2, 1])
    state = edit(state, event_hand=[card(base, "illusion", 2), card(base, "movement", 2)])
    state = move(state, "E")
    assert state["window"] is not None
    page.evaluate("window.__mount(0)")
    show(page, state, 0)
    help_list = page.locator("[data-testid=events-help]")
    assert visible_in_viewport(help_list)
    text = help_list.inner_text()
    assert page.words["illusion"] in text and page.words["movement"] in text
    # each Play button carries what its card does, in words
    plays = page.locator("[data-testid^=event-][data-testid*=-move]")
    assert plays.count() >= 1 and all(plays.nth(i).get_attribute("title") for i in range(plays.count()))


def test_the_characters_say_they_play_alike_where_they_are_chosen(page):
    state = engine.new_game(4, {"segment_seconds": 180, "maze": "grotto"}, 1, 0.0)
    page.evaluate("window.__mount(1)")
    show(page, state, 1)
    help_text = page.locator("[data-testid=characters-help]")
    assert visible_in_viewport(help_text) and help_text.inner_text().startswith(page.words["characters"])
    button = page.locator("[data-testid=character-aladdin]")
    assert button.get_attribute("title").startswith(page.words["characters"])


def test_the_chest_window_names_the_chest_and_counts_down_for_everyone(page):
    base = set_up()
    state = chest_ahead(base, card(base, "illusion", 2))  # the line steps onto the chest at cell 9 at t=1
    deadline = state["pending"][0]["deadline"]
    assert deadline == 1.0 + engine.game_data()["window_seconds"]
    page.evaluate("window.__mount(0)")
    show(page, state, 0)
    window = page.locator("[data-testid=chest-window]")
    assert visible_in_viewport(window) and page.words["chest"] in window.inner_text()
    left = page.words["left"].format(time="0:11")  # 21 - 10 on the server's clock
    assert page.inner_text("[data-testid=answer-clock]") == left
    assert visible_in_viewport(page.locator("[data-testid=events-clock]")) and page.inner_text("[data-testid=events-clock]") == left
    page.evaluate("window.__now = 15.5")
    page.wait_for_function("document.querySelector('[data-testid=events-clock]').dataset.seconds === '6'")
    assert page.inner_text("[data-testid=events-clock]") == page.words["left"].format(time="0:06")
    # an Adventurer is told the Leader may answer, with the same clock, and not where the chest is
    page.evaluate("window.__mount(1)")
    show(page, state, 1, version=2)
    assert page.inner_text("[data-testid=chest-window]").startswith(page.words["others"])
    assert page.inner_text("[data-testid=answer-clock]") == page.words["left"].format(time="0:06")


def test_the_leaders_theft_counts_down(page):
    state = edit(set_up(now=0.0), pos=[2, 1], leader_at=3)
    state = move(state, "E", now=1.0)
    assert state["pending"][0]["kind"] == "theft"
    page.evaluate("window.__mount(0)")
    show(page, state, 0)
    assert page.locator("[data-testid^=steal-]").count() >= 1
    assert visible_in_viewport(page.locator("[data-testid=events-clock]"))
    assert page.inner_text("[data-testid=theft]").startswith(page.words["theft"])  # the lead, Ann, is robbed first
    assert page.inner_text("[data-testid=answer-clock]") == page.words["left"].format(time="0:11")


def test_the_leader_chooses_the_maze_by_its_drawing_and_its_name_in_his_language(page):
    state = engine.new_game(4, {"segment_seconds": 180}, 1, 0.0)  # the Leader chooses the maze
    keys = [m["key"] for m in engine.view(state, 0)["maze_choices"]]
    assert len(keys) == 4
    page.evaluate("window.__mount(0)")
    show(page, state, 0)
    for key in keys:
        preview = page.locator(f"[data-testid=maze-{key}] [data-testid=maze-preview-{key}]")
        assert visible_in_viewport(preview) and preview.locator("line").count() > 20 and preview.locator("circle").count() >= 2
    assert page.inner_text("[data-testid=maze-grotto]").strip() == page.words["grotto"]
    # an Adventurer is sent no maze and shown none
    assert "maze_choices" not in engine.view(state, 1) and engine.hidden_leaks(state, 1, engine.view(state, 1)) == []
    page.evaluate("window.__mount(1)")
    show(page, state, 1, version=2)
    assert page.locator("[data-testid^=maze-preview-]").count() == 0

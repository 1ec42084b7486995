"""A newcomer learns the games from the site: the rules pages with their pictures, the links that lead
there, and the treasure cave's legend and prompt hints on the match page."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e

FIGURES = {"alibaba_tiles": ["pyramid", "colours", "sets"], "basra": ["board", "cards", "legend"], "sidibaba": ["tokens"]}


def _set_language(page, base_url, code):
    page.goto(base_url + "/")
    if page.locator("html").get_attribute("lang") == code:
        return
    with page.expect_navigation():
        page.select_option("select[name=language]", code)
    page.wait_for_load_state()


@pytest.mark.parametrize("language, heading", [("en", "How to play"), ("fr", "Comment jouer")])
def test_each_rules_page_shows_the_real_pieces_in_the_readers_language(live_server_url, new_page, language, heading):
    page = new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _set_language(page, live_server_url, language)
    for game, figures in FIGURES.items():
        page.goto(f"{live_server_url}/rules/{game}/")
        rules = page.locator("[data-testid=rules]")
        assert rules.locator("h2").first.inner_text() == heading
        for name in figures:
            picture = page.locator(f"[data-testid=figure-{name}]")
            picture.wait_for()
            assert picture.bounding_box()["width"] > 50
    # the cave's pictures are the match page's own tiles: coloured SVG tiles with their kind written on them
    page.goto(f"{live_server_url}/rules/alibaba_tiles/")
    page.locator("[data-testid=figure-pyramid]").wait_for()
    colours = page.locator("[data-testid=figure-colours] g.tile")
    assert colours.count() == 6
    assert page.locator("[data-testid=figure-pyramid] g.tile.takeable").count() == 1
    assert page.locator("[data-testid=figure-pyramid] .layer-dot").count() > 9
    # basra: the whole board with Ali Baba; sidibaba: the page's token chips
    page.goto(f"{live_server_url}/rules/basra/")
    page.locator("[data-testid=figure-legend]").wait_for()
    assert page.locator("[data-testid=figure-board] .space").count() > 50
    # and the legend of its symbols and card numbers, in words of the reader's language (issue 21)
    legend = page.locator("[data-testid=figure-legend]")
    assert legend.locator("li").count() > 20 and legend.locator("li").first.is_visible()
    words = {"en": "a capture of the Thieves and Defrauders", "fr": "une capture des Voleurs et Fraudeurs"}[language]
    assert words in legend.inner_text()
    page.goto(f"{live_server_url}/rules/sidibaba/")
    # the pictures are drawn by a module that waits for the language's catalogue: wait for them as a reader does
    page.locator("[data-testid=figure-tokens]").wait_for()
    assert page.locator("[data-testid=figure-tokens] .sidi-token.curse").count() == 1
    # every Event card and the characters are explained in words (issue 21, item 6)
    said = {"en": ["Illusion", "the chest disappears", "Scheherazade", "They play alike"],
            "fr": ["Illusion", "le coffre disparaît", "Shéhérazade", "Ils jouent de la même façon"]}[language]
    body = page.inner_text("[data-testid=rules]")
    assert all(words in body for words in said), said
    assert errors == []


def test_the_lobby_the_table_and_the_match_lead_to_the_rules_and_the_match_teaches_the_cave(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"learn{uuid.uuid4().hex[:6]}")
    page.goto(live_server_url + "/")
    page.click("[data-testid=rules-link-basra]")
    page.wait_for_url(re.compile(r"/rules/basra/$"))

    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=seats]").fill("2")
    form.locator("input[name=clock]").fill("0")
    submit_table_form(page, form)
    assert page.locator("[data-testid=rules-link]").get_attribute("href") == "/rules/alibaba_tiles/"
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    assert page.locator("[data-testid=rules-link]").get_attribute("href") == "/rules/alibaba_tiles/"

    # the legend: every colour says what it does, and the dots are explained
    legend = page.locator("[data-testid=legend]")
    assert legend.is_visible()
    assert page.locator("[data-testid=legend-colours] li").count() == 6
    assert "pink" in legend.inner_text() and "5 points" in legend.inner_text()
    assert "layer" in page.locator("[data-testid=legend-dots]").inner_text()

    # a one-line hint of what the prompt asks, whoever is to move
    page.wait_for_function("window.__lastFrame.legal.length > 0 && window.__lastFrame.legal[0].type === 'take'", timeout=30_000)
    hint = page.locator("[data-testid=prompt-hint]")
    assert "glowing tile" in hint.inner_text()

    # the tiles' tooltips are words, not the internal "L:R:C" positions
    titles = page.locator("[data-testid=board] g.tile > title").evaluate_all("els => els.map(e => e.textContent)")
    assert titles and not any(re.search(r"\d+:\d+:\d+", t) for t in titles)
    takeable = page.locator("[data-testid=board] g.tile[data-takeable='1'] > title").first.text_content()
    assert "click to take it" in takeable and "layer" in takeable

    # the hint follows the prompt: after the take, the effect's own line
    page.locator("[data-takeable='1']").first.click()
    page.wait_for_function(
        "() => { const f = window.__lastFrame; return f.view.finished || f.legal.length === 0 || f.legal[0].type !== 'take'; }",
        timeout=30_000,
    )
    frame = page.evaluate("window.__lastFrame")
    if frame["legal"] and frame["legal"][0]["type"] == "effect":
        assert hint.inner_text() and "glowing tile" not in hint.inner_text()


@pytest.mark.parametrize("game, seats", [("basra", 2), ("sidibaba", 3)])
def test_basra_and_sidi_baba_link_their_rules_and_say_what_each_prompt_asks(live_server_url, new_page, game, seats):
    page = signup(new_page(), live_server_url, f"hint{uuid.uuid4().hex[:6]}")
    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option(game)
    form.locator("input[name=seats]").fill(str(seats))
    submit_table_form(page, form)
    for _ in range(seats - 1):
        with page.expect_navigation():
            page.locator("[data-testid=add-bot]").first.click()
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert page.locator("[data-testid=rules-link]").get_attribute("href") == f"/rules/{game}/"
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0 && window.__lastFrame.legal.length > 0", timeout=30_000)
    hint = page.locator("[data-testid=prompt-hint]")
    hint.wait_for()
    assert len(hint.inner_text()) > 10

"""On a 390 px phone the finished matches' tables fit (issues 21 and 37): Basra's final ranking with its rating
column and its quarter prices, the treasure cave's end table and Sidi Baba's (the shared end panel's ranking)
with their rating columns, every rating figure whole and in sight, in English and French.
Drawn by the match page's renderers in chromium inside the page's own containers and styles (site.css,
match.html's styles, the game's), from matches played to the end by random bots on the pure engines, with
the most players and long rating changes, the widest case."""
import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

import alibaba_tiles.engine as tiles
import basra.engine as basra
from basra.engine.data_files import default_data
from gamekit import driver
from tests.e2e.helpers import HARNESS_TIMEOUT_MS, add_modules, game_page_scripts

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # drawn in a harness page: no server, any mode

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
NAMES = ["Scheherazade1", "walker1", "Explorer 4", "alice_longname", "Bob"]

HARNESS = """
window.__render = function (game, frame) {
  var names = %s;
  var api = {
    seat: frame.seat, names: names,
    isYou: function (s) { return s === frame.seat; },
    name: function (s) { return s === null || s === undefined ? "" : names[s]; },
    send: function () { return true; }, toast: function () {}, frame: function () { return frame; },
    serverNow: function () { return 0; }, t: function (key, data, fallback) { return fallback || key; },
  };
  var renderer = LiveMatch.renderer(game, "main");
  renderer.mount(document.getElementById("game-root"), api);
  renderer.update(frame, null, []);
};
""" % json.dumps(NAMES)

# the elements sticking out on the right, to say what to fix
WIDEST = """() => [...document.querySelectorAll('body *')].filter(el => el.getBoundingClientRect().right > 391)
  .slice(0, 6)
  .map(el => el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' ' + Math.round(el.getBoundingClientRect().right))"""


def finished(engine, players, seed):
    bots = [driver.random_bot] * players
    return driver.play(engine, players, {}, seed, bots).state


def end_of(players):
    """A frame's `end` with every seat rated and the widest figures (four digits, a three-digit change), as the
    service sends after the ratings."""
    return {"status": "finished", "replay_url": "/r/", "lobby_url": "/", "rematch": None,
            "players": [{"seat": s, "name": NAMES[s], "place": s + 1, "shared": False, "score": 1000 + s,
                         "rating": {"state": "rated", "change": -112 + s, "before": 2345, "after": 2233 + s, "seats": [s]}}
                        for s in range(players)]}


def blocks(game, language):
    source = (ROOT / game / "templates" / game / "match.html").read_text()
    found = re.findall(r'<script type="application/json" id="[^"]+">.*?</script>|{% include "[^"]+" %}', source, re.S)
    with translation.override(language):
        return Template("{% load i18n static %}" + "".join(found)).render(Context({}))


def phone_page(browser, body):
    """A phone-sized page with the match page's own styles and ``body``; its errors collected in ``page.errors``."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    style = re.search(r"<style>(.*?)</style>", (ROOT / "matches/templates/matches/match.html").read_text(), re.S).group(1)
    page.set_content(
        "<!doctype html><html><head><meta charset=utf-8><meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<style>{style}</style></head><body>{body}</body></html>"
    )
    page.errors = errors
    return context, page


def open_page(browser, game, language, extra=""):
    root = '<main><section class="match-page" id="match-page"><div id="game-root" class="game-root"></div></section></main>'
    context, page = phone_page(browser, blocks(game, language) + extra + root)
    page.add_style_tag(path=str(ROOT / "static/css/site.css"))
    css = {"basra": "basra/static/basra/basra.css", "alibaba_tiles": "alibaba_tiles/static/alibaba_tiles/tiles.css"}[game]
    page.add_style_tag(path=str(ROOT / css))
    add_modules(page, ["matches/endscreen.js", *game_page_scripts(game)], language)
    page.add_script_tag(content=HARNESS)
    return context, page


def assert_fits(page, *testids):
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], (width, page.evaluate(WIDEST))
    for testid in testids:
        box = page.locator(f"[data-testid={testid}]").first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (testid, box)
    assert_ratings_whole(page)


# Every rating cell and each of its figures: nothing scrolled away or cut inside its cell, its table or the window.
RATINGS_CUT = """() => [...document.querySelectorAll('[data-testid^=rating-change-], [data-testid^=rating-change-] *')]
  .filter(el => { const r = el.getBoundingClientRect(); const scroller = el.closest('table, .table-wrap');
    return el.scrollWidth > el.clientWidth + 1 || r.left < 0 || r.right > innerWidth
      || (scroller && scroller.scrollWidth > scroller.clientWidth + 1); })
  .map(el => el.getAttribute('data-testid') + ' ' + el.textContent + ' ' + Math.round(el.getBoundingClientRect().right))"""


def assert_ratings_whole(page):
    assert page.locator("[data-testid^=rating-change-]").count() > 0
    assert page.evaluate(RATINGS_CUT) == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_basra_end_ranking_and_prices_fit_a_phone(browser, language):
    state = finished(basra, 5, 3)
    frame = {"type": "view", "match": 1, "version": 9, "seat": 1, "status": "finished", "view": basra.view(state, 1),
             "legal": [], "to_act": [], "end": end_of(5)}
    data = '<script type="application/json" id="basra-data">' + json.dumps(default_data()) + "</script>"
    context, page = open_page(browser, "basra", language, data)
    try:
        page.evaluate("([g, f]) => window.__render(g, f)", ["basra", json.loads(json.dumps(frame))])
        assert page.locator("[data-testid=final-ranking]").is_visible()
        assert_fits(page, "final-ranking", "rating-change-0", "rating-change-4", "prices", "prices-4")
        page.locator("[data-testid=legend] summary").click()  # the legend of the board, opened, fits too
        assert_fits(page, "legend")
        assert page.errors == [], page.errors
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_treasure_cave_end_table_fits_a_phone(browser, language):
    state = finished(tiles, 4, 2)
    frame = {"type": "view", "match": 1, "version": 9, "seat": 1, "status": "finished", "view": tiles.view(state, 1),
             "legal": [], "to_act": [], "end": end_of(4)}
    context, page = open_page(browser, "alibaba_tiles", language)
    try:
        page.evaluate("([g, f]) => window.__render(g, f)", ["alibaba_tiles", json.loads(json.dumps(frame))])
        assert page.locator("[data-testid=end-screen]").is_visible()
        assert_fits(page, "end-screen", "rating-change-0", "rating-change-3", "total-parts-0")
        assert page.locator("[data-testid=total-parts-0]").is_visible()  # the set and effect points are still said
        assert page.errors == [], page.errors
    finally:
        context.close()


SIDI_NAMES = ["Master 1", "Scheherazade1", "Master 3", "alice_longname"]


def sidi_end(state):
    """Sidi Baba's end as the service sends it (matches/endscreen.py): Master leads and is an Adventurer too,
    its one figure on its best-placed seat; the widest figures (four digits, a three-digit change)."""
    figures = {2: (1500, 1508), 1: (2345, 2278), 3: (1500, 1359)}

    def rating(seat):
        if seat == 0:
            return {"state": "counted", "with_seat": 2}
        seats = [2, 0] if seat == 2 else [seat]
        if state == "pending":
            return {"state": "pending", "seats": seats}
        before, after = figures[seat]
        return {"state": "rated", "before": before, "after": after, "change": after - before, "seats": seats}

    places = {2: 1, 1: 2, 3: 3, 0: 4}
    return {"status": "finished", "replay_url": "/r/", "lobby_url": "/", "rematch": None, "rated": True,
            "players": [{"seat": s, "name": SIDI_NAMES[s], "title": "", "bot": s in (0, 2), "left": False, "stood_in": False,
                         "role": "Leader of the Thieves" if s == 0 else "Adventurer",
                         "place": places[s], "shared": False, "score": 12 - s, "rating": rating(s)}
                        for s in sorted(places, key=places.get)]}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_sidi_babas_end_ranking_shows_every_rating_whole_on_a_phone_and_each_entity_once(browser, language):
    context, page = phone_page(browser, (
        '<main><section class="match-page" id="match-page" data-game="sidibaba"><div id="game-root" class="game-root"></div></section>'
        '<section class="card match-end" id="match-end" data-testid="end-panel" hidden></section></main>'))
    errors = page.errors
    page.add_style_tag(path=str(ROOT / "static/css/site.css"))
    page.add_style_tag(path=str(ROOT / "sidibaba/static/sidibaba/sidibaba.css"))
    add_modules(page, ["matches/endscreen.js"], language)
    page.add_script_tag(type="module", content=(
        'import { attach } from "http://static.test/matches/endscreen.js";\n'
        "window.__end = function (end) { attach({ on: function (kind, draw) { draw({ seat: 1, end: end }); } }); };\n"
        "window.__endReady = true;\n"))
    page.wait_for_function("window.__endReady === true")
    try:
        page.evaluate("(end) => window.__end(end)", sidi_end("pending"))
        table = page.locator("[data-testid=end-ranking]")
        pending = page.locator("[data-testid=rating-change-1]")
        assert pending.inner_text().strip() == ("rating…" if language == "en" else "calcul de la cote…")
        assert_ratings_whole(page)
        before = (table.bounding_box(), pending.bounding_box())
        page.evaluate("(end) => window.__end(end)", sidi_end("rated"))
        assert page.locator("[data-testid=rating-change-1]").inner_text().split() == ["−67", "(2345", "→", "2278)"]
        assert_fits(page, "end-ranking", "rating-change-0", "rating-change-1", "rating-change-2", "rating-change-3")
        # The figures took the room kept for them: the table did not jump.
        after = (table.bounding_box(), page.locator("[data-testid=rating-change-1]").bounding_box())
        assert [round(box["height"]) for box in after] == [round(box["height"]) for box in before]
        # Master's one figure, for both its seats; its other seat names the row that shows it.
        assert page.locator("[data-testid=rating-seats-2]").is_visible()
        assert "+8" in page.locator("[data-testid=rating-change-2]").inner_text()
        counted = page.locator("[data-testid=rating-change-0]").inner_text()
        assert "Master 3" in counted and "+8" not in counted and "→" not in counted
        assert page.locator("[data-testid=end-role-0]").is_visible()  # the Leader's row says so
        assert errors == [], errors
    finally:
        context.close()

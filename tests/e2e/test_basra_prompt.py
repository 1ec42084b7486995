"""The Basra page keeps its prompt while the same choices stand: a frame that arrives while you type
a number or press a button (another player acted) does not rebuild the prompt under you.
Rendered by basra.js's registered renderer in chromium with a recording api, as test_tiles_prompts does."""
import json
import random
from functools import cache
from pathlib import Path

import pytest

from basra.engine import apply, default_data, legal_actions, new_game, result, to_act, view
from gamekit import driver
from tests.e2e.helpers import HARNESS_TIMEOUT_MS, add_modules, game_page_scripts

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "basra"
NAMES = ["Ann", "Bob", "Cyd", "Dee"]


@cache
def state_with_a_number_to_type():
    """(state, seat) of a seeded random game where `seat` may send an action with a number range."""
    for seed in range(10):
        state = new_game(3, {}, seed, 0.0)
        rng = random.Random(seed)
        now = 0.0
        for _ in range(3000):
            if result(state) is not None:
                break
            for seat in range(3):
                if any(any(isinstance(v, dict) and "min" in v for v in a.values()) for a in legal_actions(state, seat)):
                    return state, seat
            movers = to_act(state)
            if not movers:
                break
            seat = rng.choice(movers)
            now += 1.0
            state, _ = apply(state, seat, driver.random_bot(None, legal_actions(state, seat), rng), now)
    raise AssertionError("no seeded game offered a number to type")



HARNESS = """
window.__sent = [];
window.__mount = function (frame) {
  var names = %s;
  var api = {
    seat: frame.seat, names: names,
    isYou: function (s) { return s !== null && s !== undefined && s === frame.seat; },
    name: function (s) { return s === null || s === undefined ? "" : names[s]; },
    send: function (action) { window.__sent.push(action); return true; },
    toast: function () {}, frame: function () { return frame; },
    serverNow: function () { return Date.now() / 1000; },
    t: function (key, data, fallback) { return fallback || key; },
  };
  var renderer = LiveMatch.renderer("basra", "main");
  renderer.mount(document.getElementById("game-root"), api);
  renderer.update(frame, null, []);
};
window.__update = function (frame) { LiveMatch.renderer("basra", "main").update(frame, null, []); };
""" % json.dumps(NAMES)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    data = '<script type="application/json" id="basra-data">' + json.dumps(default_data()) + "</script>"
    pg.set_content("<!doctype html><html><head><meta charset=utf-8></head><body>" + data
                   + '<div id="game-root"></div></body></html>')
    add_modules(pg, game_page_scripts("basra"))
    pg.add_script_tag(content=HARNESS)
    pg.errors = errors
    yield pg
    context.close()


def test_a_number_being_typed_survives_a_frame_with_the_same_choices(page):
    state, seat = state_with_a_number_to_type()
    frame = {"type": "view", "match": 1, "version": 7, "seat": seat, "status": "running",
             "view": view(state, seat), "legal": legal_actions(state, seat), "to_act": to_act(state)}
    frame = json.loads(json.dumps(frame))
    page.evaluate("f => window.__mount(f)", frame)
    field = page.locator("[data-testid=prompt] input[type=number]").first
    field.fill("3")
    page.evaluate("() => { document.querySelector('[data-testid=prompt]').__before = true; }")
    later = dict(frame, version=8)
    page.evaluate("f => window.__update(f)", later)
    assert page.evaluate("() => document.querySelector('[data-testid=prompt]').__before === true")
    assert page.locator("[data-testid=prompt] input[type=number]").first.input_value() == "3"
    # new choices: a new prompt
    page.evaluate("f => window.__update(f)", dict(later, version=9, legal=[]))
    assert page.evaluate("() => document.querySelector('[data-testid=prompt]').__before === undefined")
    assert page.errors == []

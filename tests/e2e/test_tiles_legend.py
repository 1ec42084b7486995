"""The treasure cave's page explains every mark it draws (issue 21, items 3 and 5), like Basra's: each
symbol, chip or bare number on the page (a text with no word in it: "★ 3", "▶", "✦", "2") has a tooltip in
words on itself or on what holds it, or sits in the legend; in English and French. Drawn by the page's
renderer in chromium from engine states (no server)."""

import pytest

from tests.e2e.helpers import harness_page, unexplained_marks
from tests.e2e.test_tiles_prompts import APP, HARNESS, SCENARIOS, find, frame_for, render

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes


@pytest.fixture(params=["en", "fr"])
def page(request, browser):
    scripts = [
        APP / "static/alibaba_tiles" / s
        for s in ("tiles_common.js", "tiles_guide.js", "tiles_log.js", "tiles_end.js", "tiles_panels.js", "tiles.js")
    ]
    with harness_page(browser, '<div id="game-root"></div>', styles=[APP / "static/alibaba_tiles/tiles.css"],
                      scripts=scripts, harness=HARNESS, language=request.param) as pg:
        yield pg


@pytest.mark.parametrize("scenario", ["take", "take-restricted", "effect-yellow", "green", "white", "show", "choose", "lamp"])
def test_every_mark_on_the_cave_page_is_explained_in_words(page, scenario):
    players, variant = SCENARIOS[scenario]
    state, seat = find(scenario, players, variant)
    render(page, frame_for(state, seat))
    assert unexplained_marks(page) == []

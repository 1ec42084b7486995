"""Basra's count before a player's cards of one group says what it counts (issue 37): "1 of 4" where it used to
be a bare "1/4", the same in words for a screen reader ("1 of the 4 cards of this group") and in its tooltip, and
the legend explains it; in English and French. Drawn by the match page's renderer in chromium from an engine state,
on the site's own styles (no server)."""
import pytest

from basra.engine import core
from tests.basra.helpers import GAME, cards, give, mover, new
from tests.e2e.helpers import game_page_scripts, harness_page
from tests.e2e.test_basra_legend import APP, ROOT, page_blocks
from tests.e2e.test_basra_page import HARNESS, frame_for, render

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

WORDS = {
    "en": {"short": "1 of 4", "words": "1 of the 4 cards of this group", "complete": "4 of 4 ★",
           "legend": "how many of the group's cards they hold"},
    "fr": {"short": "1 sur 4", "words": "1 des 4 cartes de ce groupe", "complete": "4 sur 4 ★",
           "legend": "combien il en tient du groupe"},
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_count_of_a_group_reads_in_words_and_the_legend_explains_it(browser, language):
    words = WORDS[language]
    state = new(3)
    seat = mover(state)
    pirates = [c for c in cards("robbers", 20) if GAME.cards[c]["name"] == "Pirates"]
    state = give(core.copy_state(state), seat, pirates[:1])
    with harness_page(browser, page_blocks() + '<div id="game-root"></div>',
                      styles=[ROOT / "static/css/site.css", APP / "static/basra/basra.css"],
                      scripts=[APP / "static" / s for s in game_page_scripts("basra")], harness=HARNESS, language=language) as pg:
        render(pg, frame_for(state, seat))
        group = pg.locator(f"[data-testid=bandits-{seat}] [data-testid=group-pirates]")
        count = group.locator("[data-testid=group-count]")
        assert count.inner_text().strip() == words["short"] and "/" not in count.inner_text()
        assert count.get_attribute("aria-hidden") == "true"  # a screen reader reads the words instead
        assert group.locator(".sr-only").text_content().startswith(words["words"])
        assert not group.locator(".sr-only").is_visible() or group.locator(".sr-only").bounding_box()["width"] <= 1
        assert group.get_attribute("title").startswith(words["words"])
        pg.locator("[data-testid=legend] summary").click()
        row = pg.locator("[data-testid=legend-group]").inner_text()
        assert row.startswith(words["complete"]) and words["legend"] in row

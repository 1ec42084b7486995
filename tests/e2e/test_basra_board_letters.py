"""Basra's board letters are the reader's (issue 37): a capture space shows the first letter of each gang's name
in the page's language (S, T, D, R in English; E, V, F, B in French: Escrocs, Voleurs, Fraudeurs, Brigands), and
the legend under the board words each letter drawn. Drawn by the match page's renderer in chromium from an engine
state (no server)."""
import pytest

from basra.engine.data_files import default_data
from tests.basra.helpers import mover, new
from tests.e2e.helpers import game_page_scripts, harness_page
from tests.e2e.test_basra_legend import APP, page_blocks
from tests.e2e.test_basra_page import HARNESS, frame_for, render

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

LETTERS = {
    "en": {"swindlers": "S", "thieves": "T", "defrauders": "D", "robbers": "R"},
    "fr": {"swindlers": "E", "thieves": "V", "defrauders": "F", "robbers": "B"},
}
GANGS = {"en": {"swindlers": "Swindlers", "thieves": "Thieves", "defrauders": "Defrauders", "robbers": "Robbers"},
         "fr": {"swindlers": "Escrocs", "thieves": "Voleurs", "defrauders": "Fraudeurs", "robbers": "Brigands"}}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_capture_spaces_show_the_gangs_letters_in_the_page_language_with_their_legend(browser, language):
    state = new(3)
    with harness_page(browser, page_blocks() + '<div id="game-root"></div>', styles=[APP / "static/basra/basra.css"],
                      scripts=[APP / "static" / s for s in game_page_scripts("basra")], harness=HARNESS, language=language) as pg:
        render(pg, frame_for(state, mover(state)))
        spaces = pg.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=board] .space.type-gang'))
          .map(g => [g.dataset.space, g.querySelector('text').textContent])""")
        board = {s["id"]: s for s in default_data()["board"]["spaces"]}
        assert len(spaces) == sum(1 for s in board.values() if s["type"] == "gang")
        for sid, mark in spaces:
            assert mark == "".join(LETTERS[language][g] for g in board[sid]["gangs"]), (sid, mark)
        drawn = {mark for _sid, mark in spaces}
        pg.locator("[data-testid=legend] summary").click()
        legend = {m.get_attribute("data-mark"): m.inner_text() for m in pg.locator("[data-testid=legend-mark]").all()}
        for letter in drawn:
            assert letter in legend, (letter, legend)
        for gang, letter in LETTERS[language].items():
            if letter in legend:
                assert GANGS[language][gang] in legend[letter], legend[letter]

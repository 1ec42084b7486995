"""Sidi Baba's log shows every name as written (issue 37): a sentence may start with a capital, a username never
changes case ("newbie1 (you) lights lamp 1.", never "Newbie1 (you)"), in English and French. Drawn by the match
page's renderers in chromium from an engine state (no server)."""
import json

import pytest

from tests.e2e import test_sidibaba_explains as sidi, test_sidibaba_page as sidi_page
from tests.e2e.helpers import harness_page
from tests.sidibaba.helpers import set_up

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

NAMES = ["leader9", "newbie1", "émile", "Zed"]
SENTENCES = {
    "en": ["newbie1 (you) lights lamp 1.", "émile lights lamp 2.", "Zed lights lamp 3.", "The line moves: "],
    "fr": ["newbie1 (vous) allume la lampe 1.", "émile allume la lampe 2.", "Zed allume la lampe 3.", "La file avance : "],
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_log_shows_the_names_as_written_at_the_start_of_a_sentence(browser, language):
    state = set_up(players=4)
    harness = sidi_page.HARNESS.replace(json.dumps(sidi_page.NAMES), json.dumps(NAMES))
    scripts = [sidi.APP / "static/sidibaba" / s for s in ("sidi_common.js", "sidi_guide.js")
               + tuple(s for s in sidi_page.SCRIPTS if s != "sidi_common.js")]
    events = [{"code": "lamp_lit", "seat": seat, "segment": seat, "version": seat, "visible_to": "all"} for seat in (1, 2, 3)]
    events.append({"code": "moved", "move": "E", "stepped": True, "version": 4, "visible_to": "all"})
    with harness_page(browser, sidi.page_blocks(language), styles=[sidi.APP / "static/sidibaba/sidibaba.css"],
                      scripts=scripts, harness=harness, language=language) as pg:
        pg.evaluate("window.__mount(1)")
        sidi.show(pg, state, 1, version=4, events=events)
        texts = pg.locator("[data-testid=event-log] li").all_inner_texts()
        first, second, third, moved = SENTENCES[language]
        assert {first, second, third} == {t for t in texts if "lamp" in t}, texts  # (newest first)
        assert any(t.startswith(moved) for t in texts), texts

"""Sidi Baba's page explains every mark it draws (issue 21, item 3), like the cave's and Basra's: each symbol,
chip or bare number on the page of an Adventurer and of the Leader (a text with no word in it: "🎲", "⏳ 2:40",
"3", "↑", a jewel's glyph, a square's mark on the map) has a tooltip in words on itself or on what holds it, or
sits in a legend; in English and French. Drawn by the match page's renderers in chromium from engine states
at each moment of a match (no server)."""
import pytest

from sidibaba import engine
from tests.e2e.helpers import unexplained_marks
from tests.e2e.test_sidibaba_explains import page, sharing_state, show  # noqa: F401 - the page fixture
from tests.sidibaba.helpers import edit, give_tokens, move, set_up

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

ROOT_SELECTOR = "[data-testid=game-root]"  # the whole table: the map, the sight, the controls and the log


def setting_up():
    return engine.new_game(4, {"segment_seconds": 180, "maze": "grotto"}, 1, 0.0)


def walking():
    return give_tokens(move(set_up(players=4), "E"), 1, ["way_treasure", "way_exit"])


def genie_offered():
    state = give_tokens(move(set_up(players=4), "E"), 1, ["way_treasure"])
    genie = next(a for a in engine.legal_actions(state, 1) if a["type"] == "use_genie")
    state, _ = engine.apply(state, 1, genie, 2.0)
    return state


def rolling_dice():
    return edit(set_up(players=4), pending=[{"kind": "dice", "mode": "padlock", "order_line": [2, 3, 1], "turn": 0,
                                             "rolled": [], "started": True, "needed": [], "opener": None}])


MOMENTS = {
    "set-up": setting_up,
    "walking": walking,
    "sharing the loot": sharing_state,
    "a genie's offer": genie_offered,
    "the dice": rolling_dice,
}


@pytest.mark.parametrize("seat", [1, 2, 0], ids=["adventurer", "other-adventurer", "leader"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_every_mark_on_the_sidibaba_page_is_explained_in_words(page, moment, seat):  # noqa: F811 - a fixture imported by name
    state = MOMENTS[moment]()
    page.evaluate(f"window.__mount({seat})")
    show(page, state, seat)
    if seat == 0:  # the Leader's legend of his map, opened as he would
        page.locator("[data-testid=map-legend] summary").click()
    assert unexplained_marks(page, ROOT_SELECTOR) == []

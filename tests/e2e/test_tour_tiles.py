"""A newcomer's tour of the treasure cave (issue 21, item 5): signed up, on a 390 px phone, in English and in
French, a person creates a table in the lobby, puts Greedy in the other seat, starts, and plays the whole match
(Aladdin's lamp: tiles clicked on the board, every effect, show, choose and lamp prompt answered with its
buttons) to the end screen; in French by keyboard alone (Tab to each control, Enter: issue 36). It fails on a
console error or an unhandled rejection (the browser fixture), a server traceback (conftest's
`no_server_errors`), a page wider than the phone, or English on the French page."""
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.test_tiles_match import MAX_DECISIONS, _click_for, _wait_for_my_turn_or_end
from tests.e2e.tour import Hands, Watch, choose_language, create_table, fill_with_bots, phone_page, scroll_to, start

pytestmark = pytest.mark.e2e


@pytest.mark.default_mode
@pytest.mark.parametrize("language, hands", [("en", "touch"), ("fr", "keyboard")])
def test_a_newcomer_plays_a_whole_cave_match_on_a_phone(live_server_url, browser, language, hands):
    name = f"tour{uuid.uuid4().hex[:6]}"
    page = phone_page(browser)
    try:
        signup(page, live_server_url, name)
        choose_language(page, live_server_url, language)
        create_table(page, live_server_url, "alibaba_tiles", 2, variant="lamp", clock=0)
        fill_with_bots(page, "greedy")
        start(page, 0)
        watch = Watch(page, language, "alibaba_tiles", "matches")
        person = Hands(page, keyboard=hands == "keyboard")
        watch.look("the first frame")

        decisions, kinds = 0, set()
        while True:
            frame = _wait_for_my_turn_or_end(page)
            if frame["status"] == "finished" or frame["view"]["finished"]:
                break
            assert decisions < MAX_DECISIONS, "the match did not end"
            kind = frame["legal"][0]["type"]
            page.locator(f"[data-testid=action-{kind}]").wait_for()
            watch.look(f"a {kind} prompt (decision {decisions})")
            kinds.add(kind)
            _click_for(page, frame["legal"], person.press)
            decisions += 1
            page.wait_for_function(f"() => window.__lastFrame.version > {frame['version']}", timeout=30_000)

        scroll_to(page, "[data-testid=end-screen]")
        end = page.locator("[data-testid=end-screen]")
        watch.look("the end screen")
        assert name in end.inner_text()
        assert "take" in kinds and decisions >= 10, (kinds, decisions)
        assert person.presses == (decisions if person.keyboard else 0)  # every decision by keyboard, in that mode
        watch.assert_clean()
    finally:
        page.context.close()

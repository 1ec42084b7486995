"""The end screen names the players in the page's language (issue 21, items 2 and 10): when a Sidi Baba match
ends while a French page watches, its ranking calls each computer player by its French name with a French
tooltip ("Ordinateur : …"), as the page's seat list does, and says each seat's side in French. Found by the
newcomer's tour (test_tour_sidibaba.py)."""
import re

import pytest

from tests.e2e.test_tour_sidibaba import lead_to_the_end, start_as_the_leader
from tests.e2e.tour import Hands, Watch, phone_page

pytestmark = pytest.mark.e2e


@pytest.mark.default_mode
def test_a_french_end_ranking_names_computer_players_in_french(live_server_url, e2e_env, browser):
    page = phone_page(browser)
    try:
        start_as_the_leader(page, live_server_url, e2e_env, "fr")
        lead_to_the_end(page, Watch(page, "en", "sidibaba"), Hands(page))  # (no check of the words on the way)
        page.wait_for_selector("[data-testid=end-ranking]")
        seat_list = [re.sub(r"\s+", " ", n).strip() for n in page.locator(".player-name").all_inner_texts()]
        cells = page.locator("[data-testid=end-ranking] tbody tr td:nth-child(2)")
        titles = [cells.nth(i).get_attribute("title") or "" for i in range(cells.count())]
        names = [cells.nth(i).evaluate("td => td.firstChild.textContent").strip() for i in range(cells.count())]
        bots = [title for title in titles if title]
        assert len(bots) == 2 and all(title.startswith("Ordinateur") for title in bots), titles
        assert sorted(names) == sorted(seat_list), (names, seat_list)
        # and each seat's side, in French too
        roles = sorted(text.strip() for text in page.locator("[data-testid^=end-role-]").all_inner_texts())
        assert roles == ["· Aventurier", "· Aventurier", "· Chef des voleurs"], roles
    finally:
        page.context.close()

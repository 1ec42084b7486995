"""The lobby says what its fields and seats are (issue 21, item 13), in English and French and on a 390 px
phone: an open table's empty seats read "empty seat" (not a bare "·"), the quick match's player count has a
label and its role rule is written under it, and a host creating a Sidi Baba table is asked which role they
play and sits in that role's seat."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup, switch_language

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"empty": "empty seat", "players": "Number of players (you included)", "role": "Your role",
           "adventurer": "Adventurer", "random": "drawn at random"},
    "fr": {"empty": "place libre", "players": "Nombre de joueurs (vous compris)", "role": "Votre rôle",
           "adventurer": "Aventurier", "random": "tiré au sort"},
}


def _language(page, base_url, code):
    page.goto(base_url + "/")
    switch_language(page, code)


def _inside(page, locator):
    box = locator.bounding_box()
    return locator.is_visible() and box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]


@pytest.mark.parametrize("language, width", [("en", 1280), ("fr", 1280), ("fr", 390)])
def test_the_lobby_names_empty_seats_the_quick_match_count_and_asks_the_hosts_role(live_server_url, new_page, language, width):
    words = WORDS[language]
    host = signup(new_page(), live_server_url, f"rolehost{uuid.uuid4().hex[:6]}")
    host.set_viewport_size({"width": width, "height": 900})
    _language(host, live_server_url, language)
    label = host.locator("[data-testid=quick-match-players-label]")
    assert label.inner_text() == words["players"] and _inside(host, label)
    assert host.locator("label[for=id_quick_players]").count() == 1
    assert words["random"] in host.inner_text("[data-testid=quick-match-roles]")

    form = host.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("sidibaba")
    role = form.locator("[data-testid=host-role]")
    assert _inside(host, role)
    assert form.locator("label[for=opt_host_role]").inner_text() == words["role"]
    role.select_option("adventurer")
    form.locator("input[name=seats]").fill("4")
    form.locator("[data-testid=create-table]").click()
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    mine = host.locator("tr[data-seat='1']")
    assert "rolehost" in mine.inner_text() and words["adventurer"] in mine.locator("[data-testid=seat-role]").inner_text()
    assert "rolehost" not in host.locator("tr[data-seat='0']").inner_text()

    # the lobby lists the table with its empty seats in words
    host.goto(live_server_url + "/")
    empty = host.locator("[data-testid=empty-seat]").first
    empty.wait_for()
    assert empty.inner_text().startswith(words["empty"])
    assert "·," not in host.inner_text("#open-tables")
    # the page itself never scrolls sideways (a phone's list of tables scrolls inside its own box)
    assert host.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(
    "language, welcome, start", [("en", "Welcome, ", "Find me a match"), ("fr", "Bienvenue, ", "Trouvez-moi une partie")]
)
def test_a_newcomer_is_welcomed_and_told_where_to_start(live_server_url, new_page, language, welcome, start):
    page = new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    _language(page, live_server_url, language)
    name = f"welcome{uuid.uuid4().hex[:6]}"
    signup(page, live_server_url, name)
    message = page.locator(".messages li").first
    message.wait_for()
    assert _inside(page, message)
    assert message.inner_text().startswith(welcome + name) and start in message.inner_text()
    page.reload()  # said once, not on every visit
    assert page.locator(".messages").count() == 0

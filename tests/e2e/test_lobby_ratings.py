"""Ratings beside the names (issue 37): in the lobby's open tables and on the table page before the start, a
person shows their shown rating in that table's game (docs/ratings.md) and a computer player its kind's, in
French here; what a person sees, with the figure the database holds."""
import re
import uuid

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

# The host's rating at the treasure cave, as a rated match would have left it: mu 28, sigma 7, the ordinal
# 28 - 3 x 7 = 7, shown 1500 + 20 x 7 = 1640. Prints the ordinal of the computer player's kind at that game
# (0, a newcomer's, when it was never rated).
RATED = """
from django.contrib.auth import get_user_model
from lobby.models import TableSeat
from matches.models import Rating
Rating.objects.create(user=get_user_model().objects.get(username="{name}"), game="alibaba_tiles", mu=28.0, sigma=7.0,
                      rating=7.0, matches_played=1)
kind = TableSeat.objects.get(table_id={table}, seat=1).bot
row = Rating.objects.filter(user=None, bot=kind, game="alibaba_tiles").first()
print(row.rating if row else 0.0)
"""


@pytest.mark.default_mode
def test_the_lobby_and_the_table_show_each_seated_players_rating_beside_the_name_in_french(live_server_url, e2e_env, new_page):
    name = f"cote{uuid.uuid4().hex[:6]}"
    host = signup(new_page(), live_server_url, name)
    host.goto(live_server_url + "/")
    with host.expect_navigation():
        host.select_option("select[name=language]", "fr")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "2")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_id = host.url.rstrip("/").split("/")[-1]
    host.click("[data-testid=add-bot]")
    host.wait_for_selector("[data-testid=seat-bot]")
    ordinal = float(manage(e2e_env, "shell", "-c", RATED.format(name=name, table=table_id)).stdout.split()[-1])
    bot_figure = f"({max(0, round(1500 + 20 * ordinal))})"

    # The table page, before the start.
    host.reload()
    mine = host.locator("[data-testid=player-rating-0]")
    assert mine.inner_text() == "(1640)" and mine.get_attribute("title") == "cote dans ce jeu"
    assert host.locator("[data-testid=player-rating-1]").inner_text() == bot_figure

    # The lobby's open tables.
    host.goto(live_server_url + "/")
    row = host.locator(f"#open-tables tr[data-table='{table_id}']")
    row.wait_for()
    figures = row.locator("[data-testid=player-rating]")
    assert figures.count() == 2  # the host and the computer player: no empty seat left
    assert figures.nth(0).is_visible() and figures.nth(0).inner_text().strip() == "(1640)"
    assert figures.nth(0).get_attribute("title") == "cote dans ce jeu"
    assert name + " (1640)" in row.inner_text()
    # The computer player shows its kind's one rating at the treasure cave.
    assert figures.nth(1).inner_text().strip() == bot_figure

"""After rated matches against a bot, the person's profile draws their rating chart and the boards list them."""
import re
import time
import uuid

import pytest

from tests.e2e.conftest import ARTIFACTS, manage
from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

# Plays rated treasure-cave matches for USERNAME (seat 0, moved here by the greedy bot's choices)
# against the random bot, which the site's Celery worker drives; the worker also records the ratings.
PLAY_MATCHES = """
import random, time
from django.contrib.auth import get_user_model
from gamekit import driver
from matches import registry, services
user = get_user_model().objects.get(username=USERNAME)
spec = registry.get_game("alibaba_tiles")
options = spec.resolve_options(registry.without_clocks(spec, registry.default_table_options(spec)))
for n in range(MATCHES):
    match = services.create_match("alibaba_tiles", [services.SeatSpec(user=user), services.SeatSpec(bot="random")], options, seed=300 + n)
    give_up = time.time() + 120
    while time.time() < give_up:
        match.refresh_from_db()
        if match.status != "running":
            break
        if 0 in spec.engine.to_act(match.state):
            action = driver.bot_action(spec.engine, match.state, 0, spec.bots["greedy"], random.Random(match.version))
            try:
                services.match_apply_action(match.pk, 0, action, client_version=match.version)
            except services.MatchError:
                pass
        else:
            time.sleep(0.05)
    print(match.pk, match.status)
"""


def test_profile_shows_the_rating_chart_after_rated_matches(live_server_url, e2e_env, new_page):
    page = new_page()
    username = f"chartist{uuid.uuid4().hex[:6]}"  # a rerun starts from a new person, not one with 3 matches already
    signup(page, live_server_url, username)
    script = PLAY_MATCHES.replace("USERNAME", repr(username)).replace("MATCHES", "3")
    out = manage(e2e_env, "shell", "-c", script).stdout
    assert out.count("finished") == 3, out

    # The worker records each match's ratings on commit: the chart appears once all three are in.
    give_up = time.monotonic() + 120
    while time.monotonic() < give_up:
        page.goto(f"{live_server_url}/accounts/u/{username}/")
        if page.locator("[data-testid=rating-chart] circle").count() == 4:
            break
        time.sleep(0.5)
    chart = page.locator("[data-testid=rating-chart]")
    path = chart.locator("path").get_attribute("d")
    points = re.findall(r"[ML](-?[\d.]+) (-?[\d.]+)", path)
    assert len(points) == 4 and chart.locator("circle").count() == 4
    box = chart.bounding_box()
    assert box["width"] > 100 and box["height"] > 50
    assert "3 rated matches" in page.inner_text("[data-testid=profile-ratings]")
    assert "Random" in page.inner_text("[data-testid=favourite-opponents]")
    assert page.get_attribute("[data-testid=favourite-opponents] span[title]", "title") == "Computer: Random"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "profile-chart.png"), full_page=True)

    page.goto(f"{live_server_url}/leaderboards/alibaba_tiles/")
    assert username in page.inner_text("[data-testid=board-people]")
    assert "Random" in page.inner_text("[data-testid=board-bots]")
    # Other tests' rated matches may put another computer player first: the random one's row is looked up.
    assert page.get_attribute("[data-testid=board-bots] tr[data-player='bot:random'] span[title]", "title") == "Computer: Random"

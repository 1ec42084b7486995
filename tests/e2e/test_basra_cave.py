"""Forty Thieves in the browser: the stash a person steals is drawn at the table, before the player whose
turn frees it, under the thief's tokens (one per time the stay goes round the table), in English and French."""
import uuid

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.helpers import signup
from tests.e2e.test_basra_match import FILL, seeded_match

pytestmark = pytest.mark.e2e

# Seed 1, three players, Forty Thieves: seat 0 (the person) moves first.
SEED = 1


def test_a_stolen_stash_lies_before_the_player_four_turns_ahead_under_two_tokens(live_server_url, e2e_env, new_page):
    name = f"thief{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, name)
    match_id = seeded_match(e2e_env, name, seed=SEED, variant="forty_thieves")
    page.goto(f"{live_server_url}/matches/{match_id}/")
    page.wait_for_function("() => { const f = window.__lastFrame;"
                           " return f && f.seat === 0 && f.legal.some(a => a.type === 'steal'); }", timeout=30_000)
    cave = page.locator("[data-testid=cave]")
    assert cave.is_visible()
    assert page.locator("[data-testid=cave-nobody]").is_visible()
    assert page.locator("[data-testid=cave-table] [data-testid^=cave-seat-]").count() == 3
    # the packs are wholly face down in this variant: no top card is drawn
    assert page.locator("[data-testid=packs] [data-card]").count() == 0

    frame = page.evaluate("window.__lastFrame")
    index = [a["type"] for a in frame["legal"]].index("steal")
    assert page.evaluate(FILL, [frame["version"], index, frame["legal"][index], 4])
    stash = page.locator("[data-testid=cave-table] [data-testid=cave-stash-0]")
    stash.wait_for()
    assert (stash.get_attribute("data-before"), stash.get_attribute("data-tokens"), stash.get_attribute("data-amount")) == (
        "1",
        "2",
        "4000",
    )
    assert stash.locator(".cave-token").count() == 2
    assert page.evaluate("window.__lastFrame")["view"]["cave"]["stashes"][0]["before"] == 1
    line = page.locator("[data-testid=stash-0]").inner_text()
    assert line.startswith(f"{name}: 4 × 1000 Piastres before ") and line.endswith("under 2 tokens · 4 turns to go"), line
    log = page.locator("[data-testid=log]").inner_text()
    assert "stole 4000 Piastres: 4 turns in the cave" in log, log

    # the same table in French
    with page.expect_navigation():
        page.locator("select[name=language]").select_option("fr")
    page.wait_for_load_state()
    page.locator("[data-testid=stash-0]").wait_for()
    line = page.locator("[data-testid=stash-0]").inner_text()
    assert line.startswith(f"{name} : 4 × 1000 piastres devant ") and line.endswith("sous 2 jetons · encore 4 tours"), line
    assert page.locator("[data-testid=cave] h2").inner_text() == "La caverne"
    page.locator("[data-testid=cave]").screenshot(path=str(ARTIFACTS / "basra-cave.png"))

"""Pages clean under axe-core (issue 36, item 1): no critical, serious or moderate violation of WCAG 2.2 A/AA
and axe's best practices, in English and French, at 1280 and 390 px.

axe-core comes from npm (package-lock.json) and is run in the page by Playwright's evaluate, which the
site's Content-Security-Policy does not govern (the page itself still allows no inline script).

Covered: the lobby, the rules pages, leaderboards, the match history, log-in and sign-up, My matches, the
account page, a profile, a match of each game being played (at its start), and a finished match of every
game: its end screen and its replay (each game's renderer drawn, with its log and panels).

The Resign question opens on the screen at either width, its two buttons whole (it opened at x = -74 px at 390)."""
from pathlib import Path

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup, simulated_match_ids, start_cave_against_a_bot, switch_language, visible_in_viewport
from tests.e2e.tour import create_table, fill_with_bots, start

pytestmark = pytest.mark.e2e

AXE_SCRIPT = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"  # make's node step installs it
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = ("critical", "serious", "moderate")

ANONYMOUS = ["/", "/rules/alibaba_tiles/", "/rules/basra/", "/rules/sidibaba/", "/leaderboards/", "/matches/",
             "/accounts/login/", "/accounts/signup/"]
LOGGED_IN = ["/matches/mine/", "/accounts/account/"]


@pytest.fixture(scope="module")
def replays(e2e_env):
    """A finished match of each game (computer players): the URLs of its replay and of its page (the end screen)."""
    urls = []
    for game, players, extra in (("alibaba_tiles", "3", []), ("basra", "3", []),
                                 ("sidibaba", "3", ["--option", "segment_seconds=60"])):
        out = manage(e2e_env, "simulate", game, "--matches", "1", "--players", players, "--seed", "5", *extra,
                     "--verbosity", "0").stdout
        assert "0 errors" in out, out
        (match_id,) = simulated_match_ids(out)
        urls += [f"/matches/{match_id}/replay/", f"/matches/{match_id}/"]
    return urls


def violations(page) -> list[str]:
    """axe-core's blocking violations on the page as it is now, one line each (rule, impact, first elements)."""
    page.evaluate(AXE_SCRIPT.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async (tags) => {
             const result = await axe.run(document, {resultTypes: ["violations"], runOnly: {type: "tag", values: tags}});
             return result.violations.map(v => ({id: v.id, impact: v.impact,
               nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + (n.failureSummary || "").split("\\n")[1])}));
           }""",
        TAGS,
    )
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found if v["impact"] in BLOCKING]


def _check(page, base_url, paths, ready=None) -> dict:
    found = {}
    for path in paths:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        if ready:
            ready(page, path)
        if problems := violations(page):
            found[path] = problems
    return found


# On one worker: the module's replays are simulated once, not on each worker that draws one of the four.
@pytest.mark.xdist_group("axe_every_page")
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_is_clean_under_axe_core(live_server_url, new_page, replays, language, width):
    page = new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server_url + "/")
    switch_language(page, language)
    found = _check(page, live_server_url, ANONYMOUS)

    # each test its own person: one person plays at one table at a time
    me = f"axe-{language}-{width}"
    signup(page, live_server_url, me)
    switch_language(page, language)

    def drawn(page, path):
        if "/matches/" in path and path[-2].isdigit():
            page.wait_for_selector("[data-testid=end-panel]:not([hidden])")
        if "/replay/" in path:
            page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
            page.wait_for_selector("[data-testid=replay-seek]:not([hidden])")

    found.update(_check(page, live_server_url, LOGGED_IN + [f"/accounts/u/{me}/"] + replays, ready=drawn))

    start_cave_against_a_bot(page, live_server_url)
    page.wait_for_selector("[data-testid=board]")
    if problems := violations(page):
        found["a treasure-cave match being played"] = problems
    page.click("[data-testid=resign-open]")
    if problems := violations(page):
        found["the Resign question open"] = problems
    for control in ("resign-confirm", "resign-cancel"):
        assert visible_in_viewport(page.locator(f"[data-testid={control}]"), width), f"{control} is off the screen at {width} px"
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items())


@pytest.mark.parametrize("game", ["basra", "sidibaba"])
@pytest.mark.parametrize("width", [1280, 390])
def test_a_live_match_page_is_clean_under_axe_core(live_server_url, new_page, game, width):
    page = new_page()
    page.set_viewport_size({"width": width, "height": 900})
    signup(page, live_server_url, f"axe-{game}-{width}")  # one person plays at one table at a time
    create_table(page, live_server_url, game, 3)
    fill_with_bots(page)
    start(page, 0)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version >= 0")
    page.wait_for_timeout(1000)  # the renderers' first drawing, and a bot's move or two
    assert not (problems := violations(page)), "\n".join(problems)

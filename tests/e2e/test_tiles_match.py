"""A person plays a whole treasure-cave match against a bot in the browser, to the end screen."""
import re
import uuid
from pathlib import Path

import pytest

from tests.e2e.helpers import signup
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MAX_DECISIONS = 300


def _my_frame(page):
    return page.evaluate("window.__lastFrame")


def _wait_for_my_turn_or_end(page):
    page.wait_for_function(
        "() => { const f = window.__lastFrame;"
        " return f && (f.status === 'finished' || f.view.finished || f.legal.length > 0); }",
        timeout=30_000,
    )
    return _my_frame(page)


def _click_for(page, legal, press=None):
    """Answer the prompt the server offers, always taking the first offered choice (using effects); ``press``
    activates a control by its selector (a click by default; tests/e2e/tour.py's Hands: by keyboard)."""
    act = press or page.click
    first = legal[0]
    kind = first["type"]
    if kind == "take":
        takeable = page.locator("[data-takeable='1']")
        # the board marks exactly the tiles the server lets us take
        assert takeable.count() == len(legal)
        act(f"[data-testid='tile-{first['pos']}']")
        return
    if kind == "lamp":
        act("[data-testid=lamp-keep]" if first["swap"] is None else f"[data-testid=lamp-swap-{first['swap']}]")
        return
    if kind == "effect":
        assert page.locator("[data-testid=action-effect]").is_visible()
        uses = [a for a in legal if a.get("use")]
        if not uses:
            act("[data-testid=effect-skip]")
            return
        use = uses[0]
        if "pos" in use:
            # the green target is highlighted on the board; click it there
            act(f"[data-testid='tile-{use['pos']}'][data-green='1']")
        elif "kind" in use:
            act(f"[data-testid=white-kind-{use['kind']}]")
        elif "colour" in use:
            act(f"[data-testid=white-colour-{use['colour']}]")
        else:
            act("[data-testid=effect-use]")
        return
    if kind == "show":
        act(f"[data-testid=show-{first['tile']}]")
        return
    if kind == "choose":
        act(f"[data-testid=choose-{first['tile']}]")
        return
    raise AssertionError(f"unexpected action offered: {first}")


@pytest.mark.default_mode
@pytest.mark.both_modes  # a whole match in a browser against each mode's site
@pytest.mark.parametrize("variant", ["standard", "lamp"])
def test_a_person_plays_a_whole_match_against_a_bot(live_server_url, new_page, variant):
    name = f"cave{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, name)

    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=seats]").fill("2")
    form.locator("select[name=variant]").select_option(variant)
    form.locator("input[name=clock]").fill("0")
    submit_table_form(page, form)
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))

    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    assert page.locator("[data-testid=connection]").get_attribute("data-state") == "open"
    assert page.locator("[data-testid=board]").is_visible()
    assert name in page.locator("[data-testid=scoreboard]").inner_text()

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tiles-first-turn-{variant}.png"))
    if variant == "lamp":
        assert page.locator("[data-testid=bazaar] .chip").count() == 6

    # A spectator sees the same cave without prompts.
    watcher = signup(new_page(), live_server_url, f"watch{uuid.uuid4().hex[:6]}")
    watcher.goto(page.url)
    watcher.wait_for_function("window.__lastFrame && window.__lastFrame.seat === null")
    assert watcher.locator("[data-testid=spectating]").is_visible()
    assert watcher.locator("[data-takeable='1']").count() == 0
    assert watcher.locator("[data-testid=my-screen]").count() == 0
    watched = watcher.evaluate("window.__lastFrame")
    assert watched["legal"] == [] and watched["view"]["me"] is None
    assert watcher.locator("[data-testid=board] [data-testid^=tile-]").count() == len(watched["view"]["board"])
    watcher.close()

    decisions = 0
    kinds_seen = set()
    dropped = refused = False
    while True:
        frame = _wait_for_my_turn_or_end(page)
        if frame["status"] == "finished" or frame["view"]["finished"]:
            break
        assert decisions < MAX_DECISIONS, "the match did not end"
        legal = frame["legal"]
        kinds_seen.add(legal[0]["type"])
        # every decision shows its prompt
        assert page.locator(f"[data-testid=action-{legal[0]['type']}]").count() == 1
        if decisions >= 3 and not refused and legal[0]["type"] == "take":
            # a move the server refuses shows its message in the toast and changes nothing
            refused = True
            # every text the toast shows, in order: a table notice (the busy server's "bots_hurried") may
            # take the toast a moment after the refusal, as it did once in a loaded CI run
            page.evaluate("""() => { const toast = document.querySelector('[data-testid=toast]'); window.__toasts = [];
              new MutationObserver(() => window.__toasts.push(toast.innerText.toLowerCase()))
                .observe(toast, {childList: true, characterData: true, subtree: true}); }""")
            page.evaluate("window.MatchLive.send({type: 'take', pos: '9:9:9'})")
            page.wait_for_function("window.__toasts.some(text => text.includes('no such place'))")
            assert _my_frame(page)["version"] == frame["version"]
            continue
        if decisions == 5 and not dropped:
            # the connection drops: the page reconnects, says hello with its version and resyncs
            dropped = True
            page.evaluate("window.MatchLive.dropConnection()")
            page.wait_for_function("document.body.dataset.connection === 'reconnecting'")
            page.wait_for_function("document.body.dataset.connection === 'open'")
            continue
        _click_for(page, legal)
        decisions += 1
        page.wait_for_function(f"() => window.__lastFrame.version > {frame['version']}", timeout=30_000)

    end = page.locator("[data-testid=end-screen]")
    end.wait_for()
    text = end.inner_text()
    assert name in text
    assert page.locator("[data-testid=final-0]").count() == 1
    assert page.locator("[data-testid=final-1]").count() == 1
    assert page.locator("[data-testid=tie-break]").is_visible()
    final = _my_frame(page)["view"]["final"]
    assert sorted(final["ranks"])[0] == 1
    assert final["totals"] == [s + e for s, e in zip(final["set_points"], final["effect_points"], strict=True)]
    assert "take" in kinds_seen and decisions >= 10
    # nothing is takeable any more
    assert page.locator("[data-takeable='1']").count() == 0
    assert dropped and refused
    page.screenshot(path=str(ARTIFACTS / f"tiles-end-screen-{variant}.png"), full_page=True)

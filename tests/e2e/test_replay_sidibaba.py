"""A long Sidi Baba replay is easy to follow (issue 21, items 10 and 12): every kind of event in its
"Next" list is named in the reader's language, changing "Seen by" keeps the move shown, it never says
"Waiting for the others…", it plays up to 32x and can skip the runs of votes; in English and French,
and its controls fit a 390 px phone."""

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import login, simulated_match_ids, switch_language
from tests.e2e.test_replay import _at
from tests.page_strings import page_strings

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"move_vote": "move vote", "character_chosen": "character chosen", "leader_met": "Leader met",
           "position": "Move {n} of {total}", "skip": "Skip votes"},
    "fr": {"move_vote": "vote de déplacement", "character_chosen": "personnage choisi", "leader_met": "Chef rencontré",
           "position": "Coup {n} sur {total}", "skip": "Sauter les votes"},
}


@pytest.fixture(scope="module")
def sidi_match(e2e_env):
    """One whole Sidi Baba match of four explorer bots (seed 3), its number."""
    out = manage(e2e_env, "simulate", "sidibaba", "--matches", "1", "--players", "4", "--seed", "3",
                 "--option", "segment_seconds=60", "--verbosity", "0").stdout
    assert "0 errors" in out, out
    (match_id,) = simulated_match_ids(out)
    return match_id


def _open(live_server_url, new_page, match_id, language, seat="1", width=1280):
    page = new_page()
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url, "alice")
    switch_language(page, language)
    page.goto(f"{live_server_url}/matches/{match_id}/replay/?seat={seat}")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    page.wait_for_selector("[data-testid=replay-seek]:not([hidden])")
    return page


def _position(page):
    return page.inner_text("[data-testid=replay-position]")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_kind_of_event_is_named_in_the_readers_language(live_server_url, new_page, sidi_match, language):
    page = _open(live_server_url, new_page, sidi_match, language)
    words = WORDS[language]
    assert page.locator("html").get_attribute("lang") == language
    options = dict(page.eval_on_selector_all("[data-testid=replay-event-kind] option",
                                             "os => os.map(o => [o.value, o.textContent.replace(/ \\(\\d+\\)$/, '')])"))
    assert options["move_vote"] == words["move_vote"] and options["character_chosen"] == words["character_chosen"]
    # every kind seen has a name in the page's catalogue (none falls back to its code made into words)
    named = page_strings("sidibaba/static/sidibaba/sidi_strings.js", "EVENT_KINDS", language)
    assert set(options) - set(named) == set()
    if language == "fr":
        assert [code for code, label in options.items() if label.lower() == code.replace("_", " ")] == []
    # and a replay waits for no one
    for step in range(1, 4):
        page.click("#replay-next")
        _at(page, step)
        assert page.locator("[data-testid=waiting]").count() == 0
    assert "Waiting for the others" not in page.inner_text("body") and "On attend les autres" not in page.inner_text("body")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_seen_by_keeps_the_move_and_votes_can_be_skipped_at_up_to_32x(live_server_url, new_page, sidi_match, language):
    page = _open(live_server_url, new_page, sidi_match, language)
    words = WORDS[language]
    steps = int(page.get_attribute("#replay-slider", "max"))
    n = steps // 3
    page.fill("[data-testid=replay-move]", str(n))
    page.click("[data-testid=replay-move-go]")
    _at(page, n)
    # another seat: a new page, at the same move
    with page.expect_navigation():
        page.select_option("[data-testid=replay-viewer]", "0")
    page.wait_for_function(f"window.__lastFrame && window.__lastFrame.seat === 0 && window.__lastFrame.version === {n}")
    assert _position(page) == words["position"].format(n=n, total=steps)
    # a fresh visit still starts at the first move
    page.goto(page.url)
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")

    page.select_option("[data-testid=replay-speed]", "32")
    assert page.get_attribute("[data-testid=replay-controls]", "data-step-ms") == "31.25"
    skip = page.locator("[data-testid=replay-skip-votes-label]")
    skip.wait_for()
    assert skip.is_visible() and skip.inner_text().strip() == words["skip"]
    index = page.evaluate("""async () => (await (await fetch(
        document.getElementById('replay-controls').dataset.eventsUrl)).json()).kinds""")
    votes = set(index["move_vote"]) | set(index.get("line_vote", [])) | set(index.get("discard_vote", []))
    others = {v for code, steps_of in index.items() if not code.endswith("_vote") for v in steps_of}
    vote_only = votes - others
    assert len(vote_only) > 10
    first = min(vote_only) - 1  # just before the first run of votes (the set-up comes first)
    page.fill("[data-testid=replay-move]", str(first))
    page.click("[data-testid=replay-move-go]")
    _at(page, first)
    page.check("[data-testid=replay-skip-votes]")
    page.click("h1")
    landed = []
    for _ in range(8):
        before = page.evaluate("window.__lastFrame.version")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"window.__lastFrame.version > {before}")
        landed.append(page.evaluate("window.__lastFrame.version"))
    assert not set(landed) & vote_only, (landed, sorted(vote_only)[:20])
    assert any(b - a > 1 for a, b in zip([first] + landed, landed, strict=False))  # it jumped over votes
    # played at 32x with the votes skipped, it reaches the end by itself
    page.evaluate("window.__seen = []; MatchLive.on('replay_step', s => window.__seen.push(s.version))")
    page.click("[data-testid=replay-play]")
    page.wait_for_function(f"window.__lastFrame.version === {steps}", timeout=60_000)
    seen = page.evaluate("window.__seen")
    assert seen and not set(seen) & vote_only


def test_the_sidibaba_replay_controls_fit_a_phone_in_french(live_server_url, new_page, sidi_match):
    page = _open(live_server_url, new_page, sidi_match, "fr", width=390)
    page.wait_for_selector("[data-testid=replay-skip-votes-label]:not([hidden])")
    overflow = page.evaluate("""() => {
        const bar = document.getElementById('replay-controls').getBoundingClientRect();
        return Array.from(document.querySelectorAll('#replay-controls *')).filter(el => el.offsetParent)
          .map(el => [el.id || el.dataset.testid || el.tagName, el.getBoundingClientRect().right])
          .filter(([, right]) => right > bar.right + 0.5 || right > window.innerWidth); }""")
    assert overflow == []
    box = page.locator("[data-testid=replay-skip-votes]").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390

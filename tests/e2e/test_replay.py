"""A finished match is replayed step by step on the game's own page."""
import re

import pytest

from tests.e2e.conftest import ARTIFACTS, manage
from tests.e2e.helpers import login, open_replay, simulated_match_ids

pytestmark = pytest.mark.e2e


@pytest.mark.default_mode
def test_replay_steps_through_a_finished_match_to_its_end_screen(live_server_url, e2e_env, new_page):
    out = manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "2", "--seed", "5", "--verbosity", "0").stdout
    assert "1 matches" in out and "0 errors" in out
    page = new_page()
    login(page, live_server_url, "alice")
    open_replay(page, live_server_url, *simulated_match_ids(out))
    page.wait_for_selector("[data-testid=replay-controls]:not([hidden])")
    # The first step: the fresh cave, nothing taken, no end screen.
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    assert page.locator("[data-testid=end-screen]").count() == 0
    page.click("#replay-next")
    page.wait_for_function("window.__lastFrame.version === 1")
    last = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(last))
    page.wait_for_selector("[data-testid=end-screen]")


def test_a_replay_is_seen_from_a_seat_or_from_everywhere_with_its_events(live_server_url, e2e_env, new_page):
    out = manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "3", "--seed", "11", "--verbosity", "0").stdout
    page = new_page()
    login(page, live_server_url, "alice")
    open_replay(page, live_server_url, *simulated_match_ids(out))
    base = page.url

    # everything: at the first step every tile of the cave is drawn face up or not, and every screen
    page.goto(base + "?seat=all")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    board = page.locator("[data-testid=board] [data-testid^=tile-]")
    assert board.count() > 0 and board.count() == page.locator("[data-testid=board] [data-kind]").count()
    assert page.locator("[data-testid=all-hands]").is_visible()
    assert page.locator("[data-testid=replay-viewer]").input_value() == "all"

    # seat 1: its own screen, face-down tiles hidden, and the log fills with what it saw
    page.locator("[data-testid=replay-viewer]").select_option("1")
    page.wait_for_url(re.compile(r"\?seat=1$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0 && window.__lastFrame.seat === 1")
    assert page.locator("[data-testid=my-screen]").is_visible()
    assert page.locator("[data-testid=board] [data-kind]").count() < page.locator("[data-testid=board] [data-testid^=tile-]").count()
    # seen from seat 1, which alice did not sit in (bots played): nobody is marked "you"
    assert page.locator("[data-testid=seat-1]").is_visible()
    assert page.locator(".badge.you").count() == 0
    for step in range(1, 4):
        page.click("#replay-next")
        page.wait_for_function(f"window.__lastFrame.version === {step}")
    assert page.locator("[data-testid=recent] li[data-code=tile_taken]").count() >= 1
    # a jump far ahead and back keeps the log to what happened up to the step shown
    last = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(last))
    page.wait_for_selector("[data-testid=end-screen]")
    page.fill("#replay-slider", "1")
    page.wait_for_function("window.__lastFrame.version === 1")
    versions = page.eval_on_selector_all("[data-testid=recent] li[data-version]", "els => els.map(e => +e.dataset.version)")
    assert versions and max(versions) <= 1


def _simulate_one(e2e_env, *args):
    """Plays one bot match to its end and gives its number."""
    (match_id,) = simulated_match_ids(manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--verbosity", "0", *args).stdout)
    return match_id


def _open_replay(live_server_url, new_page, match_id, seat="spectator"):
    page = new_page()
    login(page, live_server_url, "alice")
    page.goto(f"{live_server_url}/matches/{match_id}/replay/?seat={seat}")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    page.evaluate("window.__seen = []; MatchLive.on('replay_step', s => window.__seen.push(s.version))")
    return page


def _at(page, version):
    page.wait_for_function(f"window.__lastFrame && window.__lastFrame.version === {version}")


def test_a_replay_plays_by_itself_at_the_speed_chosen_and_stops_at_the_end(live_server_url, e2e_env, new_page):
    match_id = _simulate_one(e2e_env, "--players", "2", "--seed", "21", "--option", "clock=60")
    page = _open_replay(live_server_url, new_page, match_id)
    steps = int(page.get_attribute("#replay-slider", "max"))
    assert steps > 10
    # a replay has no clock and no "you are watching" badge
    assert page.locator("[data-testid=countdown]").count() == 1
    assert not page.locator("[data-testid=countdown]").is_visible()
    assert page.locator("[data-testid=spectating]").count() == 0
    assert page.inner_text("[data-testid=replay-position]") == f"Move 0 of {steps}"

    # the speed sets the pace: one move a second at 1x
    for speed, ms in (("2", "500"), ("0.5", "2000"), ("4", "250")):
        page.select_option("[data-testid=replay-speed]", speed)
        assert page.get_attribute("[data-testid=replay-controls]", "data-step-ms") == ms

    # near the end, play: it moves on by itself, one step after another, and stops on the last one
    page.fill("[data-testid=replay-move]", str(steps - 4))
    page.click("[data-testid=replay-move-go]")
    _at(page, steps - 4)
    page.evaluate("window.__seen = []")
    page.click("[data-testid=replay-play]")
    page.wait_for_function(f"window.__lastFrame.version === {steps} && "
                           "document.querySelector('[data-testid=replay-play]').dataset.playing === '0'")
    assert page.evaluate("window.__seen") == list(range(steps - 3, steps + 1))
    page.wait_for_selector("[data-testid=end-screen]")
    assert page.inner_text("[data-testid=replay-position]") == f"Move {steps} of {steps}"

    # the keyboard: left arrow steps back, space plays (to the end again) and pauses
    page.click("h1")
    page.keyboard.press("ArrowLeft")
    _at(page, steps - 1)
    page.keyboard.press("ArrowLeft")
    _at(page, steps - 2)
    page.keyboard.press("ArrowRight")
    _at(page, steps - 1)
    page.keyboard.press(" ")
    page.wait_for_function(f"window.__lastFrame.version === {steps} && "
                           "document.querySelector('[data-testid=replay-play]').dataset.playing === '0'")
    page.keyboard.press(" ")  # from the end, play starts over from the first move
    page.wait_for_function("document.querySelector('[data-testid=replay-play]').dataset.playing === '1'")
    page.focus("#replay-slider")  # on the slider too, space pauses
    page.keyboard.press(" ")
    page.wait_for_function("document.querySelector('[data-testid=replay-play]').dataset.playing === '0'")


def test_a_replay_jumps_to_a_move_or_to_the_next_event_of_a_kind(live_server_url, e2e_env, new_page):
    match_id = _simulate_one(e2e_env, "--players", "3", "--seed", "23")
    page = _open_replay(live_server_url, new_page, match_id, seat="1")
    steps = int(page.get_attribute("#replay-slider", "max"))
    assert page.locator("[data-testid=spectating]").count() == 0

    # move N shows the state after N moves, exactly as the seat saw it
    n = steps // 2
    page.fill("[data-testid=replay-move]", str(n))
    page.click("[data-testid=replay-move-go]")
    _at(page, n)
    assert page.inner_text("[data-testid=replay-position]") == f"Move {n} of {steps}"
    expected = page.evaluate(f"""async () => {{
        const url = document.getElementById('match-page').dataset.replay + '&from={n}&to={n}';
        return (await (await fetch(url)).json()).frames[0].view; }}""")
    assert page.evaluate("window.__lastFrame.view") == expected
    assert page.locator("[data-testid=board] [data-testid^=tile-]").count() == len(expected["board"])
    assert page.locator("[data-testid=my-points]").inner_text() == (
        f"Sets {expected['me']['set_points']} + effects {expected['me']['effect_points']} = "
        f"{expected['me']['set_points'] + expected['me']['effect_points']} points")

    # the next event of a kind, from the kinds this seat saw
    page.wait_for_selector("[data-testid=replay-seek]:not([hidden])")
    index = page.evaluate("""async () => (await (await fetch(
        document.getElementById('replay-controls').dataset.eventsUrl)).json()).kinds""")
    options = page.eval_on_selector_all("[data-testid=replay-event-kind] option", "os => os.map(o => [o.value, o.textContent])")
    assert sorted(v for v, _ in options) == sorted(index)
    assert ["tile_taken", f"tile taken ({len(index['tile_taken'])})"] in options
    page.select_option("[data-testid=replay-event-kind]", "effect_used")
    after = next(v for v in index["effect_used"] if v > n)
    page.click("[data-testid=replay-next-event]")
    _at(page, after)
    assert page.locator(f"[data-testid=recent] li[data-code=effect_used][data-version='{after}']").count() >= 1
    # past the last one of a kind, the page says so and stays put
    page.fill("[data-testid=replay-move]", str(steps))
    page.click("[data-testid=replay-move-go]")
    _at(page, steps)
    page.select_option("[data-testid=replay-event-kind]", "tile_taken")
    page.click("[data-testid=replay-next-event]")
    page.wait_for_selector("[data-testid=toast]:has-text('No more of these after this move.')")
    assert page.evaluate("window.__lastFrame.version") == steps


def test_the_replay_controls_fit_a_phone(live_server_url, e2e_env, new_page):
    match_id = _simulate_one(e2e_env, "--players", "2", "--seed", "25")
    page = _open_replay(live_server_url, new_page, match_id)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("[data-testid=replay-seek]:not([hidden])")
    overflow = page.evaluate("""() => {
        const bar = document.getElementById('replay-controls').getBoundingClientRect();
        return Array.from(document.querySelectorAll('#replay-controls *')).filter(el => el.offsetParent)
          .map(el => [el.id || el.dataset.testid || el.tagName, el.getBoundingClientRect().right])
          .filter(([, right]) => right > bar.right + 0.5 || right > window.innerWidth); }""")
    assert overflow == []
    page.screenshot(path=str(ARTIFACTS / "replay-phone.png"))

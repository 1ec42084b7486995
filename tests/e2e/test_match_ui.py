"""The shared page helpers (matches/static/matches/ui.js) in chromium, without a server.

The generic renderer draws a control per legal action: a button for a
concrete one, a form with a number input, a select or checkboxes for a
domain; submitting sends a concrete action inside the domain, and a wrong
input is refused on the page with a message, sending nothing.
"""

import pytest

from tests.e2e.helpers import HARNESS_TIMEOUT_MS, add_modules, static_file

pytestmark = pytest.mark.e2e


HARNESS = """
window.__sent = []; window.__toasts = [];
window.__render = function (frame) {
  var api = {
    seat: frame.seat, names: ["Ann", "Bob", "Cyd"],
    isYou: function (s) { return s !== null && s !== undefined && s === frame.seat; },
    send: function (action) { window.__sent.push(action); return true; },
    toast: function (m) { window.__toasts.push(m); },
    serverNow: function () { return Date.now() / 1000; },
    t: function (key, data, fallback) { return MatchUI.fmt(fallback || key, data || {}); },
  };
  window.__sent = []; window.__toasts = [];
  var renderer = LiveMatch.genericRenderer();
  renderer.mount(document.getElementById("game-root"), api);
  renderer.update(frame, null, []);
};
"""

OFFER = {"type": "offer", "to": {"one_of": [1, 2]}, "cards": {"subset_of": [12, 31, 40], "max_size": 2},
         "piastres": {"min": 0, "max": 900}}


def frame(legal):
    return {"type": "view", "match": 1, "version": 3, "seat": 0, "status": "running", "view": {"x": 1},
            "legal": legal, "events": [], "to_act": [0], "server_time": 0}


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context()
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_content('<!doctype html><html><body><div id="game-root"></div></body></html>')
    add_modules(pg)
    pg.add_script_tag(content=HARNESS)
    pg.errors = errors
    yield pg
    context.close()


def test_a_concrete_action_is_a_button_that_sends_it(page):
    page.evaluate("f => window.__render(f)", frame([{"type": "done"}, {"type": "bid", "n": 2}]))
    page.click("[data-testid=legal-1]")
    assert page.evaluate("window.__sent") == [{"type": "bid", "n": 2}]
    assert page.errors == []


def test_a_domain_action_is_a_form_that_sends_the_values_chosen(page):
    page.evaluate("f => window.__render(f)", frame([{"type": "done"}, OFFER]))
    form = page.locator("form[data-testid=legal-1]")
    assert form.locator("select[name=to] option").all_inner_texts() == ["1", "2"]
    assert form.locator("input[type=number][name=piastres]").get_attribute("max") == "900"
    form.locator("select[name=to]").select_option(label="2")
    form.locator("input[name=piastres]").fill("150")
    form.locator("[data-testid=legal-1-cards-1]").check()
    form.locator("[data-testid=legal-1-cards-2]").check()
    # max_size 2: the third card cannot be ticked any more
    assert form.locator("[data-testid=legal-1-cards-0]").is_disabled()
    page.click("[data-testid=legal-1-send]")
    assert page.evaluate("window.__sent") == [{"type": "offer", "to": 2, "cards": [31, 40], "piastres": 150}]


def test_a_number_outside_its_range_is_refused_on_the_page(page):
    page.evaluate("f => window.__render(f)", frame([OFFER]))
    page.locator("input[name=piastres]").fill("901")
    page.click("[data-testid=legal-0-send]")
    assert page.evaluate("window.__sent") == []
    assert "piastres" in page.evaluate("window.__toasts")[0]


def test_the_clock_helpers(page):
    assert page.evaluate("[MatchUI.formatClock(75), MatchUI.formatClock(9), MatchUI.formatClock(3725)]") == \
        ["1:15", "0:09", "1:02:05"]
    # a turn-based table's clock: days, then hours (the page is in English here)
    assert page.evaluate("[MatchUI.formatClock(2 * 86400 + 3 * 3600 + 5), MatchUI.formatClock(86400)]") == \
        ["2\u00a0d 3:00:05", "1\u00a0d 0:00:00"]
    assert page.evaluate("[MatchUI.secondsLeft(100, 90.2), MatchUI.secondsLeft(100, 130)]") == [10, 0]


# ---------------------------------------------------------------- live.js: renderers fed by the replay player

PAGE = """<!doctype html><html><body>
<section id="match-page" data-match="5" data-game="demo" data-ws-path="" data-replay="/replay.json?seat=1"
         data-replay-steps="3">
  <div class="conn" data-testid="connection"><span class="status-dot"></span><span class="conn-label"></span></div>
  <div id="replay-controls" hidden><button id="replay-prev"></button><input type="range" id="replay-slider">
    <button id="replay-next"></button><span id="replay-position"></span></div>
  <div id="main-root" data-renderer="main"></div>
  <div id="map-root" data-renderer="map"></div>
  <div id="generic-actions" hidden></div>
  <div id="match-toast" hidden></div>
</section>
<script type="application/json" id="match-seat">1</script>
<script type="module">
  import { LiveMatch } from "/static/matches/ui.js";
  import { start } from "/static/matches/live.js";
  window.__calls = [];
  ["main", "map"].forEach(function (name) {
    LiveMatch.registerRenderer("demo", name, {
      mount: function (el, api) { this.el = el; this.api = api; window.__calls.push([name, "mount", el.id, api.seat]); },
      update: function (frame, previous, events) {
        this.el.textContent = name + " " + frame.version;
        window.__calls.push([name, "update", frame.version, previous ? previous.version : null,
                             events.map(function (e) { return e.version; }), this.api.serverNow()]);
      },
      destroy: function () {},
    });
  });
  start([]);
</script>
</body></html>"""

REPLAY = {"match": 5, "game": "demo", "viewer": "1", "steps": 3, "chunk": 100, "frames": [
    {"version": v, "seat": 0, "action": None, "server_time": 1000.0 + v, "view": {"n": v},
     "events": [{"code": "moved", "version": v}] if v else []}
    for v in range(4)
]}


def test_every_renderer_the_page_names_is_mounted_once_and_fed_the_replays_frames(browser):
    import json

    context = browser.new_context()
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    def serve(route):
        path = route.request.url.split("http://harness.test", 1)[1]
        if path.startswith("/replay.json"):
            route.fulfill(content_type="application/json", body=json.dumps(REPLAY))
        elif path.startswith("/static/"):
            route.fulfill(content_type="text/javascript", body=static_file(path[len("/static/"):]).read_text())
        else:
            route.fulfill(content_type="text/html", body=PAGE)

    context.route("http://harness.test/**", serve)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("http://harness.test/match")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    page.click("#replay-next")
    page.wait_for_function("window.__lastFrame.version === 1")
    page.fill("#replay-slider", "3")
    page.wait_for_function("window.__lastFrame.version === 3")
    calls = page.evaluate("window.__calls")
    assert [c for c in calls if c[1] == "mount"] == [["main", "mount", "main-root", 1], ["map", "mount", "map-root", 1]]
    updates = {name: [c[2:] for c in calls if c[0] == name and c[1] == "update"] for name in ("main", "map")}
    # (version, previous version, versions of the events handed over, the server's clock at that step)
    assert updates["main"] == updates["map"] == [[0, None, [], 1000.0], [1, 0, [1], 1001.0], [3, 1, [1, 2, 3], 1003.0]]
    assert page.inner_text("#map-root") == "map 3"
    assert errors == []
    context.close()

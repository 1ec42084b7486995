"""The Sidi Baba page's renderers, fed frames of the pure engine in chromium (no server): the first-person
canvas is drawn and animates a move, the controls offer exactly `legal` (keyboard included), and the
Leader's map picks his setup squares and Event targets from `legal`."""
import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from sidibaba import engine
from tests.sidibaba.helpers import move, set_up

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "sidibaba"
ARTIFACTS = ROOT / "test-artifacts"
NAMES = ["Leader", "Ann", "Bob", "Cyd"]
SCRIPTS = ("sidi_common.js", "sidi_view3d.js", "sidi_map.js", "sidi_controls.js")


def page_blocks():
    """The renderers' elements and the sidi-i18n catalogue exactly as match.html renders them (English)."""
    source = (APP / "templates/sidibaba/match.html").read_text()
    renderers = re.search(r"{% block renderers %}(.*?){% endblock %}", source, re.S).group(1)
    catalogue = re.search(r'<script type="application/json" id="sidi-i18n">.*?</script>', source, re.S).group(0)
    with translation.override("en"):
        html = Template("{% load i18n static %}" + renderers + catalogue).render(Context({}))
    json.loads(re.search(r'id="sidi-i18n">(.*)</script>', html, re.S).group(1))  # it must be valid JSON
    return html


HARNESS = """
window.__sent = [];
window.__mount = function (seat) {
  var names = %s;
  var api = {
    seat: seat, names: names,
    name: function (s) { return s === null || s === undefined ? "" : names[s]; },
    send: function (action) { window.__sent.push(action); return true; },
    toast: function () {}, frame: function () { return window.__frame; },
    serverNow: function () { return window.__now; },
    t: function (key, data, fallback) { return fallback || key; },
  };
  window.__renderers = [];
  document.querySelectorAll("[data-renderer]").forEach(function (el) {
    var r = LiveMatch.renderer("sidibaba", el.dataset.renderer);
    r.mount(el, api);
    window.__renderers.push(r);
  });
  window.__previous = null;
};
window.__update = function (frame, events) {
  window.__frame = frame;
  window.__renderers.forEach(function (r) { r.update(frame, window.__previous, events || []); });
  window.__previous = frame;
};
""" % json.dumps(NAMES)


def frame_of(state, seat, version, events=()):
    return {"type": "view", "match": 1, "version": version, "seat": seat, "status": "running",
            "view": engine.view(state, seat), "legal": engine.legal_actions(state, seat),
            "to_act": [], "events": list(events), "server_time": 10.0}


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(5_000)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_content("<!doctype html><html><head><meta charset=utf-8></head><body>"
                   + page_blocks() + "</body></html>")
    pg.add_style_tag(path=str(APP / "static/sidibaba/sidibaba.css"))
    pg.add_script_tag(path=str(ROOT / "matches/static/matches/ui.js"))
    for script in SCRIPTS:
        pg.add_script_tag(path=str(APP / "static/sidibaba" / script))
    pg.add_script_tag(content=HARNESS)
    pg.evaluate("window.__now = 10")
    yield pg
    assert errors == []
    context.close()


def show(page, state, seat, version, events=()):
    page.evaluate("([f, e]) => window.__update(f, e)", [frame_of(state, seat, version), list(events)])


def canvas_pixels(page):
    return page.evaluate("document.querySelector('[data-testid=sight-canvas]').toDataURL()")


def test_the_first_person_view_is_drawn_and_a_turn_is_animated(page):
    state = move(set_up(players=4), "E")
    page.evaluate("window.__mount(1)")
    show(page, state, 1, 1)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-adventurer.png"))
    before = canvas_pixels(page)
    turned = move(state, "C")
    events = [{"code": "moved", "move": "C", "stepped": False, "version": 2}]
    show(page, turned, 1, 2, events)
    assert page.get_attribute("[data-testid=sight-canvas]", "data-animating") == "1"
    page.wait_for_timeout(120)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-turning.png"))
    page.wait_for_function("!document.querySelector('[data-testid=sight-canvas]').dataset.animating")
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-turned.png"))
    assert canvas_pixels(page) != before


def test_the_move_pad_offers_exactly_the_legal_moves_and_the_keys_vote(page):
    state = set_up(players=4)  # outside: only D, E, F
    page.evaluate("window.__mount(1)")
    show(page, state, 1, 1)
    legal_moves = {a["move"] for a in engine.legal_actions(state, 1) if a["type"] == "vote_move"
                   for a in [{"move": m} for m in a["move"]["one_of"]]}
    offered = set(page.eval_on_selector_all("[data-testid^=move-][data-legal='1']", "els => els.map(e => e.dataset.testid.slice(5))"))
    assert offered == legal_moves == {"D", "E", "F"}
    page.keyboard.press("ArrowLeft")  # A is not legal outside: nothing is sent
    page.keyboard.press("ArrowUp")
    page.keyboard.press("f")
    assert page.evaluate("window.__sent") == [{"type": "vote_move", "move": "E"}, {"type": "vote_move", "move": "F"}]


def test_the_hourglass_counts_down_on_the_server_clock(page):
    state = set_up(players=4, seconds=60)
    page.evaluate("window.__mount(1)")
    page.evaluate("window.__now = 10")
    show(page, state, 1, 1)
    first = int(page.get_attribute("[data-testid=hourglass]", "data-seconds"))
    page.evaluate("window.__now = 25")
    page.wait_for_timeout(400)
    assert int(page.get_attribute("[data-testid=hourglass]", "data-seconds")) == first - 15


def test_the_leader_places_his_setup_by_clicking_the_map(page):
    state = engine.new_game(4, {"segment_seconds": 60, "maze": "grotto"}, 3, 0.0)
    page.evaluate("window.__mount(0)")
    show(page, state, 0, 0)
    legal_cells = {c for a in engine.legal_actions(state, 0) if a["type"] == "place_treasure" for c in a["cell"]["one_of"]}
    targets = set(page.eval_on_selector_all("[data-target='1']", "els => els.map(e => +e.dataset.testid.split('-')[1])"))
    assert targets == legal_cells
    page.click("[data-testid=cell-63]")
    assert page.evaluate("window.__sent") == [{"type": "place_treasure", "cell": 63}]
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-leader-setup.png"))


def test_the_leader_picks_an_event_target_on_the_map(page):
    state = move(set_up(players=4), "E")
    page.evaluate("window.__mount(0)")
    show(page, state, 0, 1)
    plays = [a for a in engine.legal_actions(state, 0) if a["type"] == "play_event" and a["use"] == "move"]
    assert plays
    play = plays[0]
    page.click(f"[data-testid=event-{play['event']}-move]")
    ends = {p[-1] for p in play["path"]["one_of"]}
    targets = set(page.eval_on_selector_all("[data-target='1']", "els => els.map(e => +e.dataset.testid.split('-')[1])"))
    assert targets == ends
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-leader-event.png"))
    end = sorted(ends)[0]
    page.click(f"[data-testid=cell-{end}]")
    sent = page.evaluate("window.__sent")
    assert sent[0]["type"] == "play_event" and sent[0]["path"][-1] == end and sent[0]["path"] in play["path"]["one_of"]


@pytest.mark.parametrize("what", ["chest", "treasure", "leader_and_arrows", "open_chest"])
def test_what_lies_in_front_is_drawn_on_the_canvas(page, what):
    from tests.sidibaba.helpers import edit

    plain = move(set_up(players=4, chests=[9, 18, 27, 36, 45]), "E")  # in cell 3 facing south: cell 11 in front
    changes = {
        "chest": {"chests": [11, 18, 27, 36, 45]},
        "open_chest": {"chests": [18, 27, 36, 45], "chests_open": [11]},
        "treasure": {"treasure_at": 11},
        "leader_and_arrows": {"leader_at": 11, "arrows": [[11, "blue", 2], [11, "red", 1]]},
    }[what]
    state = edit(plain, **changes)
    page.evaluate("window.__mount(1)")
    show(page, plain, 1, 1)
    empty = canvas_pixels(page)
    show(page, state, 1, 2)
    assert canvas_pixels(page) != empty
    assert page.text_content("[data-testid=sight-front]") != "Nothing on the square in front."
    page.screenshot(path=str(ARTIFACTS / f"sidibaba-page-front-{what}.png"), clip={"x": 0, "y": 0, "width": 660, "height": 470})


def test_a_step_walks_the_camera_forward_from_daylight_into_the_cave(page):
    outside = set_up(players=4)
    page.evaluate("window.__mount(2)")
    show(page, outside, 2, 1)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-outside.png"), clip={"x": 0, "y": 0, "width": 660, "height": 470})
    before = canvas_pixels(page)
    inside = move(outside, "F")
    # every picture painted while the move animates, one per animation frame
    page.evaluate("""([f, e]) => { window.__update(f, e); window.__pictures = [];
      const c = document.querySelector('[data-testid=sight-canvas]');
      (function grab() { window.__pictures.push(c.toDataURL()); if (c.dataset.animating) requestAnimationFrame(grab); })(); }""",
                  [frame_of(inside, 2, 2), [{"code": "moved", "move": "F", "stepped": True, "version": 2}]])
    assert page.get_attribute("[data-testid=sight-canvas]", "data-animating") == "1"
    page.wait_for_timeout(120)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-stepping.png"), clip={"x": 0, "y": 0, "width": 660, "height": 470})
    page.wait_for_function("!document.querySelector('[data-testid=sight-canvas]').dataset.animating")
    after = canvas_pixels(page)
    in_between = set(page.evaluate("window.__pictures")) - {before, after}
    assert len(in_between) >= 2  # pictures between the two views: not a jump cut


def test_the_page_speaks_french():
    source = (APP / "templates/sidibaba/match.html").read_text()
    catalogue = re.search(r'<script type="application/json" id="sidi-i18n">.*?</script>', source, re.S).group(0)
    with translation.override("fr"):
        html = Template("{% load i18n static %}" + catalogue).render(Context({}))
    strings = json.loads(re.search(r'id="sidi-i18n">(.*)</script>', html, re.S).group(1))
    assert strings["moves"] == "Par où ?"
    assert strings["move_E"] == "E : avancer"
    assert strings["front_landslide"] != "A landslide blocks the way."  # its French comes from the engine messages

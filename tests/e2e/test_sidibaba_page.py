"""The Sidi Baba page's renderers, fed frames of the pure engine in chromium (no server): the first-person
canvas is drawn and animates a move, the controls offer exactly `legal` (keyboard included), and the
Leader's map picks his setup squares and Event targets from `legal`."""
import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation
from playwright.sync_api import expect

from sidibaba import engine
from tests.e2e.helpers import HARNESS_TIMEOUT_MS, add_modules
from tests.page_strings import page_strings
from tests.sidibaba.helpers import edit, give_tokens, move, set_up

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "sidibaba"
ARTIFACTS = ROOT / "test-artifacts"
NAMES = ["Leader", "Ann", "Bob", "Cyd"]
SCRIPTS = ("sidi_common.js", "sidi_view3d.js", "sidi_map.js", "sidi_controls.js", "sidi_log.js")


def page_blocks():
    """The renderers' elements exactly as match.html renders them (English; the strings are the scripts')."""
    source = (APP / "templates/sidibaba/match.html").read_text()
    renderers = re.search(r"{% block renderers %}(.*?){% endblock %}", source, re.S).group(1)
    with translation.override("en"):
        return Template("{% load i18n static %}" + renderers).render(Context({}))


HARNESS = """
window.__sent = [];
window.__mount = function (seat) {
  var names = %s;
  var api = {
    seat: seat, names: names,
    isYou: function (s) { return s !== null && s !== undefined && s === seat; },
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
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_content("<!doctype html><html><head><meta charset=utf-8></head><body>"
                   + page_blocks() + "</body></html>")
    pg.add_style_tag(path=str(APP / "static/sidibaba/sidibaba.css"))
    add_modules(pg, [APP / "static/sidibaba" / script for script in SCRIPTS])
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
    # The animation's frames come only when the test says: installed, the fake clock still flows by itself
    # (a loaded machine once let the whole animation run before the first look), paused it does not.
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    show(page, turned, 1, 2, events)
    assert page.get_attribute("[data-testid=sight-canvas]", "data-animating") == "1"
    page.clock.run_for(120)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-turning.png"))
    page.clock.run_for(400)
    assert page.get_attribute("[data-testid=sight-canvas]", "data-animating") is None
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
    # The page's clock is Playwright's from here: the animation's frames come when the test says, so
    # that a busy machine (a late first frame finds the quarter second over) cannot skip the walk.
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # installed alone, it still flows by itself
    # every picture painted while the move animates, one per animation frame
    animating = page.evaluate("""([f, e]) => { window.__update(f, e); window.__pictures = [];
      const c = document.querySelector('[data-testid=sight-canvas]');
      (function grab() { window.__pictures.push(c.toDataURL()); if (c.dataset.animating) requestAnimationFrame(grab); })();
      return c.dataset.animating; }""", [frame_of(inside, 2, 2), [{"code": "moved", "move": "F", "stepped": True, "version": 2}]])
    assert animating == "1"
    page.clock.run_for(120)
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-stepping.png"), clip={"x": 0, "y": 0, "width": 660, "height": 470})
    page.clock.run_for(400)
    assert page.get_attribute("[data-testid=sight-canvas]", "data-animating") is None
    after = canvas_pixels(page)
    in_between = set(page.evaluate("window.__pictures")) - {before, after}
    assert len(in_between) >= 2  # pictures between the two views: not a jump cut


def test_the_page_speaks_french():
    strings = page_strings("sidibaba/static/sidibaba/sidi_strings.js", "SIDI", "fr")
    assert strings["moves"] == "Par où ?"
    assert strings["move_E"] == "E : avancer"
    assert strings["front_landslide"] != "A landslide blocks the way."  # its French comes from the engine messages


def test_the_line_is_reordered_with_the_arrows_and_proposed(page):
    state = move(set_up(players=4), "E")
    page.evaluate("window.__mount(2)")
    show(page, state, 2, 1)
    assert [a for a in engine.legal_actions(state, 2) if a["type"] == "propose_line"]
    assert page.is_disabled("[data-testid=propose-line]")  # the line as it is: nothing to propose
    page.click("[data-testid=line-editor] summary")
    page.click("[data-testid=line-down-1]")  # 1 2 3 -> 2 1 3
    page.click("[data-testid=line-down-1]")  # -> 2 3 1
    page.click("[data-testid=line-up-3]")    # -> 3 2 1
    assert page.eval_on_selector_all("[data-testid^=reorder-]", "els => els.map(e => +e.dataset.seat)") == [3, 2, 1]
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-line-editor.png"))
    page.click("[data-testid=propose-line]")
    sent = page.evaluate("window.__sent")
    assert sent == [{"type": "propose_line", "line": [3, 2, 1]}]
    engine.apply(state, 2, sent[0], 2.0)  # the engine takes it as sent


@pytest.mark.parametrize("seat", [0, 1])
def test_every_action_of_the_game_has_its_own_control(page, seat):
    """No action falls back to the platform's generic inputs (live.js draws those for types no renderer lists)."""
    from sidibaba.engine.rules import HANDLERS, SYSTEM_ACTIONS

    page.evaluate(f"window.__mount({seat})")
    covered = set(page.evaluate("window.__renderers.flatMap(r => r.actions === '*' ? [] : r.actions)"))
    assert set(HANDLERS) - set(SYSTEM_ACTIONS) - {"lamp_expired"} - covered == set()


def test_the_which_way_genie_offer_picks_my_jewels(page):
    state = give_tokens(move(set_up(players=4), "E"), 1, ["way_treasure"])
    genie = next(a for a in engine.legal_actions(state, 1) if a["type"] == "use_genie")
    state, _ = engine.apply(state, 1, genie, 2.0)
    page.evaluate("window.__mount(2)")
    show(page, state, 2, 2)
    jewels = next(a for a in engine.legal_actions(state, 2) if a["type"] == "offer")["tokens"]["subset_of"]
    offered = page.eval_on_selector_all("[data-testid^=offer-token-]", "els => els.map(e => +e.dataset.testid.split('-')[2])")
    assert offered == jewels  # exactly my jewels, no one else's
    assert page.inner_text("[data-testid=offer-send]") == "Offer nothing"
    page.click(f"[data-testid=offer-token-{jewels[0]}]")
    page.click(f"[data-testid=offer-token-{jewels[2]}]")
    page.click(f"[data-testid=offer-token-{jewels[0]}]")  # changed my mind about this one
    assert page.get_attribute(f"[data-testid=offer-token-{jewels[2]}]", "aria-pressed") == "true"
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-genie-offer.png"))
    page.click("[data-testid=offer-send]")
    sent = page.evaluate("window.__sent")
    assert sent == [{"type": "offer", "tokens": [jewels[2]]}]
    engine.apply(state, 2, sent[0], 3.0)


def test_the_padlock_opener_hands_each_token_to_an_adventurer(page):
    base = give_tokens(move(set_up(players=4), "E"), 1, ["gold1", "gold2"])
    tokens = base["hands"][1][-2:]
    hands = [h[:] for h in base["hands"]]
    hands[1] = [t for t in hands[1] if t not in tokens]
    state = edit(base, hands=hands, pending=[{"kind": "padlock_give", "opener": 1, "slots": tokens, "to": [2, 3], "started": True}])
    page.evaluate("window.__mount(1)")
    show(page, state, 1, 2)
    legal = {(0 + a["slot"], a["to"]) for a in engine.legal_actions(state, 1) if a["type"] == "give_token"
             for a in [{"slot": s, "to": t} for s in a["slot"]["one_of"] for t in a["to"]["one_of"]]}
    buttons = page.eval_on_selector_all(
        "[data-testid^=give-token-]", "els => els.map(e => e.dataset.testid.split('-').slice(2).map(Number))"
    )
    assert {tuple(b) for b in buttons} == legal
    # each button shows the name beside the token's chip and says the whole handing out to a screen reader
    kinds = ["gold 1", "gold 2"]  # the tokens behind the padlock, slot by slot (give_tokens above)
    for slot, to in legal:
        button = page.get_by_test_id(f"give-token-{slot}-{to}")
        expect(button).to_have_accessible_name(re.compile(rf"^Give {kinds[slot]} to \S+$"))
    page.screenshot(path=str(ARTIFACTS / "sidibaba-page-padlock.png"))
    page.click("[data-testid=give-token-1-3]")
    sent = page.evaluate("window.__sent")
    assert sent == [{"type": "give_token", "slot": 1, "to": 3}]
    engine.apply(state, 1, sent[0], 3.0)


def test_the_event_log_words_every_event_it_receives(page):
    state = set_up(players=4, seconds=60, now=0.0)
    at, expiry = engine.deadline(state)
    expired, events = engine.apply(state, None, expiry, at)
    voted, more = engine.apply(expired, 1, {"type": "vote_move", "move": "E"}, at + 1)
    page.evaluate("window.__mount(1)")
    shown = [dict(e, version=1) for e in events] + [dict(e, version=2) for e in more]
    show(page, voted, 1, 2, [e for e in shown if e["visible_to"] == "all" or 1 in e["visible_to"]])
    lines = page.eval_on_selector_all("[data-testid=event-log] li", "els => els.map(e => e.textContent)")
    assert "Lamp 1 has gone out." in lines
    assert "Ann (you) votes E: step ahead." in lines
    assert not [line for line in lines if re.search(r"[a-z]+_[a-z]+", line)]  # no raw codes

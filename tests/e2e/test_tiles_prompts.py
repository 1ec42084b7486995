"""Every decision prompt of the treasure-cave page offers exactly the server's legal choices.

Engine states that reach each decision (take, with and without a white restriction;
the pink, blue, brown and yellow effects; green; white; yellow show and choose; the
lamp) are found by playing seeded random games on the pure engine, so they are
deterministic and need no hand-edited state.  Each is rendered by tiles.js's
registered renderer (mount, then update) in chromium with a recording api; the page must offer one control per legal action
and nothing else, and clicking each control must send exactly that action.
"""
import json
import random
from functools import cache
from pathlib import Path

import pytest

from alibaba_tiles.engine import apply, legal_actions, new_game, result, view
from alibaba_tiles.selfplay import acting_seat
from tests.e2e.helpers import HARNESS_TIMEOUT_MS, add_modules

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "alibaba_tiles"
NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
SEEDS = range(60)


# ---------------------------------------------------------------- engine states


def _effect_colour(state, seat):
    return next(p["effect"] for p in view(state, seat)["pending"] if p["seat"] == seat and p["decision"] == "effect")


def _situation(state, seat, legal):
    """The name of the prompt `legal` asks `seat` to answer in `state`."""
    kind = legal[0]["type"]
    if kind == "take":
        restricted = [r for r in state["restrictions"] if r["by"] != seat]
        return "take-restricted" if restricted else "take"
    if kind == "effect":
        uses = [a for a in legal if a.get("use")]
        if any("pos" in a for a in uses):
            return "green"
        if any("kind" in a or "colour" in a for a in uses):
            return "white"
        return "effect-" + _effect_colour(state, seat)
    return kind


def _rich(name, state, seat, legal):
    """Prefer states where the prompt has a real choice to make."""
    if name == "take-restricted":  # the restriction must actually forbid a face-up tile
        return len(legal) < len(state["up"])
    if name in ("green", "show", "choose", "lamp"):  # (effect skip or lamp keep) + at least 2 more
        return len(legal) >= (3 if name in ("green", "lamp") else 2)
    return True


@cache
def find(name, players, variant):
    """(state, seat) of the first seeded random game reaching prompt `name` for some seat."""
    fallback = None
    for seed in SEEDS:
        state = new_game(players, {"variant": variant}, seed)
        rng = random.Random(seed)
        now = 0.0
        while result(state) is None:
            for seat in range(players):
                legal = legal_actions(state, seat)
                if legal and _situation(state, seat, legal) == name:
                    if _rich(name, state, seat, legal):
                        return state, seat
                    fallback = fallback or (state, seat)
            seat = acting_seat(state)
            now += 1.0
            state, _ = apply(state, seat, rng.choice(legal_actions(state, seat)), now)
    assert fallback, f"no seeded game reached the {name} prompt"
    return fallback


SCENARIOS = {
    # name: (players, variant)
    "take": (3, "standard"),
    "take-restricted": (3, "standard"),
    "effect-pink": (3, "standard"),
    "effect-blue": (3, "standard"),
    "effect-brown": (3, "standard"),
    "effect-yellow": (3, "standard"),
    "green": (3, "standard"),
    "white": (3, "standard"),
    "show": (3, "standard"),
    "choose": (3, "standard"),
    "lamp": (3, "lamp"),
}


def frame_for(state, seat, version=7):
    frame = {"type": "view", "match": 1, "version": version, "seat": seat, "status": "running",
             "view": view(state, seat), "legal": legal_actions(state, seat)}
    return json.loads(json.dumps(frame))  # exactly what the socket would carry


def control_of(action):
    """The control tiles.js must offer for one legal action."""
    kind = action["type"]
    if kind == "take":
        return f"tile-{action['pos']}"
    if kind == "lamp":
        return "lamp-keep" if action["swap"] is None else f"lamp-swap-{action['swap']}"
    if kind == "effect":
        if not action["use"]:
            return "effect-skip"
        if "pos" in action:
            return f"green-{action['pos']}"
        if "kind" in action:
            return f"white-kind-{action['kind']}"
        if "colour" in action:
            return f"white-colour-{action['colour']}"
        return "effect-use"
    if kind in ("show", "choose"):
        return f"{kind}-{action['tile']}"
    raise AssertionError(f"unknown action {action!r}")


# ---------------------------------------------------------------- the page


HARNESS = """
window.__sent = []; window.__toasts = [];
window.__render = function (frame) {
  var names = %s;
  var api = {
    seat: frame.seat, names: names,
    isYou: function (s) { return s !== null && s !== undefined && s === frame.seat; },
    name: function (s) { return s === null || s === undefined ? "" : (names[s] !== undefined ? names[s] : "#" + (s + 1)); },
    send: function (action) { window.__sent.push(action); return true; },
    toast: function (m) { window.__toasts.push(m); },
    frame: function () { return frame; },
    serverNow: function () { return Date.now() / 1000; },
    t: function (key, data, fallback) { return fallback || key; },
  };
  window.__sent = [];
  // a fresh renderer per frame: the seat (and so the api) changes from one scenario to the next
  var renderer = LiveMatch.renderer("alibaba_tiles", "main");
  if (window.__mounted) renderer.destroy();
  renderer.mount(document.getElementById("game-root"), api);
  window.__mounted = true;
  renderer.update(frame, null, []);
};
""" % json.dumps(NAMES)


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_content("<!doctype html><html><head><meta charset=utf-8></head><body>"
                    + '<div id="game-root"></div></body></html>')
    pg.add_style_tag(path=str(APP / "static/alibaba_tiles/tiles.css"))
    add_modules(pg, [APP / "static/alibaba_tiles/tiles.js"])
    pg.add_script_tag(content=HARNESS)
    pg.errors = errors
    yield pg
    context.close()


def render(page, frame):
    page.evaluate("f => window.__render(f)", frame)


def offered(page):
    """The prompt's buttons, and the board tiles marked takeable or as green targets."""
    return page.evaluate("""() => ({
      buttons: Array.from(document.querySelectorAll('[data-testid=prompt] button')).map(b => b.dataset.testid),
      takeable: Array.from(document.querySelectorAll('[data-takeable="1"]')).map(e => e.dataset.testid),
      green: Array.from(document.querySelectorAll('[data-green="1"]')).map(e => e.dataset.testid),
      prompt: (document.querySelector('[data-testid=prompt]') || {}).className || '',
    })""")


def click_and_record(page, frame, testid):
    render(page, frame)  # a fresh render: one action per frame
    page.locator(f'[data-testid="{testid}"]').click()
    return page.evaluate("window.__sent")


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_prompt_offers_the_legal_choices_and_sends_the_one_clicked(page, name):
    state, seat = find(name, *SCENARIOS[name])
    frame = frame_for(state, seat)
    legal = frame["legal"]
    assert legal and _situation(state, seat, legal) == name
    expected = {control_of(a): a for a in legal}
    assert len(expected) == len(legal), f"two legal actions map to one control: {legal}"

    render(page, frame)
    got = offered(page)
    kind = legal[0]["type"]
    context = f"{name}: legal={legal}\noffered={got}"
    if kind == "take":
        assert got["buttons"] == [], context
        assert sorted(got["takeable"]) == sorted(expected), context
        assert got["green"] == [], context
    else:
        assert got["takeable"] == [], context
        assert sorted(got["buttons"]) == sorted(expected), context  # one each, nothing more
        greens = {control_of(a).replace("green-", "tile-"): a for a in legal if "pos" in a}
        assert sorted(got["green"]) == sorted(greens), context

    clicks = dict(expected)
    if kind == "effect":  # the green targets may be clicked on the board too
        clicks.update({control_of(a).replace("green-", "tile-"): a for a in legal if "pos" in a})
    for testid, action in clicks.items():
        sent = click_and_record(page, frame, testid)
        assert sent == [action], f"{name}: clicked {testid}, sent {sent}, expected {action}; legal={legal}"
        assert sent[0] in legal
    assert page.errors == [], page.errors


def test_the_white_prompt_names_every_kind_and_colour(page):
    state, seat = find("white", *SCENARIOS["white"])
    frame = frame_for(state, seat)
    render(page, frame)
    got = offered(page)
    kinds = sorted(a["kind"] for a in frame["legal"] if "kind" in a)
    colours = sorted(a["colour"] for a in frame["legal"] if "colour" in a)
    assert kinds and colours
    assert sorted(t[len("white-kind-"):] for t in got["buttons"] if t.startswith("white-kind-")) == kinds
    assert sorted(t[len("white-colour-"):] for t in got["buttons"] if t.startswith("white-colour-")) == colours
    assert click_and_record(page, frame, f"white-kind-{kinds[0]}") == [
        {"type": "effect", "use": True, "kind": kinds[0]}]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_seat_with_nothing_to_decide_is_offered_nothing(page, name):
    state, _ = find(name, *SCENARIOS[name])
    idle = [s for s in range(state["players"]) if not legal_actions(state, s)]
    assert idle
    render(page, frame_for(state, idle[0]))
    got = offered(page)
    assert got["buttons"] == [] and got["takeable"] == [] and got["green"] == [], got
    assert page.locator("[data-testid=waiting]").count() == 1
    assert page.errors == [], page.errors

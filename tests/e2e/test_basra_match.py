"""A person plays a whole Ali Baba in Basra match against two bots in the browser, to the final ranking:
movement cards, the junction, buying, the windows of a capture (with their countdown) and a trade offer."""
import itertools
import re
import uuid
from pathlib import Path

import pytest

from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MAX_DECISIONS = 400


def _frame(page):
    return page.evaluate("window.__lastFrame")


def _wait_for_my_move_or_end(page, version):
    page.wait_for_function(
        "(v) => { const f = window.__lastFrame;"
        " return f && (f.status === 'finished' || f.view.finished || (f.legal.length > 0 && f.version >= v)); }",
        arg=version, timeout=60_000,
    )
    return _frame(page)


def _is_domain(value):
    return isinstance(value, dict) and bool({"min", "one_of", "subset_of"} & set(value))


def _expected_controls(legal):
    """(concrete actions as buttons, number of forms): what the prompt must offer for `legal`."""
    buttons, forms = [], 0
    for action in legal:
        domains = {k: v for k, v in action.items() if _is_domain(v)}
        if all("one_of" in d for d in domains.values()):
            keys = list(domains)
            for values in itertools.product(*(domains[k]["one_of"] for k in keys)):
                buttons.append({**action, **dict(zip(keys, values))})
        else:
            forms += 1
    return buttons, forms


def _prompt_offers_exactly_legal(page):
    """The frame on screen and its prompt, read at one moment (a bot may act between two reads)."""
    snap = page.evaluate("""() => ({
        frame: window.__lastFrame,
        shown: Array.from(document.querySelectorAll("[data-testid=prompt] button[data-action]")).map(e => JSON.parse(e.dataset.action)),
        forms: document.querySelectorAll("[data-testid=prompt] form.action-form").length,
        countdown: Number((document.querySelector("[data-testid=window-countdown]") || {dataset: {}}).dataset.secondsLeft) })""")
    buttons, forms = _expected_controls(snap["frame"]["legal"])
    key = lambda a: sorted((k, str(v)) for k, v in a.items())  # noqa: E731
    assert sorted(map(key, snap["shown"])) == sorted(map(key, buttons))
    assert snap["forms"] == forms
    return dict(snap["frame"], _countdown=snap["countdown"])


# Bots act every 0.15 s and each frame redraws the page, so the person's click is made in the same moment
# as it is checked: the button (or form) of the frame on screen, or nothing if a newer frame came.
CLICK = """([version, selector, action]) => {
  if (window.__lastFrame.version !== version) return false;
  const buttons = Array.from(document.querySelectorAll(selector));
  const el = action ? buttons.find(b => b.dataset.action === JSON.stringify(action)) : buttons[0];
  if (!el) return false;
  el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  return true;
}"""
FILL = """([version, index, action, piastres]) => {
  if (window.__lastFrame.version !== version) return false;
  const form = document.querySelector(`[data-testid=prompt] form[data-testid=legal-${index}]`);
  if (!form) return false;
  for (const [key, domain] of Object.entries(action)) {
    if (domain && domain.subset_of) {
      for (let i = 0; i < Math.max(1, domain.min_size || 0); i++) form.querySelector(`[data-testid=legal-${index}-${key}-${i}]`).click();
    } else if (domain && domain.min !== undefined) {
      form.querySelector(`[data-testid=legal-${index}-${key}]`).value = String(Math.max(domain.min, Math.min(piastres, domain.max)));
    }
  }
  form.querySelector(`[data-testid=legal-${index}-send]`).click();
  return true;
}"""


def test_a_person_plays_basra_against_two_bots_to_the_final_ranking(live_server_url, new_page):
    name = f"basra{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, name)
    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("basra")
    form.locator("input[name=seats]").fill("3")
    form.locator("input[name=turn_seconds]").fill("0")
    form.locator("input[name=window_seconds]").fill("60")
    form.locator("[data-testid=create-table]").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))

    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat !== null")
    board = page.locator("[data-testid=board]")
    assert board.is_visible()
    assert page.locator("[data-testid=board] [data-testid^=space-]").count() == 61
    assert page.locator("[data-testid=ali-baba]").count() == 1
    assert page.locator("[data-testid=destiny] td").count() == 36
    assert page.locator("[data-testid=packs] [data-testid^=pack-]").count() == 4
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "basra-first-turn.png"), full_page=True)

    seen, offered, version, decisions = set(), False, 0, 0
    while True:
        frame = _wait_for_my_move_or_end(page, version)
        if frame["status"] == "finished" or frame["view"]["finished"]:
            break
        assert decisions < MAX_DECISIONS, "the match did not end"
        frame = _prompt_offers_exactly_legal(page)
        if frame["status"] == "finished" or frame["view"]["finished"]:
            break
        legal, view = frame["legal"], frame["view"]
        if not legal:
            continue
        if page.locator("[data-testid=log] [data-code=dice_rolled]").count():
            seen.add("dice")
        phase = view["phase"]
        types = [a["type"] for a in legal]
        seen.update(types)
        if phase["name"] == "window":
            seen.add("window:" + phase["kind"])
            assert 0 <= frame["_countdown"] <= 60
        v = frame["version"]
        if "offer" in types and not offered:
            offered = page.evaluate(FILL, [v, types.index("offer"), legal[types.index("offer")], 10])
            acted = offered
        elif phase["name"] == "junction":
            routes = [c for a in legal if a["type"] == "route" for c in _expected_controls([a])[0]]
            target = routes[-1]["to"]  # the branch, chosen on the board
            acted = page.evaluate(CLICK, [v, f"[data-testid='space-{target}']", None])
            seen.add("junction")
        else:
            buttons, _forms = _expected_controls(legal)
            order = ["buy", "done", "roll", "decline", "play", "stop"]
            ranked = sorted(buttons, key=lambda a: order.index(a["type"]) if a["type"] in order else len(order))
            if ranked:
                acted = page.evaluate(CLICK, [v, "[data-testid=prompt] button[data-action]", ranked[0]])
            else:
                acted = page.evaluate(FILL, [v, 0, legal[0], 0])
        if not acted:
            continue
        decisions += 1
        version = frame["version"] + 1
        page.wait_for_function("(v) => window.__lastFrame.version >= v || window.__lastFrame.status === 'finished'",
                               arg=version, timeout=60_000)

    assert {"play", "buy"} <= seen, seen
    assert offered and "window:throw20" in seen, seen
    assert "dice" in seen or page.locator("[data-testid=log] [data-code=dice_rolled]").count(), seen
    ranking = page.locator("[data-testid=final-ranking]")
    ranking.wait_for()
    assert name in ranking.inner_text()
    assert page.locator("[data-testid=final-ranking] [data-testid^=rank-row-]").count() == 3
    final = _frame(page)["view"]
    richest = max(final["cash"])
    assert page.locator("[data-testid=final-ranking] tr").nth(1).inner_text().split("\t")[2].strip() == str(richest)
    assert page.locator("[data-testid=prompt] button").count() == 0
    page.screenshot(path=str(ARTIFACTS / "basra-final-ranking.png"), full_page=True)

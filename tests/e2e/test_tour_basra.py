"""A newcomer's tour of Ali Baba in Basra (issue 21, item 5): signed up, on a 390 px phone, in English and in
French, a person creates a three-seat table in the lobby (no turn clock, the shortest windows), puts two
Merchants in the other seats, starts, and plays the whole match to the final ranking with the prompt's buttons:
movement cards, the junction clicked on the board, the buy buttons, one sale offer made with its form, an
offer received answered (accepted the first time, declined after), "I am done" in the windows; in French by
keyboard alone (Tab to each control, Enter, Space to tick a card, typing the price: issue 36). It fails on a
console error or an unhandled rejection, a server traceback, a page wider than the phone, or English on the
French page."""
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.test_basra_match import CLICK, FILL, MAX_DECISIONS, _expected_controls, _wait_for_my_move_or_end
from tests.e2e.tour import Hands, Watch, choose_language, create_table, fill_with_bots, phone_page, scroll_to, start

pytestmark = pytest.mark.e2e

PROMPT = "[data-testid=prompt] button[data-action]"
ORDER = ["buy", "done", "roll", "play", "stop"]
# CLICK's control (test_basra_match.py), found rather than clicked: the keyboard reaches it
FIND = """([version, selector, action]) => {
  if (window.__lastFrame.version !== version) return null;
  const buttons = Array.from(document.querySelectorAll(selector));
  return (action ? buttons.find(b => b.dataset.action === JSON.stringify(action)) : buttons[0]) || null;
}"""


def click(page, person, version, selector, action):
    """The control for ``action`` (the first under ``selector`` if None), tapped or reached by keyboard."""
    if not person.keyboard:
        return page.evaluate(CLICK, [version, selector, action])
    control = page.evaluate_handle(FIND, [version, selector, action]).as_element()
    return control is not None and person.press_element(control, version)


def fill(page, person, version, index, action, piastres):
    """The prompt's form ``index`` for ``action`` filled in (the fewest cards ticked, ``piastres`` as the price) and
    sent: by FILL's script (test_basra_match.py), or by keyboard (Space ticks a card, the price typed, Enter)."""
    if not person.keyboard:
        return page.evaluate(FILL, [version, index, action, piastres])
    for key, domain in action.items():
        if isinstance(domain, dict) and "subset_of" in domain:
            for i in range(max(1, domain.get("min_size") or 0)):
                if not person.tick(f"[data-testid=legal-{index}-{key}-{i}]", version):
                    return False
        elif isinstance(domain, dict) and "min" in domain:
            price = max(domain["min"], min(piastres, domain["max"]))
            if not person.type_number(f"[data-testid=legal-{index}-{key}]", price, version):
                return False
    return person.press(f"[data-testid=legal-{index}-send]", version)


def decide(page, person, frame, seen):
    """Do what a newcomer would for the frame on screen; False if a newer frame came first."""
    legal, version, phase = frame["legal"], frame["version"], frame["view"]["phase"]
    types = [a["type"] for a in legal]
    buttons, _forms = _expected_controls(legal)
    if "accept" in types and "accepted" not in seen:
        seen.add("accepted")
        return click(page, person, version, PROMPT, next(b for b in buttons if b["type"] == "accept"))
    if "decline" in types:
        seen.add("declined")
        return click(page, person, version, PROMPT, next(b for b in buttons if b["type"] == "decline"))
    if "offer" in types and "offered" not in seen:
        seen.add("offered")
        return fill(page, person, version, types.index("offer"), legal[types.index("offer")], 10)
    if phase["name"] == "junction":
        seen.add("junction")
        target = [c for c in buttons if c["type"] == "route"][-1]["to"]  # the branch, clicked on the board
        return click(page, person, version, f"[data-testid='space-{target}']", None)
    ranked = sorted(buttons, key=lambda a: ORDER.index(a["type"]) if a["type"] in ORDER else len(ORDER))
    if ranked:
        seen.add(ranked[0]["type"])
        return click(page, person, version, PROMPT, ranked[0])
    return fill(page, person, version, 0, legal[0], 0)


@pytest.mark.default_mode
@pytest.mark.parametrize("language, hands", [("en", "touch"), ("fr", "keyboard")])
def test_a_newcomer_plays_a_whole_basra_match_on_a_phone(live_server_url, browser, language, hands):
    name = f"tour{uuid.uuid4().hex[:6]}"
    page = phone_page(browser)
    try:
        signup(page, live_server_url, name)
        choose_language(page, live_server_url, language)
        create_table(page, live_server_url, "basra", 3, turn_seconds=0, window_seconds=10, bazaar_seconds=10)
        fill_with_bots(page, "merchant")
        start(page, 0)
        watch = Watch(page, language, "basra", "matches")
        person = Hands(page, keyboard=hands == "keyboard")
        watch.look("the first frame")
        # what the person may do comes right under the board, within thumb reach (not below every table)
        page.locator("[data-testid=prompt]").wait_for()
        board = page.locator(".board-wrap").bounding_box()
        prompt = page.locator("[data-testid=prompt]").bounding_box()
        assert board["y"] + board["height"] <= prompt["y"] <= board["y"] + board["height"] + 40, (board, prompt)

        seen, phases, version, decisions = set(), set(), 0, 0
        while True:
            frame = _wait_for_my_move_or_end(page, version)
            if frame["status"] == "finished" or frame["view"]["finished"]:
                break
            assert decisions < MAX_DECISIONS, "the match did not end"
            phase = frame["view"]["phase"]
            moment = phase["name"] + ":" + phase.get("kind", "")
            phases.add(moment)
            watch.look(f"{moment} (decision {decisions})")
            if not decide(page, person, frame, seen):
                continue
            decisions += 1
            version = frame["version"] + 1
            page.wait_for_function("(v) => window.__lastFrame.version >= v || window.__lastFrame.status === 'finished'",
                                   arg=version, timeout=60_000)

        scroll_to(page, "[data-testid=final-ranking]")
        ranking = page.locator("[data-testid=final-ranking]")
        watch.look("the final ranking")
        assert name in ranking.inner_text()
        assert {"play", "buy", "offered"} <= seen, seen
        assert not person.keyboard or person.presses >= decisions, (person.presses, decisions)
        watch.assert_clean()
    finally:
        page.context.close()

"""A person plays a whole Ali Baba in Basra match against two bots in the browser, to the final ranking:
movement cards, the junction chosen on the board, buying, a capture sequence with its windows (their
countdown and who is done), a sale offer made and answered, the round results and the final ranking."""
import itertools
import re
import uuid
from pathlib import Path

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MAX_DECISIONS = 400
# Seed 1 with three players: seat 0 (the person) moves first and holds a 5, so playing it from Start
# passes the first junction (after step 4) and the person must choose the way.
SEED = 1
CREATE_MATCH = """
from django.contrib.auth import get_user_model
from matches import registry, services
user = get_user_model().objects.get(username=USERNAME)
spec = registry.get_game("basra")
options = dict(registry.default_table_options(spec), turn_seconds=0, window_seconds=60, **OPTIONS)
match = services.create_match("basra", [services.SeatSpec(user=user), services.SeatSpec(bot="merchant"),
                                        services.SeatSpec(bot="random")], spec.resolve_options(options), seed=SEED)
print(match.pk)
"""
RAW_KEYS = re.compile(r"\b(two_out|two_in|black_die|white_die|x10|x50|numbered|bazaar|hand|throw20|throw100|choose_gang|give_back)\b")
SINGULAR_WITH_PLURAL = re.compile(r"\b1 (steps|turns|cards|Piastres|tokens)\b")


def seeded_match(e2e_env, username, seed=SEED, **options):
    script = CREATE_MATCH.replace("USERNAME", repr(username)).replace("OPTIONS", repr(options)).replace("SEED", str(seed))
    return int(manage(e2e_env, "shell", "-c", script).stdout.split()[-1])


def _frame(page):
    return page.evaluate("window.__lastFrame")


def _wait_for_my_move_or_end(page, version):
    """The frame that ended the wait, not a later read of it: a window closing between the two left the test
    a frame with nothing legal (CI, stop 40)."""
    handle = page.wait_for_function(
        "(v) => { const f = window.__lastFrame;"
        " return f && (f.status === 'finished' || f.view.finished || (f.legal.length > 0 && f.version >= v)) && f; }",
        arg=version, timeout=60_000,
    )
    return handle.json_value()


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
                buttons.append({**action, **dict(zip(keys, values, strict=True))})
        else:
            forms += 1
    return buttons, forms


def _prompt_offers_exactly_legal(page):
    """The frame on screen and its prompt and window, read at one moment (a bot may act between two reads)."""
    snap = page.evaluate("""() => ({
        frame: window.__lastFrame,
        shown: Array.from(document.querySelectorAll("[data-testid=prompt] button[data-action]")).map(e => JSON.parse(e.dataset.action)),
        forms: document.querySelectorAll("[data-testid=prompt] form.action-form").length,
        countdown: Number((document.querySelector("[data-testid=window-countdown]") || {dataset: {}}).dataset.secondsLeft),
        windowSeats: Array.from(document.querySelectorAll("[data-testid^=window-seat-]")).map(e => e.dataset.done === "1") })""")
    buttons, forms = _expected_controls(snap["frame"]["legal"])
    key = lambda a: sorted((k, str(v)) for k, v in a.items())  # noqa: E731 - a one-line sort key
    assert sorted(map(key, snap["shown"])) == sorted(map(key, buttons))
    assert snap["forms"] == forms
    return dict(snap["frame"], _countdown=snap["countdown"], _window_seats=snap["windowSeats"])


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


def test_a_new_user_picks_basra_in_the_lobby_and_sees_the_board(live_server_url, new_page):
    page = signup(new_page(), live_server_url, f"basra{uuid.uuid4().hex[:6]}")
    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("basra")
    form.locator("input[name=seats]").fill("3")
    submit_table_form(page, form)
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat !== null")
    assert page.locator("[data-testid=board]").is_visible()
    assert page.locator("[data-testid=board] [data-testid^=space-]").count() == 61
    assert page.locator("[data-testid=ali-baba]").count() == 1
    assert page.locator("[data-testid=destiny] td").count() == 36
    assert page.locator("[data-testid=packs] [data-testid^=pack-]").count() == 4
    assert page.locator("[data-testid=cave]").count() == 0  # the standard game has no cave


def _decide(page, frame, seen, offer):
    """Make one decision on the page as a person would: an offer once, the branch at the junction, the biggest
    card before it, else the first button of a fixed order. (Whether the page sent it, the offer made so far.)"""
    legal, phase = frame["legal"], frame["view"]["phase"]
    types = [a["type"] for a in legal]
    seen.update(types)
    if phase["name"] == "window":
        seen.add("window:" + phase["kind"])
        assert 0 <= frame["_countdown"] <= 60
        assert frame["_window_seats"] == [s in phase["done"] for s in range(3)]  # who is done, seat by seat
    v = frame["version"]
    if "offer" in types and offer is None:
        index = types.index("offer")
        if page.evaluate(FILL, [v, index, legal[index], 10]):
            return True, {"to": legal[index]["to"], "version": v}
        return False, offer
    if phase["name"] == "junction":
        routes = [c for a in legal if a["type"] == "route" for c in _expected_controls([a])[0]]
        target = routes[-1]["to"]  # the branch, chosen on the board
        acted = page.evaluate(CLICK, [v, f"[data-testid='space-{target}']", None])
        seen.add("junction")
        return acted, offer
    if phase["name"] == "turn" and "junction" not in seen:
        biggest = max((c for c in _expected_controls(legal)[0] if c["type"] == "play"), key=lambda c: c["card"])
        return page.evaluate(CLICK, [v, "[data-testid=prompt] button[data-action]", biggest]), offer
    buttons, _forms = _expected_controls(legal)
    order = ["buy", "done", "roll", "decline", "play", "stop"]
    ranked = sorted(buttons, key=lambda a: order.index(a["type"]) if a["type"] in order else len(order))
    if ranked:
        return page.evaluate(CLICK, [v, "[data-testid=prompt] button[data-action]", ranked[0]]), offer
    return page.evaluate(FILL, [v, 0, legal[0], 0]), offer


@pytest.mark.default_mode
@pytest.mark.both_modes  # a whole match in a browser against each mode's site
def test_a_person_plays_basra_against_two_bots_to_the_final_ranking(live_server_url, e2e_env, new_page):
    name = f"basra{uuid.uuid4().hex[:6]}"
    page = signup(new_page(), live_server_url, name)
    match_id = seeded_match(e2e_env, name)
    page.goto(f"{live_server_url}/matches/{match_id}/")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "basra-first-turn.png"), full_page=True)

    seen, offer, version, decisions = set(), None, 0, 0
    events = {}  # every event the page was sent, by (version, code, json): its log keeps the last 200

    def remember_events():
        for item in page.evaluate("() => (window.__basraLog || []).map(e => [JSON.stringify(e), e])"):
            events[item[0]] = item[1]

    while True:
        frame = _wait_for_my_move_or_end(page, version)
        remember_events()
        if frame["status"] == "finished" or frame["view"]["finished"]:
            break
        assert decisions < MAX_DECISIONS, "the match did not end"
        frame = _prompt_offers_exactly_legal(page)
        if frame["status"] == "finished" or frame["view"]["finished"]:
            break
        if not frame["legal"]:
            continue
        acted, offer = _decide(page, frame, seen, offer)
        if not acted:
            continue
        decisions += 1
        if decisions == 1:
            assert "junction" not in seen  # the first move is the 5 from Start: the junction is asked next
        version = frame["version"] + 1
        page.wait_for_function("(v) => window.__lastFrame.version >= v || window.__lastFrame.status === 'finished'",
                               arg=version, timeout=60_000)
        if "junction" in seen and "junction_taken" not in seen:
            page.wait_for_function("() => window.__lastFrame.view.phase.name !== 'junction'", timeout=60_000)
            assert _frame(page)["view"]["position"] != "start"
            seen.add("junction_taken")

    remember_events()
    assert "junction" in seen and "junction_taken" in seen, seen
    assert {"play", "buy"} <= seen, seen
    assert offer is not None and "window:throw20" in seen, seen
    log = page.locator("[data-testid=log]")
    # the capture sequence: its first window, the dice, the Destiny number
    codes = {e["code"] for e in events.values()}
    assert {"capture_started", "window_opened", "dice_rolled", "destiny"} <= codes, codes
    # the person's offer was made, then answered (accepted or declined) by the bot it was made to
    assert any(e["code"] == "offer_made" and e["from"] == 0 and e["to"] == offer["to"] for e in events.values())
    assert any(e["code"] in ("offer_accepted", "offer_declined") and e["from"] == 0 and e["to"] == offer["to"]
               for e in events.values()), codes
    ranking = page.locator("[data-testid=final-ranking]")
    ranking.wait_for()
    assert name in ranking.inner_text()
    rows = page.locator("[data-testid=final-ranking] [data-testid^=rank-row-]")
    assert rows.count() == 3
    result = _frame(page)["view"]["result"]
    shown = [
        (int(rows.nth(i).get_attribute("data-testid").rsplit("-", 1)[1]), int(rows.nth(i).get_attribute("data-rank"))) for i in range(3)
    ]
    assert [rank for _seat, rank in shown] == sorted(result["ranks"])
    assert all(result["ranks"][seat] == rank for seat, rank in shown)
    rounds = page.locator("[data-testid=round-results]")
    assert rounds.is_visible() and page.locator("[data-testid^=round-2-]").count() == 3
    assert page.locator("[data-testid=prompt] button").count() == 0
    text = log.inner_text() + page.locator("[data-testid=status]").inner_text()
    assert not RAW_KEYS.search(text), text
    assert not SINGULAR_WITH_PLURAL.search(text), text
    page.screenshot(path=str(ARTIFACTS / "basra-final-ranking.png"), full_page=True)

"""The Basra page's renderer, drawn in chromium from engine states built by the rule tests' helpers (no
server): the bazaar's trade made and answered, the window's countdown and who is done, the round results,
the final ranking in the engine's order with a shared win, and the log's plurals and chance spaces worded
in English and French."""
import json
from pathlib import Path

import pytest

import basra.engine as engine
from basra.engine import core
from basra.engine.data_files import default_data
from basra.engine.table import TABLE
from tests.basra.helpers import act, cards, give, land_on, mover, new, space_where
from tests.basra.test_forty_thieves import caught_setup
from tests.e2e.helpers import HARNESS_TIMEOUT_MS, add_modules, game_page_scripts
from tests.e2e.test_accessibility import violations

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "basra"
NAMES = ["Ann", "Bob", "Cyd"]
NOW = 1.0


HARNESS = """
window.__sent = [];
window.__now = 0;
window.__render = function (frame, events) {
  var names = %s;
  var api = {
    seat: frame.seat, names: names,
    isYou: function (s) { return s !== null && s !== undefined && s === frame.seat; },
    name: function (s) { return s === null || s === undefined ? "" : (names[s] !== undefined ? names[s] : "#" + (s + 1)); },
    send: function (action) { window.__sent.push(action); return true; },
    toast: function () {},
    frame: function () { return frame; },
    serverNow: function () { return window.__now; },
    t: function (key, data, fallback) { return fallback || key; },
  };
  window.__sent = [];
  var renderer = LiveMatch.renderer("basra", "main");
  if (window.__mounted) renderer.destroy();
  renderer.mount(document.getElementById("game-root"), api);
  window.__mounted = true;
  renderer.update(frame, null, events || []);
};
""" % json.dumps(NAMES)


def page_blocks():
    """The game data block match.html carries (its strings come from the catalogue: add_modules)."""
    return '<script type="application/json" id="basra-data">' + json.dumps(default_data()) + "</script>"


def open_page(browser, language):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_content("<!doctype html><html><head><meta charset=utf-8></head><body>" + page_blocks()
                   + '<div id="game-root"></div></body></html>')
    pg.add_style_tag(path=str(APP / "static/basra/basra.css"))
    add_modules(pg, game_page_scripts("basra"), language)
    pg.add_script_tag(content=HARNESS)
    pg.errors = errors
    return context, pg


@pytest.fixture(scope="module")
def page(browser):
    context, pg = open_page(browser, "en")
    yield pg
    assert pg.errors == [], pg.errors
    context.close()


@pytest.fixture(scope="module")
def french(browser):
    context, pg = open_page(browser, "fr")
    yield pg
    assert pg.errors == [], pg.errors
    context.close()


def frame_for(state, seat, version=7):
    frame = {"type": "view", "match": 1, "version": version, "seat": seat, "status": "finished" if state["finished"] else "running",
             "view": engine.view(state, seat), "legal": engine.legal_actions(state, seat)}
    return json.loads(json.dumps(frame))  # exactly what the socket would carry


def render(page, frame, events=(), now=NOW):
    page.evaluate("([f, e, now]) => { window.__now = now; window.__render(f, e); }", [frame, list(events), now])


def bazaar():
    """Ann (the mover) holds a Robber, Bob a Camel thief; Ann lands on the Grand Bandit Bazaar."""
    state = new(3, bazaar_seconds=90)
    seat = mover(state)
    other = (seat + 1) % 3
    give(state, seat, cards("robbers", 20)[:1])
    give(state, other, cards("thieves", 160)[:1])
    state, _ = land_on(state, space_where("chance", kind="bazaar"), now=NOW)
    assert state["phase"]["kind"] == "bazaar"
    return state, seat, other


def test_a_trade_is_made_at_the_bazaar_and_answered_by_its_partner(page):
    state, seat, other = bazaar()
    render(page, frame_for(state, seat), now=NOW + 30)
    window = page.locator("[data-testid=window]")
    assert window.get_attribute("data-kind") == "bazaar"
    assert page.locator("[data-testid=window-countdown]").inner_text() == "60 s"  # 90 s from the landing, 30 s later
    assert [page.locator(f"[data-testid=window-seat-{s}]").get_attribute("data-done") for s in range(3)] == ["0", "0", "0"]
    assert page.locator("[data-testid=window-done]").inner_text() == "Nobody is done yet."
    legal = frame_for(state, seat)["legal"]
    index = next(i for i, a in enumerate(legal) if a["type"] == "trade" and a["to"] == other)
    form = page.locator(f"[data-testid=legal-{index}]")
    assert "Trade at the bazaar" in form.inner_text() and f"to {NAMES[other]}" in form.inner_text()
    assert "cards you give" in form.inner_text() and "cards you want" in form.inner_text()
    form.locator(f"[data-testid=legal-{index}-give-0]").check()
    form.locator(f"[data-testid=legal-{index}-give_piastres]").fill("300")
    form.locator(f"[data-testid=legal-{index}-want-0]").check()
    form.locator(f"[data-testid=legal-{index}-send]").click()
    trade = {"type": "trade", "to": other, "give": cards("robbers", 20)[:1], "give_piastres": 300,
             "want": cards("thieves", 160)[:1], "want_piastres": 0}
    assert page.evaluate("window.__sent") == [trade]

    state, _ = act(state, seat, trade, now=NOW + 31)
    render(page, frame_for(state, seat), now=NOW + 31)
    assert page.locator("[data-testid=offer-1]").inner_text().startswith(f"Your offer #1 to {NAMES[other]}: you give Pirates (")
    render(page, frame_for(state, other), now=NOW + 31)
    offer = page.locator("[data-testid=offer-1]").inner_text()
    assert (
        offer.startswith(f"Offer #1 from {NAMES[seat]}: you get ")
        and "and 300 Piastres; you give Jewel thieves (Thieves, value 160)" in offer
    ), offer
    accept = page.locator("[data-testid=prompt] button.act-accept")
    assert accept.inner_text() == f"Accept #1 ({NAMES[seat]})"
    assert page.locator("[data-testid=prompt] button.act-decline").inner_text() == f"Decline #1 ({NAMES[seat]})"
    accept.click()
    assert page.evaluate("window.__sent") == [{"type": "accept", "offer": 1}]
    state_after, accepted = act(state, other, {"type": "accept", "offer": 1}, now=NOW + 32)
    render(page, frame_for(state_after, seat), [dict(e, version=7) for e in accepted], now=NOW + 32)
    assert f"{NAMES[other]} accepted an offer" in page.locator("[data-testid=log]").inner_text()
    # the third player sees neither the offer nor a way to answer it
    render(page, frame_for(state, (seat + 2) % 3), now=NOW + 31)
    assert page.locator("[data-testid=offer-1]").count() == 0
    assert page.locator("[data-testid=prompt] button.act-accept").count() == 0

    state, _ = act(state, other, {"type": "accept", "offer": 1}, now=NOW + 32)
    state, _ = act(state, other, {"type": "done"}, now=NOW + 33)
    render(page, frame_for(state, seat), now=NOW + 85)
    assert page.locator(f"[data-testid=window-seat-{other}]").get_attribute("data-done") == "1"
    assert page.locator("[data-testid=window-done]").inner_text() == f"Done: {NAMES[other]}"
    countdown = page.locator("[data-testid=window-countdown]")
    assert countdown.inner_text() == "5 s" and "urgent" in countdown.get_attribute("class")
    assert "Pirates" not in page.locator(f"[data-testid=bandits-{seat}]").inner_text()  # the cards changed hands


def finished_with_a_shared_win():
    """Round one ends on Start (Bob holds the four Smugglers), then the game ends with Ann and Cyd level."""
    state = new(3)
    give(state, 1, cards("defrauders", 80))
    state, _ = land_on(state, "start", now=NOW)
    state = core.copy_state(state)
    state["cash"] = [3000, 2500, 3000]
    TABLE.run(state, "finish", NOW, [])
    assert engine.result(state)["ranks"] == [1, 3, 1]
    return state


def test_the_final_ranking_follows_the_engine_and_shows_a_shared_win(page):
    state = finished_with_a_shared_win()
    render(page, frame_for(state, 1))
    ranking = page.locator("[data-testid=final-ranking]")
    assert ranking.locator("h2").inner_text() == "Ann & Cyd share the victory!"
    rows = ranking.locator("[data-testid^=rank-row-]")
    assert [rows.nth(i).get_attribute("data-testid") for i in range(3)] == ["rank-row-0", "rank-row-2", "rank-row-1"]
    assert [rows.nth(i).locator("td").first.inner_text() for i in range(3)] == ["1= (shared)", "1= (shared)", "3"]
    # round one's result: Bob's four Smugglers paid double, everyone 100
    assert page.locator("[data-testid=round-1-1]").inner_text() == "+740 paid on Start · cash after 3240"
    assert page.locator("[data-testid=round-1-0]").inner_text() == "+100 paid on Start · cash after 2600"
    assert page.locator("[data-testid=bandits-1] [data-complete='1']").count() == 1
    assert page.locator("[data-testid=prompt]").count() == 0


def log_events(version=7):
    return [
        {"code": "moved", "seat": 0, "path": ["s1"], "to": "s1", "version": version},
        {"code": "moved", "seat": 1, "path": ["s1", "s2"], "to": "s2", "version": version},
        {"code": "chance", "kind": "two_out", "seat": 1, "version": version},
        {"code": "paid", "seat": 2, "amount": -200, "reason": "fine", "version": version},
        {"code": "stolen", "seat": 2, "turns": 1, "amount": 1000, "in_cave": 1000, "turns_left": 1, "version": version},
        {"code": "hand_dealt", "seat": 0, "cards": [1, 1, 2], "version": version},
    ]


def test_the_log_says_1_step_and_words_the_chance_spaces(page):
    state, _seat, _other = bazaar()
    render(page, frame_for(state, 0), log_events())
    log = page.locator("[data-testid=log]").inner_text()
    for line in ("moved Ali Baba 1 step\n", "moved Ali Baba 2 steps", "chance: two cards out, free", "paid 200 (fine)",
                 "stole 1000 Piastres: 1 turn in the cave", "got movement cards 1, 1, 2"):
        assert line in log + "\n", log
    assert "two_out" not in log and "1 steps" not in log
    assert page.locator("[data-testid=played]").inner_text() == "Movement cards played: 1"  # the 1 Ann played to get here
    assert page.locator("[data-testid=phase]").inner_text() == "the Grand Bandit Bazaar"


def test_the_page_in_french(french):
    state, _seat, _other = bazaar()
    render(french, frame_for(state, 0), log_events())
    log = french.locator("[data-testid=log]").inner_text()
    for line in ("a avancé Ali Baba de 1 case\n", "a avancé Ali Baba de 2 cases", "chance : deux cartes gratuites à prendre",
                 "a payé 200 (amende)", "a volé 1000 piastres : 1 tour dans la caverne"):
        assert line in log + "\n", log
    assert french.locator("[data-testid=cash-0]").inner_text() == "2500 piastres"
    assert french.locator("[data-testid=window-done]").inner_text() == "Personne n'a encore fini."
    assert "Voleurs de bijoux (" in french.locator("[data-testid=bandits-1]").inner_text()  # the shipped card names too
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    french.screenshot(path=str(ROOT / "test-artifacts/basra-bazaar-fr.png"), full_page=True)
    state = finished_with_a_shared_win()
    render(french, frame_for(state, 1))
    assert french.locator("[data-testid=round-results] h2").inner_text() == "Résultats des manches"
    assert french.locator("[data-testid=final-ranking] td").first.inner_text() == "1= (à égalité)"


def test_the_junction_is_chosen_on_the_board_or_by_name(page):
    state = new(3)  # seed 1: Ann moves first from Start and holds a 5, which passes the first junction
    seat = mover(state)
    state, _ = act(state, seat, {"type": "play", "card": 5}, now=NOW)
    assert state["phase"]["name"] == "junction"
    main, branch = engine.legal_actions(state, seat)[0]["to"]["one_of"]
    render(page, frame_for(state, seat))
    labels = page.locator("[data-testid=prompt] button.act-route").all_inner_texts()
    assert labels == ["Which way? main route", "Which way? the branch"]
    assert page.locator("[data-testid=board] .choosable").count() == 2
    # a board whose spaces are buttons is a named group, not a picture: a picture may hold no control (axe's
    # nested-interactive, seen in a live match at a junction)
    assert page.get_attribute("[data-testid=board]", "role") == "group"
    assert [v for v in violations(page) if v.startswith("nested-interactive")] == []
    page.locator(f"[data-testid=board] [data-testid='space-{branch}']").click()
    assert page.evaluate("window.__sent") == [{"type": "route", "to": branch}]
    render(page, frame_for(state, seat))
    page.locator("[data-testid=prompt] button.act-route").first.click()
    assert page.evaluate("window.__sent") == [{"type": "route", "to": main}]


def test_the_mover_turns_thieves_for_the_cave_and_a_caught_player_claims_one(page):
    state, seat, thief, catcher = caught_setup()  # the thief is in the cave with 3000, three turns to go
    render(page, frame_for(state, seat))
    assert page.locator("[data-testid=prompt] button.act-announce").all_inner_texts() == ["Turn 1 card", "Turn 2 cards", "Turn 3 cards"]
    assert page.locator(f"[data-testid=stash-{thief}]").inner_text() == (
        f"{NAMES[thief]}: 3 × 1000 Piastres before {NAMES[(seat + 2) % 3]}, under 1 token · 3 turns to go")
    assert page.locator("[data-testid=packs] [data-card]").count() == 0  # face down in this variant
    state, _ = act(state, seat, {"type": "announce", "count": 1})
    render(page, frame_for(state, thief))
    assert page.locator(f"[data-testid=cave-turned] [data-card='{catcher}']").count() == 1
    state = core.copy_state(state)  # caught: the thief claims the card turned
    state["forty"]["stashes"] = []
    state["forty"]["claimers"] = [thief]
    TABLE.run(state, "next_claim", NOW, [])
    render(page, frame_for(state, thief))
    page.locator("[data-testid=prompt] button.act-claim").click()
    assert page.evaluate("window.__sent") == [{"type": "claim", "card": catcher}]
    state, _ = act(state, thief, {"type": "claim", "card": catcher})
    render(page, frame_for(state, seat))
    assert page.locator(f"[data-testid=claimed-{thief}] [data-card='{catcher}']").count() == 1
    assert page.locator("[data-testid=cave-nobody]").is_visible()

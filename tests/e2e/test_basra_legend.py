"""Basra explains itself while you play (issue 21): a buy button says what the card costs here, not only
its printed value; an offer says in plain words what each side hands over; the window tells apart who has
still to say "done" and who has an offer to answer; every symbol of the board and every number of a card
chip has a legend in words. Drawn in chromium by the match page's own renderer from engine states, with
the page's blocks rendered in English and in French (as match.html renders them), no server."""
import json
from pathlib import Path

import pytest

from basra.engine import core
from basra.engine.data_files import default_data
from tests.basra.helpers import GAME, act, cards, give, land_on, mover, new, space_where
from tests.e2e.helpers import game_page_scripts, harness_page, visible_in_viewport
from tests.e2e.test_basra_page import HARNESS, NAMES, frame_for, render

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "basra"
NOW = 1.0

WORDS = {
    "en": {
        "buy": "Buy Pirates (Robbers, value 20) for {price} Piastres",
        "legend": "What the symbols mean",
        "hand": "chance: everyone gives the mover one of their cards",
        "td": "a capture of the Thieves and Defrauders",
        "td_mark": "TD",
        "destiny": "the Destiny numbers that catch this card",
        "sent": "Your offer #1 to {to}: you give {cards}; you get 90 Piastres",
        "got": "Offer #1 from {frm}: you get {cards}; you give 90 Piastres",
        "waiting": "Waiting for {names}",
        "answer": "Still to answer an offer: {name}",
        "card": "Pirates (Robbers, value 20)",
        "throw": "You pay 20 Piastres for each card thrown away",
        "group": "1 of the 4 cards of this group",
        "destiny_note": "Where they meet is the Destiny number",
    },
    "fr": {
        "buy": "Acheter Pirates (Brigands, valeur 20) pour {price} piastres",
        "legend": "Ce que signifient les symboles",
        "hand": "chance : chacun donne une de ses cartes au joueur qui avance",
        "td": "une capture des Voleurs et Fraudeurs",
        "td_mark": "VF",
        "destiny": "les nombres du Destin qui font prendre cette carte",
        "sent": "Votre offre n° 1 à {to} : vous donnez {cards} ; vous recevez 90 piastres",
        "got": "Offre n° 1 de {frm} : vous recevez {cards} ; vous donnez 90 piastres",
        "waiting": "On attend {names}",
        "answer": "Doivent encore répondre à une offre : {name}",
        "card": "Pirates (Brigands, valeur 20)",
        "throw": "Vous payez 20 piastres par carte jetée",
        "group": "1 des 4 cartes de ce groupe",
        "destiny_note": "Leur croisement donne le nombre du Destin",
    },
}


def page_blocks():
    """The game data block basra/match.html carries (strings, legend and hints come from the catalogue)."""
    return '<script type="application/json" id="basra-data">' + json.dumps(default_data()) + "</script>"


@pytest.fixture(scope="module", params=["en", "fr"])
def page(request, browser):
    with harness_page(browser, page_blocks() + '<div id="game-root"></div>', styles=[APP / "static/basra/basra.css"],
                      scripts=[APP / "static" / s for s in game_page_scripts("basra")], harness=HARNESS, language=request.param) as pg:
        pg.words = WORDS[request.param]
        yield pg



def test_a_buy_button_says_the_price_here_and_the_legend_words_every_symbol(page):
    state = new(3)
    seat = mover(state)
    pirates = next(c for c in cards("robbers", 20) if GAME.cards[c]["name"] == "Pirates")
    state["packs"]["robbers"].remove(pirates)
    state["packs"]["robbers"].insert(0, pirates)  # the Pirates on top of the Robbers' pack
    state, _ = land_on(state, space_where("empty"), now=NOW)
    assert state["phase"]["name"] == "pick"
    price = GAME.price(state["position"], "robbers")
    render(page, frame_for(state, seat))
    buttons = page.locator("[data-testid=prompt] button.act-buy").all_inner_texts()
    assert page.words["buy"].format(price=price) in buttons, buttons
    # the legend: closed under the board, opened it words each symbol the board draws
    legend = page.locator("[data-testid=legend]")
    legend.locator("summary").click()
    assert page.words["legend"] in legend.locator("summary").inner_text()
    marks = {m.get_attribute("data-mark"): m.inner_text() for m in legend.locator("[data-testid=legend-mark]").all()}
    drawn = {t for t in page.locator("[data-testid=board] .space text").all_inner_texts() if t}
    assert drawn <= set(marks), drawn - set(marks)
    assert "✋" not in drawn and page.words["hand"] in marks["→A"]
    assert page.words["td"] in marks[page.words["td_mark"]]
    assert visible_in_viewport(legend.locator("[data-mark='⚀']"))
    assert page.words["destiny"] in legend.locator("[data-testid=legend-destiny]").inner_text()
    # it stays open when the next frame arrives
    page.evaluate("f => LiveMatch.renderer('basra', 'main').update(f, null, [])", frame_for(state, seat, version=8))
    assert page.locator("[data-testid=legend]").evaluate("d => d.open")
    # a card chip has a tooltip in words
    state = give(core.copy_state(state), seat, [pirates])  # a new state object (views are cached per state)
    render(page, frame_for(state, seat, version=9))
    chip = page.locator(f"[data-testid=bandits-{seat}] [data-card='{pirates}']")
    assert chip.inner_text().startswith(page.words["card"])
    assert str(GAME.cards[pirates]["destiny"][0]) in chip.get_attribute("title")
    group = page.locator(f"[data-testid=bandits-{seat}] [data-testid=group-pirates]")
    assert group.get_attribute("title").startswith(page.words["group"])  # the "1/4" count in words
    assert page.words["destiny_note"] in page.locator("[data-testid=destiny-note]").inner_text()


def test_an_offer_reads_in_plain_words_and_the_window_says_who_must_answer(page):
    state = new(3)
    seat = mover(state)
    seller = (seat + 1) % 3
    buyer = (seat + 2) % 3
    pirates = next(c for c in cards("robbers", 20) if GAME.cards[c]["name"] == "Pirates")
    give(state, seller, [pirates])
    give(state, buyer, cards("thieves", 160)[:1])
    state, _ = land_on(state, space_where("gang", gangs=["robbers"]), now=NOW)
    assert state["phase"]["kind"] == "throw20"
    render(page, frame_for(state, seller))
    assert page.words["throw"] in page.locator("[data-testid=form-cost-throw]").inner_text()
    state, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [pirates], "piastres": 90}, now=NOW + 1)
    state, _ = act(state, buyer, {"type": "done"}, now=NOW + 2)
    render(page, frame_for(state, seller))
    assert page.locator("[data-testid=offer-1]").inner_text() == page.words["sent"].format(to=NAMES[buyer], cards=page.words["card"])
    render(page, frame_for(state, buyer))
    offer = page.locator("[data-testid=offer-1]")
    assert offer.inner_text() == page.words["got"].format(frm=NAMES[seller], cards=page.words["card"])
    assert visible_in_viewport(offer)
    # the buyer is done, yet waited for: said as an offer to answer, not as "waiting" beside "done"
    assert NAMES[buyer] in page.locator("[data-testid=window-done]").inner_text()  # (with the mover, who holds no card)
    waiting = page.locator("[data-testid=window-waiting]").inner_text()
    assert NAMES[buyer] not in waiting and NAMES[seller] in waiting
    assert page.locator("[data-testid=window-answering]").inner_text() == page.words["answer"].format(name=NAMES[buyer])
    assert " 0 " not in offer.inner_text()

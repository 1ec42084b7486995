"""The review of a seat's decisions on the replay (docs/analysis.md), in English and in French: asked for,
followed by its progress bar, drawn as a graph with marks on the timeline; a mark jumps the replay to that
decision and names the better action; the largest swings are sentences; the table reads it in words.
The first test runs on the PostgreSQL + Redis site (the review's steps on the bots' Celery worker), the
second on the default mode's (the in-process lane)."""
import re

import pytest

from tests.e2e.conftest import ARTIFACTS, manage
from tests.e2e.helpers import signup, simulated_match_ids, switch_language

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"ask": "Review these decisions", "swings": "The largest swings",
           "sentence": re.compile(r"^At move \d+, “(?P<taken>.+)” cost about \d+ points of 100 (?P<result>of .+?)"
                                  r"(?: and gave about \d+ to (?P<seats>.+))?: “(?P<best>.+)” was better\.$"),
           # how Basra's buttons name its actions (basra_actions.js), by their first words
           "play": re.compile(r"^(Play \d|Which way\?\s|Buy |Take |Stop$|Roll the dice$|Choose |I am done|Accept #|Decline #|Give |"
                              r"Steal for |Turn \d|Claim |.+ starts round two$|Sell |Throw away |Return |Offer |Trade with )")},
    "fr": {"ask": "Analyser ces décisions", "swings": "Les plus grands écarts",
           "sentence": re.compile(r"^Au coup \d+, «\u00a0(?P<taken>.+)\u00a0» a coûté environ \d+ points sur 100 (?P<result>d.+?)"
                                  r"(?: et en a donné environ \d+ à (?P<seats>.+))? : «\u00a0(?P<best>.+)\u00a0» était meilleur\.$"),
           "play": re.compile(r"^(Jouer \d|Quel chemin\s\?\s|Acheter |Prendre |Arrêter$|Lancer le dé$|Choisir |J'ai fini|Accepter #|"
                              r"Refuser #|Donner |Voler pour |Retourner \d|Réclamer |.+ commence la deuxième manche$|Vendre |Jeter |"
                              r"Rendre |Offrir |Échanger avec )")},
}
# what Basra's estimate is, in its own terms (match_strings.js, result_basra)
BASRA_RESULT = {"en": "of your margin in Piastres over the best other player",
                "fr": "de votre écart en piastres sur le meilleur des autres joueurs"}
# a decision with one candidate (a theft from an Adventurer holding jewels alone) says so, not "not sampled"
NO_CHOICE = {"en": "not judged (there was no other choice)", "fr": "non jugée (il n’y avait pas d’autre choix)"}
CAVEAT = {"en": "On Sidi Baba the review plays each choice out with a simple walker",
          "fr": "Sur Sidi Baba, l’analyse joue chaque choix jusqu’au bout avec un marcheur simple"}

# an action named by its fields (review_steps.actionWords, the fallback): "play: card 3", "vote move: dir E"
RAW_FIELDS = re.compile(r"^[a-z_ ]+: [a-z_ ]+ \S+|_")


def _named_in_words(text, language):
    """``text`` names a Basra action as its buttons do, in ``language``, not by the action's fields."""
    return not RAW_FIELDS.search(text) and WORDS[language]["play"].search(text)


def _ask_for_a_review(live_server_url, e2e_env, new_page, simulate, seat, reviewer, language):
    """A finished match (``manage simulate`` with ``simulate``), its replay from ``seat`` opened by a new person in
    ``language``, and the review asked for with its button; the page."""
    out = manage(e2e_env, "simulate", *simulate, "--matches", "1", "--verbosity", "0").stdout
    match_id = simulated_match_ids(out)[0]
    page = new_page()
    signup(page, live_server_url, reviewer)
    switch_language(page, language)
    page.goto(f"{live_server_url}/matches/{match_id}/replay/?seat={seat}")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    ask = page.locator("[data-testid=review-ask]")
    ask.wait_for(state="visible")
    assert ask.inner_text() == WORDS[language]["ask"]
    ask.click()
    return page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_seats_review_is_asked_for_followed_and_drawn_on_the_replay(live_server_url, e2e_env, new_page, language):
    # a Random player in seat 0 against the Merchant: its decisions have marks to find
    page = _ask_for_a_review(live_server_url, e2e_env, new_page, ("basra", "--players", "2", "--seed", "3", "--bots", "random,merchant"),
                             0, f"reviewer-{language}", language)
    ask = page.locator("[data-testid=review-ask]")
    # worked out in the background: the progress bar shows while it runs, then the graph
    page.wait_for_selector("[data-testid=review-graph]", timeout=120_000)
    assert page.locator("[data-testid=review-progress]").is_hidden() and ask.is_hidden()
    assert len(page.get_attribute("[data-testid=review-line]", "points").split()) > 3
    mark = page.locator("[data-testid=review-mark]").first
    mark.wait_for()
    step = int(mark.get_attribute("data-step"))
    mark.click()
    page.wait_for_function(f"window.__lastFrame.version === {step}")
    detail = page.locator("[data-testid=review-detail]")
    detail.wait_for(state="visible")
    assert re.search(r"\d+", detail.inner_text())
    assert page.locator("h3", has_text=WORDS[language]["swings"]).is_visible()
    sentences = page.locator("[data-testid=review-swings] li")
    assert sentences.count() >= 1
    # each action named in the game's words, in the page's language: "Play 3", "Buy Pirates (…) for 60 Piastres"
    said = WORDS[language]["sentence"].search(sentences.first.inner_text())
    assert said, sentences.first.inner_text()
    assert _named_in_words(said["taken"], language) and _named_in_words(said["best"], language), said.groups()
    assert said["result"] == BASRA_RESULT[language], said.groups()
    # and who gained from it: of two seats, the other one (the Merchant), named as the table names it
    assert said["seats"] == page.evaluate("window.MatchLive.name(1)") and not said["seats"].startswith("#"), said.groups()
    # the same in words for a screen reader: a row per decision, its actions named as the sentences name them
    page.locator("[data-testid=review-table] summary").click()
    rows = page.locator("[data-testid=review-table] tbody tr")
    assert rows.count() > 3
    taken = rows.locator("td:nth-child(2)").all_inner_texts()
    assert [text for text in taken if not _named_in_words(text, language)] == []


# Sidi Baba's two roles each in one language: the page draws a review in the same words whatever the seat, and an
# Adventurer's review is the suite's longest (229 votes, about 40 s of CPU). Its child ran at nice 19 (REVIEW_IDLE_CLASS
# off) and took 210 s and 338 s at the end of default passes on the machine of 2026-11-30 (44 s alone); at the site's
# own priority (REVIEW_NICE=0, conftest.py) 90 s in CI's default pass on `fe74272`. REVIEW_WAIT_MS bounds a machine's
# speed and the suite's load, not the site's: about four times that. On the machine of 2026-11-30's evening (a
# Python loop 2.1 times slower) the Adventurer's test took 462 s in CI's default pass, against the 420 s once
# allowed for its graph: now 900 s.
REVIEW_WAIT_MS = 900_000


@pytest.mark.default_mode
@pytest.mark.parametrize("game,players,seat,language", [
    ("alibaba_tiles", 2, 1, "en"), ("alibaba_tiles", 2, 1, "fr"), ("sidibaba", 3, 1, "en"), ("sidibaba", 3, 0, "fr")])
def test_every_games_review_is_drawn_on_its_replay(live_server_url, e2e_env, new_page, game, players, seat, language):
    """The treasure cave and Sidi Baba (both roles) too: asked for, worked out, drawn with its table of
    decisions (a Sidi Baba decision the search does not sample is listed as not judged)."""
    # Sidi Baba's shortest lamps the rules allow (60 s, not 180): an Adventurer's review of some 230 votes, not 500
    lamps = ("--option", "segment_seconds=60") if game == "sidibaba" else ()
    page = _ask_for_a_review(live_server_url, e2e_env, new_page, (game, "--players", str(players), "--seed", "7", *lamps),
                             seat, f"reviewer-{game}-{seat}-{language}", language)
    page.wait_for_selector("[data-testid=review-graph]", timeout=REVIEW_WAIT_MS)
    assert page.locator("h3", has_text=WORDS[language]["swings"]).is_visible()
    # Sidi Baba's review is a weak judge (docs/analysis.md, its figures): the page says so above its marks
    caveat = page.locator("[data-testid=review-caveat]")
    if game == "sidibaba":
        assert caveat.inner_text().startswith(CAVEAT[language]), caveat.inner_text()
    else:
        assert caveat.count() == 0
    page.locator("[data-testid=review-table] summary").click()
    assert page.locator("[data-testid=review-table] tbody tr").count() >= 1
    if game == "sidibaba" and seat == 0:  # the Leader's match of seed 7 has thefts from a holder of jewels alone
        assert page.locator("[data-testid=review-table] td", has_text=NO_CHOICE[language]).count() >= 1
    page.screenshot(path=str(ARTIFACTS / f"review-{game}-{seat}-{language}.png"), full_page=True)

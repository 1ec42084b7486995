"""The page's event log words every event the engine can send, in English and French."""
import re
from pathlib import Path

import pytest

from tests.page_strings import page_strings as strings_of_page

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "sidibaba" / "engine"
LOG_JS = ROOT / "sidibaba" / "static" / "sidibaba" / "sidi_sentences.js"  # the log's sentences (sidi_log.js shows them)


def engine_event_codes():
    source = "\n".join(p.read_text() for p in ENGINE.rglob("*.py"))
    return set(re.findall(r'\bevent\("([a-z_]+)"', source))


def logged_codes():
    return set(re.findall(r'case "([a-z_]+)":', LOG_JS.read_text()))


def sentence_keys():
    return {"e_" + key for key in re.findall(r'say\("([a-z_]+)"', LOG_JS.read_text())}


def page_strings(language):
    """The page's strings (SIDI in sidi_strings.js) as a page in this language gets them."""
    return strings_of_page("sidibaba/static/sidibaba/sidi_strings.js", "SIDI", language)


def test_every_event_the_engine_sends_has_a_sentence_in_the_log():
    assert engine_event_codes() - logged_codes() == set()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_sentence_of_the_log_is_on_the_page_in_each_language(language):
    strings = page_strings(language)
    assert sentence_keys() - set(strings) == set()
    if language == "fr":
        english = page_strings("en")
        untranslated = [key for key in sentence_keys() if strings[key] == english[key]]
        assert untranslated == []

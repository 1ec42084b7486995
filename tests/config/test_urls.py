"""config/urls.py: the page scripts' catalogue (/jsi18n/, Django's JSONCatalog over the djangojs domain)."""
import json
import re

import pytest
from django.conf import settings

from tests.page_strings import ROOT, catalogue

STRINGS = sorted(ROOT.glob("*/static/*/*_strings.js"))
CALL = re.compile(r'\b(gettext|ngettext|pgettext)\(("(?:[^"\\]|\\.)*")(?:, ("(?:[^"\\]|\\.)*"))?')


@pytest.mark.django_db
def test_the_catalogue_answers_in_the_readers_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    data = json.loads(client.get("/jsi18n/").content)
    assert data["catalog"]["Where to?"] == "Par où ?" and data["plural"] == "(n > 1)"
    assert data["catalog"]["treasure\x04necklace"] == "collier"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Where to?" not in json.loads(client.get("/jsi18n/").content)["catalog"]


@pytest.mark.django_db
def test_pages_name_the_catalogue_in_their_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert 'data-catalog="/jsi18n/?language=fr"' in client.get("/").content.decode()


def test_every_string_of_the_page_scripts_is_in_french():
    """Each gettext/ngettext/pgettext of a *_strings.js module has its French in djangojs.po (compiled)."""
    found = catalogue("fr")["catalog"]
    missing, seen = [], 0
    for path in STRINGS:
        for kind, first, second in CALL.findall(path.read_text()):
            key = json.loads(first) + ("\x04" + json.loads(second) if kind == "pgettext" else "")
            seen += 1
            if not found.get(key):
                missing.append(f"{path.relative_to(ROOT)}: {key!r}")
    assert seen > 700 and missing == [], missing

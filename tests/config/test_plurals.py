"""Where a number meets a noun the French catalogue has both forms (French: 0 and 1 singular, 2+ plural)."""
import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation
from django.utils.translation import ngettext


@pytest.mark.parametrize(
    "singular, plural, n, french",
    [
        ("{n} face down", "{n} face down", 45, "{n} faces cachées"),
        ("{n} face down", "{n} face down", 1, "{n} face cachée"),
        ("{n} tile", "{n} tiles", 1, "{n} tuile"),
        ("{n} tile", "{n} tiles", 0, "{n} tuile"),
        ("{n} tile", "{n} tiles", 3, "{n} tuiles"),
        ("moved Ali Baba {n} step", "moved Ali Baba {n} steps", 1, "a avancé Ali Baba de {n} case"),
        ("{n} lamp", "{n} lamps", 2, "{n} lampes"),
        ("%(min)s to %(max)s player", "%(min)s to %(max)s players", 4, "%(min)s à %(max)s joueurs"),
    ],
)
def test_counted_strings_take_the_french_plural_form(singular, plural, n, french):
    with translation.override("fr"):
        assert ngettext(singular, plural, n) == french


def test_english_says_one_tile_and_two_tiles():
    with translation.override("en"):
        assert ngettext("{n} tile", "{n} tiles", 1) == "{n} tile"
        assert ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"


def test_the_cave_page_carries_each_counted_string_in_its_three_forms():
    """The page's script picks the form for 0, 1 or 2+ (tiles_common.js plural()): each is worded already."""
    request = RequestFactory().get("/")
    with translation.override("fr"):
        html = render_to_string("alibaba_tiles/guide_i18n.html", request=request)
    forms = re.search(r'"face_down_count": \[(.*?)\]', html).group(1)
    assert forms.count("face cachée") == 2 and "faces cachées" in forms
    assert '"tiles_count": ["{n} tuile", "{n} tuile", "{n} tuiles"]' in html

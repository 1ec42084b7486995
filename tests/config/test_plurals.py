"""Where a number meets a noun the French catalogue has both forms (French: 0 and 1 singular, 2+ plural)."""
import gettext as gettext_module

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from tests.page_strings import catalogue, page_strings


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
    # the page scripts' strings are in the djangojs catalogue (/jsi18n/), the server's in django.po
    with translation.override("fr"):
        assert ngettext(singular, plural, n) == french or _page_form(singular, n) == french


def _page_form(singular, n):
    """The form a French page script picks (static/js/i18n.js): the catalogue's plural rule chooses."""
    data = catalogue("fr")
    forms = data["catalog"].get(singular)
    return forms[gettext_module.c2py(data["plural"])(n)] if isinstance(forms, list) else None


def test_english_says_one_tile_and_two_tiles():
    with translation.override("en"):
        assert ngettext("{n} tile", "{n} tiles", 1) == "{n} tile"
        assert ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"


def test_the_cave_page_carries_each_counted_string_in_its_three_forms():
    """The page's script picks the form for 0, 1 or 2+ (tiles_common.js plural()): each is worded already,
    from the French catalogue's plural rule (tiles_strings.js, /jsi18n/)."""
    guide = page_strings("alibaba_tiles/static/alibaba_tiles/tiles_strings.js", "GUIDE", "fr")
    assert guide["face_down_count"] == ["{n} face cachée", "{n} face cachée", "{n} faces cachées"]
    assert guide["tiles_count"] == ["{n} tuile", "{n} tuile", "{n} tuiles"]

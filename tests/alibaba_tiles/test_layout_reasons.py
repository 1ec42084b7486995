"""Every reason the engine gives for refusing a pyramid layout reaches the admin in the reader's language."""
from django.utils import translation

from alibaba_tiles import engine
from alibaba_tiles.layout_reasons import translate_layout_error

GRID = [{"rows": 2, "cols": 2}, {"rows": 1, "cols": 1}]
BROKEN_LAYOUTS = [
    {},
    {"key": "k", "name": "n", "layers": ["flat"]},
    {"key": "k", "name": "n", "layers": [{"rows": 0, "cols": 2}]},
    {"key": "k", "name": "n", "layers": [{"rows": 2, "cols": 2, "cells": []}]},
    {"key": "k", "name": "n", "layers": [{"rows": 2, "cols": 2, "cells": [[5, 5], [0, 0], [0, 0]]}]},
    {"key": "k", "name": "n", "layers": GRID, "covers": []},
    {"key": "k", "name": "n", "layers": GRID, "covers": {
        "9:9:9": [], "0:0:0": ["0:0:1"], "1:0:0": ["0:0:0", "0:0:0", "7:7:7", "1:0:0"]}},
    {"key": "k", "name": "n", "layers": GRID, "covers": {"1:0:0": "0:0:0"}},
    {"key": "k", "name": "n", "layers": [*GRID, {"rows": 1, "cols": 1}], "covers": {"2:0:0": ["0:0:0"]}},
    {"key": "k", "name": "n", "layers": [{"rows": 8, "cols": 8}]},
]


def test_every_refusal_of_the_engine_has_a_french_sentence_with_the_same_positions():
    reasons = {reason for layout in BROKEN_LAYOUTS for reason in engine.validate_layout(layout)}
    assert len(reasons) >= 18
    with translation.override("fr"):
        for reason in reasons:
            french = translate_layout_error(reason)
            assert french != reason, reason
            for value in ("0:0:0", "1:0:0", "9:9:9", "7:7:7", "64", "60"):
                if value in reason:
                    assert value in french, (reason, french)


def test_a_sentence_the_catalogue_does_not_know_is_left_as_the_engine_wrote_it():
    with translation.override("fr"):
        assert translate_layout_error("Something new.") == "Something new."
        assert translate_layout_error("The layout needs a name.") == "La disposition a besoin d'un nom."

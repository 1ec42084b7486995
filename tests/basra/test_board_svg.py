"""The admin's preview of a Basra board (basra/board_svg.py): its gang letters in the reader's language."""
import re

import pytest
from django.utils import translation

from basra.board_svg import board_svg
from basra.engine.data_files import default_data


@pytest.mark.parametrize("language, letters", [("en", set("STDR")), ("fr", set("EVFB"))])
def test_the_capture_spaces_show_the_first_letters_of_the_gangs_names_in_the_readers_language(language, letters):
    board = default_data()["board"]
    gang_spaces = [s for s in board["spaces"] if s["type"] == "gang"]
    with translation.override(language):
        svg = str(board_svg(board))
    texts = re.findall(r'text-anchor="middle">([^<]*)</text>', svg)
    marks = [t for t in texts if t and t.isalpha()]
    assert len(marks) == len(gang_spaces)
    assert set("".join(marks)) == letters

"""The engine's own refusal sentences are all listed for translation."""
import pathlib
import re

import pytest

from sidibaba import engine
from sidibaba.engine.messages import MESSAGES

ENGINE = pathlib.Path(engine.__file__).parent


def test_every_refusal_sentence_of_the_engine_is_listed():
    worded = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        worded |= set(re.findall(r'IllegalAction\("([^"]+)"\)', text))
        worded |= set(re.findall(r'return None, "([^"]+)"', text))
        if path.name == "rules.py":  # the maze's own checks are worded for the maze editor, not listed here
            worded |= set(re.findall(r'errors\.append\("([^"]+)"\)', text))
            worded |= set(re.findall(r'return "([^"]+\.)"', text))
            worded |= set(re.findall(r'"([^"]+\.)" if legal else "([^"]+\.)"', text)[0])
    assert worded and worded <= set(MESSAGES)


def test_a_refusal_carries_one_of_the_listed_sentences():
    state = engine.new_game(4, {}, 1, 0.0)
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 1, {"type": "vote_move", "move": "E"}, 1.0)
    assert refused.value.template in MESSAGES

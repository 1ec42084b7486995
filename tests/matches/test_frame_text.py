"""A frame's text: encoded once, the same JSON the standard library would write."""
import json

from matches.broadcast import RELEASING_NOTICES, frame_event
from matches.frame_text import frame_text


def test_frame_text_is_the_json_of_the_frame_with_seat_keys_as_strings():
    frame = {"type": "view", "view": {"scores": {0: 3, 1: 5}, "name": "Ça va ✓"}, "legal": [{"type": "take", "tile": [1, 2]}]}
    assert json.loads(frame_text(frame)) == json.loads(json.dumps(frame))


def test_a_frame_event_carries_the_text_and_the_seat_it_releases():
    notice = {"type": "notice", "code": RELEASING_NOTICES[0], "seat": 2}
    event = frame_event(notice, released_seat=2)
    assert event == {"type": "match.frame", "text": frame_text(notice), "released_seat": 2}
    assert frame_event({"type": "view"})["released_seat"] is None

"""A frame's text: encoded once, the same JSON the standard library would write."""
import json

from matches.broadcast import RELEASING_NOTICES, frames_event, seat_text
from matches.frame_text import frame_text


def test_frame_text_is_the_json_of_the_frame_with_seat_keys_as_strings():
    frame = {"type": "view", "view": {"scores": {0: 3, 1: 5}, "name": "Ça va ✓"}, "legal": [{"type": "take", "tile": [1, 2]}]}
    assert json.loads(frame_text(frame)) == json.loads(json.dumps(frame))


def test_a_frame_with_string_keys_only_is_written_as_one_with_a_seat_key_would_be():
    """The fast path (no OPT_NON_STR_KEYS) and the fallback write the same text: the keys' kind alone decides."""
    frame = {"type": "view", "view": {"scores": {"0": 3, "1": 5}, "name": "Ça va ✓", "n": 1.5, "none": None}}
    assert frame_text(frame) == frame_text({**frame, "view": {**frame["view"], "scores": {0: 3, 1: 5}}})
    assert json.loads(frame_text(frame)) == frame


def test_one_event_carries_every_seats_text_and_each_socket_takes_its_own():
    seats = [frame_text({"type": "view", "viewer": seat}) for seat in range(3)]
    watch = frame_text({"type": "view", "viewer": None})
    event = frames_event(seats, watch)
    assert event["type"] == "match.frames" and event["released_seat"] is None
    assert [seat_text(event, seat) for seat in range(3)] == seats
    assert seat_text(event, None) == watch


def test_a_seat_that_saw_nothing_of_a_change_has_no_text_in_it():
    """A private offer between seats 0 and 1: seat 2 and the spectators get nothing (matches/frames.py)."""
    seats = [frame_text({"type": "view", "viewer": seat}) for seat in range(2)] + [None]
    event = frames_event(seats, None)
    assert seat_text(event, 2) is None and seat_text(event, None) is None and seat_text(event, 1) == seats[1]


def test_a_releasing_notice_names_the_seat_it_releases():
    notice = {"type": "notice", "code": RELEASING_NOTICES[0], "seat": 2}
    text = frame_text(notice)
    event = frames_event([text] * 3, text, released_seat=2)
    assert event["released_seat"] == 2 and seat_text(event, 2) == text


def test_the_change_that_ends_a_match_is_marked_so_each_socket_follows_it_in_its_own_language():
    text = frame_text({"type": "view"})
    assert frames_event([text], text)["ended_in"] is None
    assert frames_event([text], text, ended_in="fr")["ended_in"] == "fr"

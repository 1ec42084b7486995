"""The frames the screen-reader mode's Node tests read (tests/js/basra_frames.json) are still what the engine
sends: recorded again now, they are the stored ones (tests/basra/speech_frames.py says how to write them)."""
import json

from tests.basra import speech_frames


def test_the_stored_frames_are_what_the_engine_sends_now():
    assert json.loads(speech_frames.PATH.read_text()) == speech_frames.frames()


def test_the_frames_cover_each_position_seen_by_its_seat_and_by_another():
    frames = json.loads(speech_frames.PATH.read_text())
    assert frames["turn"]["legal"] and not frames["turn_other"]["legal"]
    assert frames["offer"]["view"]["phase"]["offers"][0]["to"] == frames["offer"]["seat"]
    assert frames["offer_other"]["view"]["phase"]["offers"] == []  # an offer between two others is not shown
    assert frames["cave"]["view"]["cave"]["stashes"]
    assert frames["over"]["status"] == "finished"

"""The treasure-cave frames the page scripts' Node tests read (tests/js/tiles_speech_frames.json) are still what the
engine makes (tests/alibaba_tiles/speech_frames.py, which also writes them again)."""
from tests.alibaba_tiles import speech_frames


def test_the_node_tests_frames_are_the_engines():
    assert speech_frames.OUT.read_text() == speech_frames.text(), (
        "the engine's frames changed: run .venv/bin/python -m tests.alibaba_tiles.speech_frames and check the Node tests")


def test_the_frames_cover_a_wait_a_take_the_end_and_every_prompt():
    frames = speech_frames.frames()
    assert frames["start"]["legal"] == [] and frames["start"]["to_act"] != [0]
    assert frames["midgame"]["legal"][0]["type"] == "take" and frames["midgame"]["events"]
    assert frames["finished"]["status"] == "finished" and frames["finished"]["view"]["final"]
    kinds = {name: {a["type"] for a in frames[name]["legal"]} for name in speech_frames.PROMPTS}
    assert kinds["lamp"] == {"lamp"} and kinds["show"] == {"show"} and kinds["choose"] == {"choose"}
    assert all(kinds[name] == {"effect"} for name in ("effect-pink", "effect-brown", "green", "white"))

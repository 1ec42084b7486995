"""Treasure-cave frames as the server sends them to a seat, for the page scripts' Node tests of the screen-reader
words (tests/js/tiles_speech.test.mjs reads them from tests/js/tiles_speech_frames.json).

Each frame is made by the engine from a seeded game (the view, the legal actions and whom it waits for, as
matches/frames.py builds them, with the events the seat may see), so the file is what a real match sends.
tests/alibaba_tiles/test_speech_frames.py checks the file is still what the engine makes; after a change of the
engine's view, write it again:

    .venv/bin/python -m tests.alibaba_tiles.speech_frames
"""
import json
import random
from pathlib import Path

from alibaba_tiles.engine import apply, legal_actions, new_game, result, to_act, view
from gamekit import events as event_rules
from tests.e2e.test_tiles_prompts import find

OUT = Path(__file__).resolve().parents[1] / "js" / "tiles_speech_frames.json"
START = 1_000.0  # the server time the seeded games start at (seconds)
CLOCK = 60
# the prompts of the effects and of the lamp, each in the first seeded game that reaches it (test_tiles_prompts)
PROMPTS = {"take-restricted": (3, "standard"), "lamp": (3, "lamp"), "effect-pink": (3, "standard"),
           "effect-brown": (3, "standard"), "green": (3, "standard"), "white": (3, "standard"),
           "show": (3, "standard"), "choose": (3, "standard")}


def frame(state, seat, version, events=()):
    """The frame matches/frames.py sends ``seat``: its view, legal actions, whom it waits for, its events."""
    finished = result(state) is not None
    shown = [dict(event_rules.for_seat([e], seat, finished)[0], version=v)
             for v, e in events if event_rules.visible(e, seat, finished)]
    built = {"type": "view", "version": version, "seat": seat, "status": "finished" if finished else "running",
             "view": view(state, seat), "legal": [] if finished else legal_actions(state, seat),
             "to_act": [] if finished else to_act(state), "events": shown}
    return json.loads(json.dumps(built))  # exactly what the socket carries


def played_game(players=3, seed=11):
    """A seeded game of random moves with a 60 s clock, every state with the events that led to it."""
    state = new_game(players, {"variant": "standard", "clock": CLOCK}, seed, START)
    rng = random.Random(seed)
    now, version = START, 0
    steps = [(state, version, [])]
    while result(state) is None:
        seat = to_act(state)[0]
        now += 2.0
        state, made = apply(state, seat, rng.choice(legal_actions(state, seat)), now)
        version += 1
        steps.append((state, version, [(version, e) for e in made]))
    return steps


def frames():
    steps = played_game()
    seen = []  # the events since seat 0's last decision
    made = {}
    for state, version, events in steps:
        seen += events
        if version == 0:
            made["start"] = frame(state, 0, version)
            continue
        mine = 0 in to_act(state) and legal_actions(state, 0) and legal_actions(state, 0)[0]["type"] == "take"
        if "midgame" not in made and mine and len(state["hands"][0]) >= 3 and state["down"] < 40:
            made["midgame"] = frame(state, 0, version, seen)
        if "waiting" not in made and "midgame" in made and 1 in to_act(state):
            made["waiting"] = frame(state, 0, version, events)
        if result(state) is not None:
            made["finished"] = frame(state, 0, version, events)
        if 0 in to_act(state):
            seen = []
    for name, (players, variant) in PROMPTS.items():
        state, seat = find(name, players, variant)
        made[name] = frame(state, seat, 7)
    return made


def text():
    return json.dumps(frames(), sort_keys=True, indent=None, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    OUT.write_text(text())

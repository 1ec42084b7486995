"""Basra frames as the server sends them, recorded for the screen-reader mode's Node tests
(tests/js/basra_speech.test.mjs reads tests/js/basra_frames.json).

Each frame is built the way ``matches.frames.seat_frame`` builds one from a match (the engine's view, legal
actions and ``to_act_seen_by`` for the seat, the events of the last action that seat may see, tagged with its
version), at positions reached by seeded random play: the first turn, a purchase, a roll, a window with an offer
to answer, a Forty Thieves cave with a stash, and a finished match; each also seen by the next seat; and the game
data the match page prints (``page_data``). ``test_speech_frames.py`` checks the stored
file is still what the engine makes; after a change of the engine's views, write it again with
``.venv/bin/python manage.py shell -c "from tests.basra.speech_frames import write; write()"``.
"""
import json
import random
from pathlib import Path

from basra import engine
from basra.engine.data_files import default_data
from gamekit import contract, driver
from matches.frames import events_for

PATH = Path(__file__).resolve().parents[1] / "js" / "basra_frames.json"
PLAYERS = 3
SERVER_TIME = 1000.0  # every recorded clock is in seconds from this moment's match start
TURN_SECONDS = 60


def seat_frame(state, seat, version, events):
    finished = bool(state["finished"])
    return {
        "type": "view", "match": 1, "version": version, "seat": seat,
        "status": "finished" if finished else "running",
        "view": engine.view(state, seat),
        "legal": engine.legal_actions(state, seat) if seat is not None and not finished else [],
        "to_act": contract.to_act_seen_by(engine, state, seat) if not finished else [],
        "events": events_for([(version, e) for e in events], seat, finished),
        "bots": [], "seat_notices": [], "abortable": False, "server_time": SERVER_TIME + version,
    }


def play_until(options, seed, wanted):
    """Random play from a seeded new game until ``wanted(state)`` gives a seat to record: (state, seat,
    version, the last action's events); None when the game ends first."""
    state = engine.new_game(PLAYERS, dict(options, turn_seconds=TURN_SECONDS), seed, SERVER_TIME)
    rng = random.Random(seed)
    now, version, events = SERVER_TIME, 0, []
    while not state["finished"]:
        seat = wanted(state)
        if seat is not None:
            return state, seat, version, events
        movers = engine.to_act(state)
        mover = rng.choice(movers)
        now += 1.0
        version += 1
        state, events = engine.apply(state, mover, driver.random_bot(None, engine.legal_actions(state, mover), rng), now)
    seat = wanted(state)
    return (state, seat, version, events) if seat is not None else None


def first(options, wanted):
    for seed in range(40):
        found = play_until(options, seed, wanted)
        if found:
            return found
    raise AssertionError("no seeded game reached the position wanted")


def phase_seat(name, **keys):
    def wanted(state):
        phase = state["phase"]
        if phase["name"] == name and all(phase.get(k) == v for k, v in keys.items()):
            return phase["seat"]
        return None
    return wanted


def offer_to_answer(state):
    phase = state["phase"]
    if phase["name"] == "window" and phase["offers"]:
        return phase["offers"][0]["to"]
    return None


def cave_with_stash(state):
    cave = state.get("forty")
    if cave and cave["stashes"] and state["phase"]["name"] == "turn":
        return state["phase"]["seat"]
    return None


def finished(state):
    return 0 if state["finished"] else None


def frames():
    recorded = {}
    positions = {
        "turn": ({}, phase_seat("turn")),
        "pick": ({}, phase_seat("pick", free=False)),
        "roll": ({}, phase_seat("roll")),
        "offer": ({}, offer_to_answer),
        "cave": ({"variant": "forty_thieves"}, cave_with_stash),
        "over": ({}, finished),
    }
    for name, (options, wanted) in positions.items():
        state, seat, version, events = first(options, wanted)
        recorded[name] = seat_frame(state, seat, version, events)
        # the same moment seen by the next seat, who waits (or acts elsewhere in a window)
        recorded[name + "_other"] = seat_frame(state, (seat + 1) % PLAYERS, version, events)
    # the game data the match page prints for them (#basra-data: the shipped defaults, no table's own)
    recorded["page_data"] = default_data()
    return json.loads(json.dumps(recorded))


def write():
    PATH.write_text(json.dumps(frames(), indent=1, sort_keys=True) + "\n")

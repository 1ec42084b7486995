"""The engine plays exactly as it did when the fingerprints were recorded.

A safety net for restructuring the rules: 50 seeded random playouts (every
variant, with and without a clock, time acting now and then) are reduced to
one hash each over every state (key order included), every event, every
seat's legal actions, who is waited for, the deadline, each seat's view and
the refusal (message and params) of a fixed set of wrong actions at each step.
Option checks and new-game refusals are hashed too.  A change of behaviour,
however small, changes a hash.

Regenerate (only when a rule change is intended):
    .venv/bin/python tests/alibaba_tiles/test_engine_replay_equality.py --write
"""
import functools
import hashlib
import os
import random
import sys

import pytest

if __name__ == "__main__":  # run as a script to write the fingerprints
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from alibaba_tiles import engine
from alibaba_tiles.engine.derived import geometry
from tests.fingerprints import answer as _refusal, dump as _dump, recorded, write

FINGERPRINTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "replay_fingerprints.json")

CONFIGS = [(2, "standard"), (3, "standard"), (4, "standard"), (2, "lamp"), (3, "lamp"), (4, "lamp"),
           (2, "equal"), (3, "equal"), (4, "equal"), (2, "small")]
PLAYOUTS = 50


def _probes(s):
    """Wrong (or mistimed) actions of every type, aimed at the state's places and tiles."""
    coords = sorted(geometry(s["layout"])["coords"])
    face_down = sorted(p for p in s["board"] if p not in s["up"])
    taken = sorted(p for p in coords if p not in s["board"])
    ups = sorted(s["up"])
    hand_tiles = [h[0] for h in s["hands"] if h]
    probes = [
        "not a dict", {}, {"type": "bogus"}, {"type": "timeout"},
        {"type": "take"}, {"type": "take", "pos": 3}, {"type": "take", "pos": "nowhere"},
        {"type": "lamp"}, {"type": "lamp", "swap": 99}, {"type": "lamp", "swap": True}, {"type": "lamp", "swap": None},
        {"type": "effect"}, {"type": "effect", "use": "yes"}, {"type": "effect", "use": False},
        {"type": "effect", "use": True}, {"type": "effect", "use": True, "pos": "nowhere"},
        {"type": "effect", "use": True, "kind": "nothing"}, {"type": "effect", "use": True, "colour": "mauve"},
        {"type": "effect", "use": True, "kind": "lamp", "colour": "pink"},
        {"type": "show"}, {"type": "show", "tile": -1}, {"type": "choose"}, {"type": "choose", "tile": 9999},
    ]
    for pos in face_down[:2] + taken[:1] + ups[:1]:
        probes.append({"type": "take", "pos": pos})
        probes.append({"type": "effect", "use": True, "pos": pos})
    for tid in hand_tiles[:2]:
        probes.append({"type": "show", "tile": tid})
        probes.append({"type": "choose", "tile": tid})
    return probes


def _step_record(s, now, probe):
    n = s["players"]
    seats = list(range(n))
    record = {
        "state": s,
        "legal": [engine.legal_actions(s, seat) for seat in seats + [None]],
        "to_act": engine.to_act(s),
        "decision": engine.decision_key(s),
        "turn": engine.turn_key(s),
        "deadline": engine.deadline(s),
        "result": engine.result(s),
        "defaults": [engine.default_action(s, seat) for seat in seats],
        "views": [engine.view(s, seat) for seat in seats + ["all", None]],
    }
    if probe and not s["finished"]:
        refusals = []
        for action in _probes(s):
            for seat in seats + [None]:
                if isinstance(action, dict) and action in engine.legal_actions(s, seat):
                    continue
                refusals.append(_refusal(functools.partial(engine.apply, s, seat, action, now)))
        refusals.append(_refusal(lambda: engine.apply(s, n, {"type": "take", "pos": "x"}, now)))
        refusals.append(_refusal(lambda: engine.apply(s, True, {"type": "take", "pos": "x"}, now)))
        refusals.append(_refusal(lambda: engine.apply(s, s["current"], {"type": "take", "pos": "x"}, None)))
        refusals.append(_refusal(lambda: engine.apply(s, None, {"type": "timeout"}, s["opened_at"] - 1)))
        record["refusals"] = refusals
    if s["finished"]:
        record["refusals"] = [_refusal(functools.partial(engine.apply, s, seat, action, now + 1))
                              for seat, action in [(0, {"type": "take", "pos": "x"}), (None, {"type": "timeout"}),
                                                   (0, "not a dict"), (1, {"type": "bogus"})]]
    return record


def playout(index):
    """One seeded random playout, reduced to a hash of everything the engine said along the way."""
    players, variant = CONFIGS[index % len(CONFIGS)]
    clock = 30 if index % 2 else 0
    options = {"variant": variant, "clock": clock}
    seed = 1000 + index
    state = engine.new_game(players, options, seed, now=50.0)
    digest = hashlib.sha256()
    rng = random.Random(index)
    now = 50.0
    log = []
    step = 0
    while True:
        digest.update(_dump(_step_record(state, now, probe=step % 3 == 0)).encode())
        if state["finished"]:
            break
        due = engine.deadline(state)
        if due and rng.random() < 0.15:
            now = max(now, due[0])
            seat, action = None, due[1]
        else:
            seat = rng.choice(engine.to_act(state))
            action = rng.choice(engine.legal_actions(state, seat))
            now += rng.random() * 3
        state, events = engine.apply(state, seat, action, now)
        log.append((seat, action, now))
        digest.update(_dump([seat, action, now, events]).encode())
        step += 1
    replayed = engine.replay(players, options, seed, log, now=50.0)
    digest.update(_dump(replayed).encode())
    return digest.hexdigest(), step


SETUP_CASES = [
    (2, {}), (3, None), (4, {"variant": "lamp"}), (1, {}), (5, {}), (True, {}), ("2", {}),
    (2, "options"), (2, {"variant": "nope"}), (3, {"variant": "small"}), (2, {"variant": "small"}),
    (2, {"clock": -1}), (2, {"clock": True}), (2, {"clock": "5"}), (2, {"started_at": True}),
    (2, {"started_at": "now"}), (2, {"tiles": {"tiles": []}}), (2, {"tiles": {"tiles": [{"kind": "", "colour": "pink"}]}}),
    (2, {"tiles": {"tiles": [{"kind": "a", "colour": "mauve"}, 7]}}),
    (2, {"tiles": {"tiles": [{"kind": "a", "colour": "pink"}] * 3}}),
    (2, {"variant": "equal", "tiles": {"tiles": [{"kind": "a", "colour": "pink"}] * 3}}),
    (2, {"variant": "lamp", "tiles": {"tiles": [{"kind": "a", "colour": "pink"}] * 3}}),
    (2, {"variant": "lamp", "tiles": {"tiles": [{"kind": "a", "colour": "pink"}, {"kind": "b", "colour": "blue"}] * 20}}),
    (2, {"layout": {"key": "x"}}), (2, {"layout": "bad"}),
]


def setup_fingerprint():
    digest = hashlib.sha256()
    for players, options in SETUP_CASES:
        digest.update(_dump(["validate", engine.validate_options(players, options)]).encode())
        digest.update(_dump(["new_game", _refusal(functools.partial(engine.new_game, players, options, 7, now=1.0))]).encode())
    for tileset in (None, [], {"tiles": "x"}, {"tiles": [{"kind": "a", "colour": "pink"}, {"colour": "blue"}]}):
        digest.update(_dump(["tileset", engine.validate_tileset(tileset)]).encode())
    digest.update(_dump([engine.OPTIONS, engine.VARIANTS, sorted(engine.__all__)]).encode())
    return digest.hexdigest()


def fingerprints():
    out = {"setup": setup_fingerprint()}
    for index in range(PLAYOUTS):
        digest, steps = playout(index)
        out[f"playout_{index:02d}"] = {"sha256": digest, "steps": steps}
    return out


@pytest.mark.slow  # over 5 s (make check leaves it to make test)
def test_the_engine_plays_exactly_as_recorded():
    assert fingerprints() == recorded(FINGERPRINTS)


if __name__ == "__main__" and "--write" in sys.argv:
    write(FINGERPRINTS, fingerprints())

"""The engine plays exactly as it did when the fingerprints were recorded.

A safety net for restructuring the rules (the treasure cave has the same one):
seeded random playouts of both variants, two to six players, with and without
a turn clock, open packs now and then, time acting now and then, are reduced
to one hash each over every state (key order included), every event, every
seat's legal actions, who is waited for (and who each seat may know is), the
decision and turn keys, the deadline, each seat's default, each seat's view
and the refusal (message and params) of a fixed set of wrong actions at every
few steps. Option checks and new-game refusals are hashed too. A change of
behaviour, however small, changes a hash.

Regenerate (only when a rule change is intended):
    .venv/bin/python tests/basra/test_engine_replay_equality.py --write
"""
import functools
import hashlib
import os
import random
import sys

import pytest

if __name__ == "__main__":  # run as a script to write the fingerprints
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import basra.engine as engine
from gamekit import domains
from tests.fingerprints import answer as _refusal, dump as _dump, recorded, write

FINGERPRINTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "replay_fingerprints.json")

CONFIGS = [(players, variant) for variant in ("standard", "forty_thieves") for players in (2, 3, 4, 5, 6)]
CLOCKS = [{"turn_seconds": 0}, {"turn_seconds": 60}, {"turn_seconds": 5, "window_seconds": 10, "bazaar_seconds": 20}]
PLAYOUTS = 100


PROBES = [
    "not a dict", {}, {"type": "bogus"}, {"type": "timeout"},
    {"type": "play"}, {"type": "play", "card": 99}, {"type": "play", "card": "1"}, {"type": "play", "card": True},
    {"type": "sell", "cards": []}, {"type": "sell", "cards": [-1]}, {"type": "steal", "turns": 0},
    {"type": "route", "to": "nowhere"}, {"type": "buy", "card": -1}, {"type": "take", "card": -1}, {"type": "stop"},
    {"type": "roll"}, {"type": "choose", "gang": "nobody"}, {"type": "return", "cards": []},
    {"type": "choose_start", "seat": 9}, {"type": "announce", "count": 4}, {"type": "claim", "card": -1},
    {"type": "throw", "cards": []}, {"type": "give", "card": -1}, {"type": "done"},
    {"type": "accept", "offer": 99}, {"type": "decline", "offer": 99},
    {"type": "offer", "to": 0, "cards": [], "piastres": -1},
    {"type": "trade", "to": 1, "give": [], "give_piastres": 0, "want": [], "want_piastres": 10 ** 9},
]


def _probes(s, rng):
    """Wrong (or mistimed) actions of every type, and each seat's own legal actions sent by another seat."""
    probes = list(PROBES)
    for seat in range(s["players"]):
        for legal in engine.legal_actions(s, seat)[:3]:
            probes.append(domains.sample(legal, rng))
    return probes


def _step_record(s, now, probe, rng):
    n = s["players"]
    seats = list(range(n))
    record = {
        "state": s,
        "legal": [engine.legal_actions(s, seat) for seat in seats + [None]],
        "to_act": engine.to_act(s),
        "to_act_seen_by": [engine.to_act_seen_by(s, seat) for seat in seats + [None, "all"]],
        "decision": engine.decision_key(s),
        "turn": engine.turn_key(s),
        "deadline": engine.deadline(s),
        "result": engine.result(s),
        "defaults": [engine.default_action(s, seat) for seat in seats],
        "views": [engine.view(s, seat) for seat in seats + ["all", None]],
    }
    if probe or s["finished"]:
        refusals = []
        for action in _probes(s, rng):
            for seat in seats + [None]:
                if isinstance(action, dict) and any(domains.matches(action, legal)
                                                    for legal in engine.legal_actions(s, seat)):
                    continue
                refusals.append(_refusal(functools.partial(engine.apply, s, seat, action, now)))
        refusals.append(_refusal(lambda: engine.apply(s, n, {"type": "done"}, now)))
        refusals.append(_refusal(lambda: engine.apply(s, True, {"type": "done"}, now)))
        due = engine.deadline(s)
        if due:
            refusals.append(_refusal(lambda: engine.apply(s, None, {"type": "timeout"}, due[0] - 1)))
        record["refusals"] = refusals
    return record


def playout(index):
    """One seeded random playout, reduced to a hash of everything the engine said along the way."""
    players, variant = CONFIGS[index % len(CONFIGS)]
    options = {"variant": variant, "open_packs": index % 4 == 3, **CLOCKS[index % len(CLOCKS)]}
    seed = 2000 + index
    state = engine.new_game(players, options, seed, 50.0)
    digest = hashlib.sha256()
    rng = random.Random(index)
    now = 50.0
    log = []
    step = 0
    while True:
        digest.update(_dump(_step_record(state, now, step % 5 == 0, rng)).encode())
        if state["finished"]:
            break
        due = engine.deadline(state)
        if due and rng.random() < 0.12:
            now = max(now, due[0])
            seat, action = None, due[1]
        else:
            seat = rng.choice(engine.to_act(state))
            action = domains.sample(rng.choice(engine.legal_actions(state, seat)), rng)
            now += rng.random() * 3
        state, events = engine.apply(state, seat, action, now)
        log.append((seat, action, now))
        digest.update(_dump([seat, action, now, events]).encode())
        step += 1
    replayed = engine.replay(players, options, seed, log, 50.0)
    digest.update(_dump(replayed).encode())
    return digest.hexdigest(), step


SETUP_CASES = [
    (2, {}), (3, None), (6, {"variant": "forty_thieves"}), (1, {}), (7, {}), (True, {}), ("2", {}),
    (2, {"variant": "nope"}), (2, {"open_packs": 1}), (2, {"turn_seconds": -1}), (2, {"turn_seconds": True}),
    (2, {"turn_seconds": 86400}), (2, {"window_seconds": 5}), (2, {"bazaar_seconds": 601}), (2, {"colour": "x"}),
    (2, {"started_at": 5}), (2, {"board": "bad"}), (2, {"board": {"spaces": []}}),
]


def _checked(call):
    """What a check returns, or how it crashed."""
    try:
        return ["returned", call()]
    except Exception as err:  # noqa: BLE001 - recorded as it is
        return ["crashed", type(err).__name__, str(err)]


def setup_fingerprint():
    digest = hashlib.sha256()
    for players, options in SETUP_CASES:
        digest.update(_dump(["validate", _checked(functools.partial(engine.validate_options, players, options))]).encode())
        digest.update(_dump(["new_game", _refusal(functools.partial(engine.new_game, players, options, 7, 1.0))]).encode())
    digest.update(_dump([engine.OPTIONS, engine.VARIANTS]).encode())
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

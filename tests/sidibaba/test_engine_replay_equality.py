"""The engine plays exactly as it did when the fingerprints were recorded.

A safety net for restructuring the rules (issue 24: Sidi Baba on gamekit/phases.py).
Seeded random playouts over 3 to 7 players, every maze, short and long lamps,
a deck of every Event kind and a bag rich in genies are reduced to one hash
each over every state (key order included), every event, every seat's legal
actions, who is waited for, the decision key, the deadline, the result, each
seat's view, and the answer (the refusal's message and params, or a hash of
what was accepted) to a fixed set of wrong or mistimed actions at every few
steps. Time acts now and then through the deadline's seat-None action, and
now and then a seat acts after a deadline has passed (``apply`` catches up).
Option checks and new-game refusals are hashed too. A change of behaviour,
however small, changes a hash; a second test checks that the playouts reach
every action type and every pending decision, so the net has no hole.

Regenerate (only when a rule change is intended):
    .venv/bin/python tests/sidibaba/test_engine_replay_equality.py --write
"""
import functools
import hashlib
import os
import random
import sys

if __name__ == "__main__":  # run as a script to write the fingerprints
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from gamekit import domains
from sidibaba import engine
from sidibaba.engine.maze import geometry, route
from sidibaba.engine.supplies import PLAIN_EVENTS, STEPPED_EVENTS
from tests.fingerprints import answer, dump as _dump, recorded, write

FINGERPRINTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "replay_fingerprints.json")

EVERY_EVENT = {"events": [{"kind": k, "steps": s} for k in STEPPED_EVENTS for s in (1, 2, 3)]
               + [{"kind": k} for k in PLAIN_EVENTS for _ in range(3)]}
GENIES = {"bag": {"gold1": 10, "gold2": 5, "emerald": 3, "light": 6, "arrow_blue": 3, "arrow_red": 3,
                  "way_treasure": 5, "way_exit": 5, "way_loot": 5, "curse": 6}}
CONFIGS = [
    (3, {"segment_seconds": 60}), (4, {"maze": "grotto", "segment_seconds": 60, "event_set": EVERY_EVENT}),
    (5, {"maze": "vaults", "token_mix": GENIES}), (6, {"maze": "halls", "segment_seconds": 90}),
    (7, {"maze": "coils", "segment_seconds": 60, "event_set": EVERY_EVENT, "token_mix": GENIES}),
    (4, {"segment_seconds": 120, "token_mix": GENIES}), (3, {"maze": "grotto", "event_set": EVERY_EVENT}),
]
PLAYOUTS = 42
MAX_STEPS = 700  # a long random walk is cut here; the end of a game is reached in most playouts anyway
GUIDED = (0.0, 0.7, 0.95)  # how often an Adventurer votes the way to the Treasure, then out (by playout)


def _digest(value):
    return hashlib.sha256(_dump(value).encode()).hexdigest()[:16]


def _answer(call):
    return answer(call, lambda played: ["accepted", _digest(list(played))])  # played: (state, events)


def _probes(s):
    """Wrong (or mistimed) actions of every type, aimed at the state's tokens, cards and cells."""
    n = s["players"]
    some_token = next((h[0] for h in s["hands"] if h), 0)
    genie = next((t for h in s["hands"] for t in h if s["kinds"][t].startswith(("way", "light", "arrow"))), 1)
    card = s["event_hand"][0] if s["event_hand"] else 0
    line = s["line"]
    probes = [
        "not a dict", None, {}, {"type": "bogus"}, {"type": "vote_move"}, {"type": "vote_move", "move": "G"},
        {"type": "vote_move", "move": True}, {"type": "vote_move", "move": "E", "extra": 1},
        {"type": "call_move"}, {"type": "take", "slot": 0}, {"type": "take", "slot": 99}, {"type": "take", "slot": "0"},
        {"type": "discard_lamp", "owner": 0}, {"type": "discard_lamp", "owner": n}, {"type": "call_discard"},
        {"type": "roll"}, {"type": "give", "token": some_token}, {"type": "give_token", "slot": 0, "to": 0},
        {"type": "steal", "kind": "curse"}, {"type": "steal", "kind": "jewel"},
        {"type": "play_event", "event": card, "use": "bandit"},
        {"type": "play_event", "event": 99, "use": "move", "path": [0]},
        {"type": "play_event", "event": card, "use": "landslide", "cell": -1}, {"type": "pass"},
        {"type": "use_genie", "token": genie}, {"type": "use_genie", "token": genie, "direction": "up"},
        {"type": "keep", "token": [1]}, {"type": "keep", "token": s["bag"][0] if s["bag"] else 0},
        {"type": "offer", "tokens": [some_token]}, {"type": "offer", "tokens": "x"}, {"type": "confirm"},
        {"type": "propose_line", "line": line[:1]}, {"type": "propose_line", "line": line[::-1]},
        {"type": "vote_line", "accept": 1}, {"type": "call_line_vote"}, {"type": "pause"}, {"type": "resume"},
        {"type": "choose_maze", "maze": "nowhere"}, {"type": "place_treasure", "cell": -1},
        {"type": "place_chest", "cell": s["treasure_at"]}, {"type": "choose_entrance", "opening": 99},
        {"type": "choose_character", "character": "nobody"}, {"type": "give_lamp", "to": 0}, {"type": "open_sesame"},
        {"type": "lamp_expired", "segment": 99}, {"type": "setup_timeout"}, {"type": "window_timeout", "decision": -1},
    ]
    probes += [{"type": "vote_move", "move": m} for m in "ABCDEF"]
    return probes


def _step_record(s, now, step, probe):
    n = s["players"]
    seats = list(range(n))
    record = {
        "state": s,
        "legal": [engine.legal_actions(s, seat) for seat in seats + [None]],
        "to_act": engine.to_act(s),
        "decision": engine.decision_key(s),
        "deadline": engine.deadline(s),
        "result": engine.result(s),
        "views": [engine.view(s, seat) for seat in seats + ["all", None]],
    }
    if probe:
        answers = []
        for i, action in enumerate(_probes(s)):
            seat = (i + step) % (n + 1)
            answers.append(_answer(functools.partial(engine.apply, s, None if seat == n else seat, action, now)))
        due = engine.deadline(s)
        lead = s["line"][0]
        answers.append(_answer(lambda: engine.apply(s, n, {"type": "pause"}, now)))
        answers.append(_answer(lambda: engine.apply(s, True, {"type": "pause"}, now)))
        answers.append(_answer(lambda: engine.apply(s, "1", {"type": "vote_move", "move": "E"}, now)))
        if due:
            answers.append(_answer(lambda: engine.apply(s, None, due[1], due[0] - 1)))  # too early
            answers.append(_answer(lambda: engine.apply(s, None, due[1], due[0] + 2)))  # time acts
            answers.append(_answer(lambda: engine.apply(s, None, {"type": "bogus"}, due[0])))
            # A seat acting after the deadline: due deadlines act first, then the action is judged.
            answers.append(_answer(lambda: engine.apply(s, lead, {"type": "vote_move", "move": "E"}, due[0] + 1)))
        record["answers"] = answers
    return record


def _guided_move(state):
    """The first move of a shortest route to the Treasure (until shared), then to an exit."""
    cell, facing = state["pos"]
    blocked = set(state["landslides"])
    if state["treasure_state"] == "shared":
        moves = route(geometry(state["maze"]), cell, facing, None, blocked, exits=True)
    else:
        moves = route(geometry(state["maze"]), cell, facing, lambda c: c == state["treasure_at"], blocked)
    return moves[0] if moves else None


def _choose(state, rng, now, forced, guided):
    """Who acts and what: time, a waited-for seat, or any seat with something it may do."""
    due = engine.deadline(state)
    movers = engine.to_act(state)
    if due and (forced or not movers or rng.random() < 0.04 or (due[0] <= now and rng.random() < 0.5)):
        return None, due[1], max(now, due[0])
    if due and rng.random() < 0.03:
        now = due[0] + rng.random() * 5  # late: ``apply`` lets time act first
    if rng.random() < 0.85 and movers:
        seat = rng.choice(movers)
    else:
        seat = rng.choice([s for s in range(state["players"]) if engine.legal_actions(state, s)] or movers)
    legal = engine.legal_actions(state, seat)
    vote = next((a for a in legal if a["type"] == "vote_move"), None)
    if vote and rng.random() < guided:
        move = _guided_move(state)
        if move in vote["move"]["one_of"]:
            return seat, {"type": "vote_move", "move": move}, now
    return seat, domains.sample(rng.choice(legal), rng), now


def playout(index, coverage=None):
    """One seeded random playout, reduced to a hash of everything the engine said along the way."""
    players, options = CONFIGS[index % len(CONFIGS)]
    seed = 2000 + index
    state = engine.new_game(players, options, seed, now=10.0)
    digest = hashlib.sha256()
    rng = random.Random(index)
    now = 10.0
    log = []
    step = 0
    forced = False
    while step < MAX_STEPS:
        digest.update(_dump(_step_record(state, now, step, probe=step % 4 == 0)).encode())
        if state["phase"] == "over":
            break
        seat, action, now = _choose(state, rng, now, forced, GUIDED[index % len(GUIDED)])
        if coverage is not None:
            head = state["pending"][0]["kind"] if state["pending"] else None
            coverage.update({("action", action["type"]), ("pending", head)})
        try:
            state, events = engine.apply(state, seat, action, now)
        except engine.IllegalAction as err:  # acting late: the caught-up state had another decision
            digest.update(_dump(["refused", seat, action, now, err.template, err.params]).encode())
            forced = True
            continue
        forced = False
        log.append((seat, action, now))
        digest.update(_dump([seat, action, now, events]).encode())
        now += rng.random() * 4
        step += 1
    replayed = engine.replay(players, options, seed, log, now=10.0)
    digest.update(_dump(replayed).encode())
    if coverage is not None:
        coverage.add(("end", state["end_reason"]))
    return digest.hexdigest(), step


SETUP_CASES = [
    (3, {}), (7, None), (4, {"maze": "grotto"}), (2, {}), (8, {}), (True, {}), ("3", {}),
    (3, {"segment_seconds": 59}), (3, {"segment_seconds": 301}), (3, {"segment_seconds": True}),
    (3, {"segment_seconds": 60.0}), (3, {"maze": "nowhere"}), (3, {"maze_data": {"rows": 0}}),
    (3, {"token_mix": {"bag": {"gold1": 5}}}), (3, {"token_mix": {"bag": {"ruby": 30}}}), (3, {"token_mix": []}),
    (3, {"event_set": {"events": []}}), (3, {"event_set": {"events": [{"kind": "bandit", "steps": 1}]}}),
    (3, {"event_set": {"events": [{"kind": "movement"}]}}), (3, {"event_set": {"events": [{"kind": "dragon"}]}}),
    (3, {"token_mix": GENIES, "event_set": EVERY_EVENT}),
]


def setup_fingerprint():
    digest = hashlib.sha256()
    for players, options in SETUP_CASES:
        digest.update(_dump(["validate", engine.validate_options(players, options)]).encode())
        started = _answer(lambda players=players, options=options: (engine.new_game(players, options, 7, now=1.0), []))
        digest.update(_dump(["new_game", started]).encode())
    digest.update(_dump([engine.OPTIONS, engine.roles(5, {}), sorted(engine.__all__)]).encode())
    return digest.hexdigest()


@functools.lru_cache(maxsize=1)
def _run():
    coverage = set()
    out = {"setup": setup_fingerprint()}
    for index in range(PLAYOUTS):
        digest, steps = playout(index, coverage)
        out[f"playout_{index:02d}"] = {"sha256": digest, "steps": steps}
    return out, frozenset(coverage)


def fingerprints():
    return _run()[0]


def test_the_engine_plays_exactly_as_recorded():
    assert fingerprints() == recorded(FINGERPRINTS)


PLAYED_ACTIONS = {
    "choose_maze", "place_treasure", "place_chest", "choose_entrance", "choose_character", "give_lamp", "open_sesame",
    "setup_timeout", "vote_move", "call_move", "propose_line", "vote_line", "call_line_vote", "pause", "resume",
    "lamp_expired", "window_timeout", "take", "discard_lamp", "call_discard", "roll", "give", "give_token",
    "play_event", "pass", "steal", "use_genie", "keep", "offer", "confirm",
}
PENDING_KINDS = {None, "sharing", "discard_vote", "dice", "padlock_give", "chest_window", "theft", "genie_offer"}


def test_the_playouts_reach_every_action_every_pending_decision_and_both_ends():
    coverage = _run()[1]
    assert {name for what, name in coverage if what == "action"} == PLAYED_ACTIONS
    assert {name for what, name in coverage if what == "pending"} == PENDING_KINDS
    assert {name for what, name in coverage if what == "end"} >= {"dark", "escaped"}


if __name__ == "__main__" and "--write" in sys.argv:
    result, covered = _run()
    write(FINGERPRINTS, result)
    print(sorted(covered, key=repr))

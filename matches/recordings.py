"""Recorded match logs: finished matches kept in the tests, each replaying byte for byte under its rules version.

A recording is a match export (matches/exports.py, nothing more about the match or its players) with one
more key, ``recorded``: what replaying it through its engine made, step by step, when it was recorded
(``replayed``): one hash over what the rules made at every step (the state, the events, who was waited
for, the deadline, the result), one over what each seat, a spectator and the all-seeing viewer were shown
(every view, and who each was told the game waited for), and the final state and result in full. Apart,
so that a change of what a seat is shown (a leak fixed, which applies to the matches already played) is
told from a change of the rules (which must not).
``tests/<game>/recorded/*.json`` keep one per game, variant and rules version; tests/recorded.py checks
that each still replays to exactly that (docs/architecture.md, "Changing a rule").
``manage.py record_match`` makes one.
"""
import hashlib
import json

from gamekit import contract
from matches import exports
from matches.registry import get_game

KEY = "recorded"


def canonical(value) -> str:
    """The one text a value is compared as: JSON, keys in their own order (the order is behaviour too)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _rules_step(engine, state, seat, action, at, events) -> bytes:
    return canonical({
        "seat": seat, "action": action, "server_time": at, "events": events, "state": state,
        "to_act": [] if engine.result(state) is not None else engine.to_act(state),
        "deadline": engine.deadline(state), "result": engine.result(state),
    }).encode() + b"\n"


def _views_step(engine, state, viewers) -> bytes:
    return canonical({
        "views": [engine.view(state, viewer) for viewer in viewers],
        "to_act_seen_by": [contract.to_act_seen_by(engine, state, viewer) for viewer in viewers],
    }).encode() + b"\n"


def replayed(data) -> dict:
    """What replaying the export ``data`` through its engine, under its own rules version, makes.

    Pure: no database. Raises ExportError for a file that is not an export, and whatever the engine
    raises if it refuses a logged action."""
    data = exports.read_export(data)
    engine = get_game(data["game"]).engine
    players = data["players"]
    viewers = [*range(players), None, "all"]
    state = engine.new_game(players, exports.engine_options(data), data["seed"], data["options"]["started_at"])
    rules = hashlib.sha256(_rules_step(engine, state, None, None, None, []))
    shown = hashlib.sha256(_views_step(engine, state, viewers))
    for entry in data["actions"]:
        state, events = engine.apply(state, entry["seat"], entry["action"], entry["server_time"])
        rules.update(_rules_step(engine, state, entry["seat"], entry["action"], entry["server_time"], events))
        shown.update(_views_step(engine, state, viewers))
    return {
        "rules_version": exports.rules_version(data),
        "steps": len(data["actions"]),
        "sha256": rules.hexdigest(),
        "views_sha256": shown.hexdigest(),
        "result": engine.result(state),
        "final_state": state,
    }


def recording(export: dict) -> dict:
    """A recording of a finished match's export: no source match, no account, and what its replay makes."""
    data = dict(export, source_match=None)
    data["seats"] = [dict(seat, username=None) for seat in export["seats"]]
    return dict(data, **{KEY: replayed(data)})


def differences(data) -> list[str]:
    """Where replaying the recording ``data`` now differs from what it made when recorded; [] when nowhere."""
    was, now = data[KEY], replayed(data)
    return [f"{key}: recorded {canonical(was.get(key))[:200]}, now {canonical(now[key])[:200]}"
            for key in now if canonical(was.get(key)) != canonical(now[key])]

"""What the engines' replay-equality tests share (tests/<game>/test_engine_replay_equality.py): one way to
write a value for hashing, one record of how an engine answered an action, and the recorded file.

Changing anything here changes every game's fingerprints: the text hashed must stay the same."""
import json
import os

from gamekit.errors import IllegalAction


def dump(value):
    return json.dumps(value, default=repr)  # no sort_keys: the order of keys is part of the behaviour


def answer(call, accepted=lambda result: ["accepted"]):
    """How the engine met ``call()``: refused (its message and params), crashed, or ``accepted(result)``."""
    try:
        result = call()
    except IllegalAction as err:  # each game's IllegalAction is one of these
        return ["refused", type(err).__name__, err.template, err.params, str(err)]
    except Exception as err:  # noqa: BLE001 - a crash on nonsense input is recorded as it is, too
        return ["crashed", type(err).__name__, str(err)]
    return accepted(result)


def recorded(path):
    with open(path) as f:
        return json.load(f)


def write(path, fingerprints):
    """Record new fingerprints (only when a rule change is intended)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(fingerprints, f, indent=1)
        f.write("\n")

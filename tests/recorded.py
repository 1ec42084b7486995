"""What the games' recorded-log tests share (tests/<game>/test_recorded.py): the recorded logs of a game and
the two checks every one of them must pass, whatever rules version the engines are at now.

A recorded log (``tests/<game>/recorded/*.json``, made by ``manage.py record_match``, matches/recordings.py)
is a finished match's export plus what replaying it made when it was recorded. It must keep replaying
byte for byte, through the engine alone (``check_replay``), and through the site: import it, verify it,
replay it (``check_import``). Never record one again to make a test pass: a difference in what the rules made
(``sha256``, the final state, the result) means a rule changed for matches already played
(docs/architecture.md, "Changing a rule"). Only a change of what seats are shown (a leak fixed, for every
match, old ones included) may update a recording, its ``views_sha256`` alone, in the fix's commit, saying so."""
import io
import json
import os

from django.core.management import call_command

from matches import exports, recordings, replays
from matches.models import Match
from matches.registry import get_game

TESTS = os.path.dirname(os.path.abspath(__file__))
# What an export holds (matches/exports.py), and the recording's own key: nothing else is in a recorded log.
EXPORT_KEYS = {"format", "game", "rules_version", "players", "options", "seed", "seats", "actions", "result",
               "finished_at", "source_match"}


def paths(game) -> list[str]:
    folder = os.path.join(TESTS, game, "recorded")
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".json"))


def name(path) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def load(path) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def check_secrets(data):
    """A recorded log holds what an export holds and no more: no account, no match of this site."""
    assert set(data) == EXPORT_KEYS | {recordings.KEY}
    assert set(data[recordings.KEY]) == {"rules_version", "steps", "sha256", "views_sha256", "result", "final_state"}
    assert data["source_match"] is None
    assert all(seat["username"] is None and seat["bot"] for seat in data["seats"])


def check_replay(path):
    """Replayed through its engine alone (no database), the log makes what it made when recorded."""
    data = load(path)
    check_secrets(data)
    assert recordings.differences(data) == []
    made = data[recordings.KEY]
    assert made["rules_version"] == data["rules_version"] and made["steps"] == len(data["actions"])
    assert recordings.canonical(made["result"]) == recordings.canonical(data["result"])


def check_import(path):
    """``import_match`` stores it under its own rules version, ``verify_match`` accepts it, and the stored
    match's state and the last frame of its replay are the recorded final state's.

    Compared as values: PostgreSQL's jsonb keeps no order of keys, so what comes back from the database is
    the same JSON value, not always the same text (the engine's own replay, above, is checked as text)."""
    data = load(path)
    made = data[recordings.KEY]
    out = io.StringIO()
    call_command("verify_match", path, stdout=out)
    assert out.getvalue().startswith("OK:")
    call_command("import_match", path, stdout=io.StringIO())
    match = Match.objects.latest("pk")
    assert match.game == data["game"] and match.rules_version == data["rules_version"]
    assert match.version == made["steps"] and match.status == Match.Status.FINISHED
    assert match.state == made["final_state"] and match.result == made["result"]
    engine = get_game(match.game).engine
    last = replays.replay_frames(match, "all", match.version, match.version)[-1]
    assert last["view"] == engine.view(made["final_state"], "all")
    assert exports.export_match(match)["rules_version"] == data["rules_version"]

"""Recorded match logs (matches/recordings.py) and ``manage.py record_match``, on the countdown game."""
import copy
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from matches import exports, recordings
from matches.models import Match
from tests import recorded
from tests.factories import UserFactory
from tests.matches.playing import play_countdown

pytestmark = pytest.mark.django_db(transaction=True)


def _recording():
    match = play_countdown([UserFactory(username="alice-rec"), "first", "first"], [3, 1, 2])
    return json.loads(json.dumps(recordings.recording(exports.export_match(match))))


def test_a_recording_is_the_export_without_accounts_or_source_and_what_its_replay_makes():
    data = _recording()
    assert data["source_match"] is None and [s["username"] for s in data["seats"]] == [None, None, None]
    assert data["seats"][0]["name"] == "alice-rec"  # a person's name stays, as in the export
    made = data[recordings.KEY]
    assert made["rules_version"] == 1 and made["steps"] == len(data["actions"]) and made["result"] == data["result"]
    assert recordings.differences(data) == []


def test_any_change_in_what_the_replay_makes_is_a_difference():
    data = _recording()
    changed = copy.deepcopy(data)
    changed[recordings.KEY]["final_state"]["cheers"][0] += 1
    assert [d.split(":")[0] for d in recordings.differences(changed)] == ["final_state"]
    changed = copy.deepcopy(data)
    changed[recordings.KEY]["sha256"] = "0" * 64
    assert [d.split(":")[0] for d in recordings.differences(changed)] == ["sha256"]
    # what the seats were shown is hashed apart from what the rules did
    changed = copy.deepcopy(data)
    changed[recordings.KEY]["views_sha256"] = "0" * 64
    assert [d.split(":")[0] for d in recordings.differences(changed)] == ["views_sha256"]
    # the same log under another rules version is another replay (countdown plays only version 1)
    with pytest.raises(exports.ExportError, match="Unknown rules version"):
        recordings.differences(dict(data, rules_version=2))


def test_canonical_text_keeps_the_order_of_keys():
    assert recordings.canonical({"b": 1, "a": [1.5, None, "é"]}) == '{"b":1,"a":[1.5,null,"é"]}'


def test_record_match_writes_a_recorded_log_and_keeps_nothing_in_the_database(tmp_path):
    path = tmp_path / "recorded" / "countdown.json"
    out = io.StringIO()
    call_command("record_match", "countdown", "--out", str(path), "--players", "3", "--bots", "random",
                 "--option", "rounds=2", "--seed", "9", stdout=out)
    assert "Recorded countdown (rules version 1" in out.getvalue()
    assert not Match.objects.exists()
    data = recorded.load(str(path))
    recorded.check_secrets(data)
    assert data["players"] == 3 and data["seed"] == 9 and data["options"]["rounds"] == 2
    assert [s["bot"] for s in data["seats"]] == ["random"] * 3
    recorded.check_replay(str(path))
    recorded.check_import(str(path))


def test_record_match_never_overwrites_a_file(tmp_path):
    path = tmp_path / "kept.json"
    path.write_text("{}")
    with pytest.raises(CommandError, match="never recorded again"):
        call_command("record_match", "countdown", "--out", str(path))
    assert path.read_text() == "{}"


@pytest.mark.parametrize("given, message", [
    (["--option", "colour=red"], "unknown option colour"),
    (["--option", "rounds"], "name=value"),
    (["--bots", "first,nobody"], "one bot per seat"),
])
def test_record_match_refuses_what_it_cannot_play(given, message, tmp_path):
    with pytest.raises(CommandError, match=message):
        call_command("record_match", "countdown", "--out", str(tmp_path / "x.json"), *given)

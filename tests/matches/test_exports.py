"""Export a finished match as JSON, verify it by replaying it, import it again; and the download."""
import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from matches import exports, registry, scheduling
from matches.models import ActionLog, Match
from matches.simulation import play_bot_match
from tests.factories import UserFactory
from tests.matches.playing import play_countdown

pytestmark = pytest.mark.django_db(transaction=True)


def finished_bot_match(spec):
    options = registry.without_clocks(spec, registry.default_table_options(spec))
    engine_options = spec.resolve_options(options) if spec.resolve_options else options
    bots = [next(iter(spec.bots))] * spec.min_players
    with scheduling.suspended():
        match, _actions = play_bot_match(spec.key, bots, engine_options, seed=20261123)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def comparable(data):
    return {k: v for k, v in data.items() if k not in {"source_match", "finished_at"}}


@pytest.mark.parametrize("spec", registry.all_games(), ids=lambda spec: spec.key)
def test_export_verify_import_round_trip_for_every_game(spec, tmp_path, capsys):
    match = finished_bot_match(spec)
    data = json.loads(json.dumps(exports.export_match(match)))
    assert data["game"] == spec.key and data["seed"] == match.seed
    assert len(data["actions"]) == match.version and data["result"] == match.result
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))

    call_command("verify_match", str(path))
    assert capsys.readouterr().out.startswith("OK:")
    call_command("import_match", str(path))
    imported = Match.objects.exclude(pk=match.pk).get()
    assert imported.status == Match.Status.FINISHED and not imported.rated
    assert imported.result == match.result and imported.version == match.version
    assert list(imported.actions.values_list("seq", "seat", "action", "events")) == list(
        match.actions.values_list("seq", "seat", "action", "events")
    )
    assert [s.rank for s in imported.seats.all()] == [s.rank for s in match.seats.all()]
    assert comparable(exports.export_match(imported)) == comparable(data)


def test_a_tampered_export_fails_verification_and_is_not_imported(tmp_path):
    spec = registry.get_game("countdown")
    match = finished_bot_match(spec)
    data = json.loads(json.dumps(exports.export_match(match)))
    wrong_result = copy.deepcopy(data)
    wrong_result["result"]["ranks"] = list(reversed(wrong_result["result"]["ranks"])) + [0]
    checked = exports.verify(wrong_result)
    assert not checked.ok and "not the recorded" in checked.message
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(wrong_result))
    with pytest.raises(CommandError, match="Mismatch"):
        call_command("verify_match", str(path))
    with pytest.raises(CommandError):
        call_command("import_match", str(path))
    assert Match.objects.count() == 1

    cut_short = copy.deepcopy(data)
    cut_short["actions"] = cut_short["actions"][:-3]
    assert not exports.verify(cut_short).ok


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="other"), "Not a match export"),
        (lambda d: d.update(game="chess"), "Unknown game"),
        (lambda d: d.update(players=9), "players"),
        (lambda d: d["seats"].pop(), "each seat once"),
        (lambda d: d["actions"][0].update(seat=7), "Action 0"),
        (lambda d: d.pop("result"), "result is missing"),
    ],
)
def test_a_malformed_export_is_refused_with_a_clear_message(change, message):
    match = finished_bot_match(registry.get_game("countdown"))
    data = json.loads(json.dumps(exports.export_match(match)))
    change(data)
    with pytest.raises(exports.ExportError, match=message):
        exports.import_export(data)
    assert Match.objects.count() == 1


def test_an_import_is_on_nobodys_profile_and_private_unless_the_operator_says_otherwise(tmp_path):
    alice, bob = UserFactory(username="alice-export"), UserFactory(username="bob-export")
    match = play_countdown([alice, bob, "first"], [3, 1, 2])
    data = json.loads(json.dumps(exports.export_match(match)))
    assert [s["name"] for s in data["seats"]][:2] == ["alice-export", "bob-export"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))

    call_command("import_match", str(path))
    imported = Match.objects.exclude(pk=match.pk).get()
    seats = list(imported.seats.order_by("seat"))
    # the file's usernames are only names: neither account gets the match
    assert [s.user for s in seats] == [None, None, None] and imported.is_private
    assert [s.display_name for s in seats[:2]] == ["alice-export", "bob-export"]
    assert seats[2].bot == "first" and imported.bot_seats == [[2, "first"]]

    call_command("import_match", str(path), "--as", "1=alice-export", "--public")
    attributed = Match.objects.exclude(pk__in=[match.pk, imported.pk]).get()
    seats = list(attributed.seats.order_by("seat"))
    assert [s.user for s in seats] == [None, alice, None] and not attributed.is_private
    assert seats[0].display_name == "alice-export"


def _tampered(data, path, change):
    data = copy.deepcopy(data)
    change(data)
    path.write_text(json.dumps(data))
    return str(path)


# Each a file an import command meets; each must be one CommandError, and nothing stored.
MALFORMED = {
    "seat entry not an object": lambda d: d["seats"].__setitem__(0, 5),
    "seat entry a list": lambda d: d["seats"].__setitem__(0, ["seat", 0]),
    "seat number true": lambda d: d["seats"][1].update(seat=True),
    "seat number text": lambda d: d["seats"][0].update(seat="0"),
    "started_at 1e20": lambda d: d["options"].update(started_at=1e20),
    "started_at negative": lambda d: d["options"].update(started_at=-1e20),
    "server_time 1e300": lambda d: d["actions"][0].update(server_time=1e300),
    "action seat true": lambda d: d["actions"][0].update(seat=True),
    "players true": lambda d: d.update(players=True),
    "seed true": lambda d: d.update(seed=True),
    "finished_at not a date": lambda d: d.update(finished_at="yesterday"),
    "finished_at a number": lambda d: d.update(finished_at=5),
    "unknown bot": lambda d: d["seats"][2].update(bot="nobody-such"),
    "options a list": lambda d: d.update(options=[1]),
    "actions an object": lambda d: d.update(actions={}),
}


@pytest.mark.parametrize("change", MALFORMED.values(), ids=MALFORMED.keys())
def test_every_malformed_file_is_one_clear_command_error(change, tmp_path):
    match = play_countdown([UserFactory(), UserFactory(), "first"], [3, 1, 2])
    data = json.loads(json.dumps(exports.export_match(match)))
    path = _tampered(data, tmp_path / "bad.json", change)
    for command in ("verify_match", "import_match"):
        with pytest.raises(CommandError):
            call_command(command, path)
    assert Match.objects.count() == 1


@pytest.mark.parametrize("text", ["[1, 2]", "{", "nan", '"text"', "[" * 100000 + "]" * 100000, '{"format": "alibaba-match/1", "game": []}'])
def test_a_file_that_is_no_export_at_all_is_one_command_error(text, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CommandError):
        call_command("import_match", str(path))


@pytest.mark.parametrize("given", [["--as", "0"], ["--as", "x=alice"], ["--as", "0=nobody-here"], ["--as", "7=alice-imp"],
                                   ["--as", "0=alice-imp", "--as", "0=bob-imp"]])
def test_a_wrong_seat_attribution_is_one_command_error(given, tmp_path):
    match = play_countdown([UserFactory(username="alice-imp"), UserFactory(username="bob-imp"), "first"], [3, 1, 2])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(exports.export_match(match)))
    with pytest.raises(CommandError):
        call_command("import_match", str(path), *given)
    assert Match.objects.count() == 1


def test_a_running_match_is_never_exported(client):
    alice, bob = UserFactory(), UserFactory()
    match = play_countdown([alice, bob], [3, 1])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    client.force_login(alice)
    assert client.get(f"/matches/{match.pk}/export.json").status_code == 404
    with pytest.raises(exports.ExportError):
        exports.export_match(Match.objects.get(pk=match.pk))


def test_the_download_of_a_private_match_is_only_for_those_who_sat(client):
    alice, bob, eve = UserFactory(), UserFactory(), UserFactory()
    match = play_countdown([alice, bob], [3, 1], is_private=True)
    url = f"/matches/{match.pk}/export.json"
    assert client.get(url).status_code == 404
    client.force_login(eve)
    assert client.get(url).status_code == 404
    client.force_login(bob)
    response = client.get(url)
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["seed"] == match.seed
    assert ActionLog.objects.filter(match=match).count() == len(json.loads(response.content)["actions"])

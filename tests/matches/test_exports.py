"""Export a finished match as JSON, verify it by replaying it, import it again; and the download."""
import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from matches import exports, registry, scheduling, services
from matches.models import ActionLog, Match
from matches.services import SeatSpec
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
    "rules version unknown": lambda d: d.update(rules_version=2),
    "rules version 0": lambda d: d.update(rules_version=0),
    "rules version text": lambda d: d.update(rules_version="1"),
    "rules version among the options": lambda d: d["options"].update(rules_version=1),
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


def test_an_export_says_its_rules_version_and_an_import_keeps_it(tmp_path):
    match = play_countdown([UserFactory(), UserFactory(), "first"], [3, 1, 2])
    data = json.loads(json.dumps(exports.export_match(match)))
    assert data["rules_version"] == match.rules_version == 1
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    call_command("import_match", str(path))
    assert Match.objects.exclude(pk=match.pk).get().rules_version == 1


def test_an_export_from_before_rules_versions_is_version_1(tmp_path):
    match = play_countdown([UserFactory(), UserFactory(), "first"], [3, 1, 2])
    data = json.loads(json.dumps(exports.export_match(match)))
    del data["rules_version"]
    assert exports.verify(data).ok
    assert exports.import_export(data).rules_version == 1


def test_an_unknown_rules_version_is_refused_by_name(tmp_path):
    match = play_countdown([UserFactory(), UserFactory(), "first"], [3, 1, 2])
    path = _tampered(json.loads(json.dumps(exports.export_match(match))), tmp_path / "later.json",
                     lambda d: d.update(rules_version=3))
    for command in ("verify_match", "import_match"):
        with pytest.raises(CommandError, match="Unknown rules version 3 of countdown: this site plays its versions 1 to 1"):
            call_command(command, path)
    assert Match.objects.count() == 1


def _cheered_export(version):
    """A countdown_next match with a cheer (one in version 1, two from version 2 on), exported."""
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown_next", [SeatSpec(user=u) for u in users], {"rounds": 1}, seed=3, now=1000.0)
    for seat, action in [(1, {"type": "cheer"}), (0, {"type": "add", "n": 1}), (0, {"type": "bid", "n": 0}),
                         (1, {"type": "bid", "n": 0}), (1, {"type": "add", "n": 1}), (0, {"type": "bid", "n": 0}),
                         (1, {"type": "bid", "n": 0})]:
        match = services.match_apply_action(match.pk, seat, action, now=1001.0)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return json.loads(json.dumps(exports.export_match(match)))


def test_verify_and_import_replay_an_export_under_its_own_rules_version(countdown_next):
    data = _cheered_export(2)
    assert data["rules_version"] == 2 and data["result"]["scores"] == [1, 1]
    assert exports.verify(data).ok
    assert exports.import_export(data).state["cheers"] == [2, 0]
    # the same log under version 1: the engine keeps that version's rule (a cheer counts one)
    older = dict(data, rules_version=1)
    assert exports.verify(older).ok
    imported = exports.import_export(older)
    assert imported.rules_version == 1 and imported.state["cheers"] == [1, 0] and "rules_version" not in imported.state


# Issue 35, finding 3: each a bad time an import command meets, and the field its one error names.
BAD_TIMES = {
    "finished_at past the year 9999 once in UTC": ("finished_at", "9999-12-31T23:59:59-23:59"),
    "finished_at before the year 1 once in UTC": ("finished_at", "0001-01-01T00:00:00+23:59"),
    "finished_at on the year 9999's last day": ("finished_at", "9999-12-31T12:00:00+00:00"),
    "finished_at before 1970": ("finished_at", "1969-12-31T23:59:59+00:00"),
    "finished_at an offset of a day": ("finished_at", "2026-11-23T19:33:02+24:00"),
    "finished_at month 13": ("finished_at", "2026-13-01T00:00:00"),
    "finished_at garbage": ("finished_at", "next tuesday"),
    "finished_at empty": ("finished_at", ""),
    "finished_at a lone surrogate": ("finished_at", "\ud800"),
    "finished_at a date with a lone surrogate": ("finished_at", "2026-11-23T19:33:02\udfff"),
    "finished_at an object": ("finished_at", {"year": 2026}),
    "started_at a whole number too large for a float": ("started_at", 10**400),
    "started_at a date as text": ("started_at", "2026-11-23T19:33:02+00:00"),
    "server_time a whole number too large for a float": ("server_time", 10**400),
    "server_time negative": ("server_time", -1),
}


def _with_time(data, field, value):
    if field == "started_at":
        data["options"]["started_at"] = value
    elif field == "server_time":
        data["actions"][0]["server_time"] = value
    else:
        data[field] = value


@pytest.mark.parametrize("field, value", BAD_TIMES.values(), ids=BAD_TIMES.keys())
def test_every_bad_time_is_one_command_error_naming_its_field_and_nothing_is_stored(field, value, tmp_path):
    match = play_countdown([UserFactory(), UserFactory(), "first"], [3, 1, 2])
    data = json.loads(json.dumps(exports.export_match(match)))
    path = _tampered(data, tmp_path / "bad.json", lambda d: _with_time(d, field, value))
    for command in ("verify_match", "import_match"):
        with pytest.raises(CommandError, match=field) as refused:
            call_command(command, path)
        assert "\ud800" not in str(refused.value) and "\udfff" not in str(refused.value)
    assert Match.objects.count() == 1


@pytest.mark.parametrize("given, stored", [
    ("2026-11-23T19:33:02", "2026-11-23T19:33:02+00:00"),  # no offset: UTC
    ("2026-11-23T21:33:02+02:00", "2026-11-23T19:33:02+00:00"),
    ("9999-12-30T00:00:00-23:59", "9999-12-30T23:59:00+00:00"),
])
def test_finished_at_is_stored_in_utc_whatever_its_offset(given, stored, tmp_path):
    match = play_countdown([UserFactory(), UserFactory(), "first"], [3, 1, 2])
    data = json.loads(json.dumps(exports.export_match(match)))
    path = _tampered(data, tmp_path / "match.json", lambda d: d.update(finished_at=given))
    call_command("import_match", path)
    imported = Match.objects.exclude(pk=match.pk).get()
    assert imported.finished_at.isoformat() == stored

"""A finished match as JSON, checked by replaying it through its engine, and stored again from it.

An export holds everything needed to rebuild the match (game, the rules version
it was played under, options, seed, seats, the logged actions with their server
times) and the result it reached; `verify` replays it under its own rules version
and compares, `import_export` stores a verified one as a finished, unrated match.
docs/ratings.md describes the format.

A file says anything it likes about who played: an imported match is on
nobody's profile unless the operator says which account sat in which seat
(`accounts_by_seat`), and it is private unless asked otherwise.
"""
import json
import math
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import transaction

from gamekit import contract
from matches import ratings
from matches.models import ActionLog, Match, MatchSeat
from matches.registry import get_game

FORMAT = "alibaba-match/1"
# An export without "rules_version" was made before matches stored one: every such match was played under
# the rules each engine calls version 1 (matches/migrations/0010_match_rules_version.py).
UNVERSIONED_RULES = contract.FIRST_RULES_VERSION


class ExportError(ValueError):
    """A file that is not a usable match export (the message says what is wrong)."""


def export_match(match: Match) -> dict:
    """The export of a finished match (the seed is in it: never call this for a running match)."""
    if match.status != Match.Status.FINISHED:
        raise ExportError("Only a finished match can be exported: its seed is hidden information until the end.")
    seats = sorted(match.seats.select_related("user"), key=lambda s: s.seat)
    return {
        "format": FORMAT,
        "game": match.game,
        "rules_version": match.rules_version,
        "players": match.players,
        "options": match.options,
        "seed": match.seed,
        "seats": [
            {"seat": s.seat, "name": s.display_name, "username": s.user.username if s.user_id else None, "bot": s.bot or None}
            for s in seats
        ],
        "actions": [
            {"seq": a.seq, "seat": a.seat, "action": a.action, "server_time": a.server_time}
            for a in match.actions.order_by("seq")
        ],
        "result": match.result,
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "source_match": match.pk,
    }


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Times are seconds since 1970 that a datetime can hold (up to the year 9999), with a day to
# spare, so that a time shown in any time zone is still a datetime.
_LATEST = datetime(9999, 12, 31, tzinfo=UTC)
_LATEST_TIME = _LATEST.timestamp()
_EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)


def _is_time(value) -> bool:
    # Compared as is, never converted: a whole number too large for a float is simply too late.
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return _is_number(value) and 0 <= value <= _LATEST_TIME


def read_finished_at(value) -> datetime:
    """The export's finished_at (an ISO date and time; without an offset, UTC) in UTC, or ExportError.

    Converted here, once: an offset can carry a time past the year 9999 (or before the year 1),
    which the database's conversion to UTC could not hold (OverflowError), and is kept within the
    same range as every other time of an export.
    """
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ExportError("finished_at must be an ISO date and time (e.g. \"2026-11-23T19:33:02+00:00\").") from None
    try:
        when = (when.replace(tzinfo=UTC) if when.tzinfo is None else when).astimezone(UTC)
    except OverflowError:
        when = None
    if when is None or not _EARLIEST <= when <= _LATEST:
        raise ExportError("finished_at must be between 1970 and the last day of the year 9999 (in UTC).")
    return when


def read_export(data) -> dict:
    """Check the shape of an export (parsed JSON); raise ExportError naming the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(f"Not a match export (expected \"format\": \"{FORMAT}\").")
    try:
        spec = get_game(data.get("game"))
    except (LookupError, TypeError):
        raise ExportError(f"Unknown game: {data.get('game')!r}.") from None
    version = data.get("rules_version", UNVERSIONED_RULES)
    if not _is_whole(version) or not contract.FIRST_RULES_VERSION <= version <= spec.engine.RULES_VERSION:
        raise ExportError(
            f"Unknown rules version {version!r} of {spec.key}: this site plays its versions "
            f"{contract.FIRST_RULES_VERSION} to {spec.engine.RULES_VERSION}."
        )
    players = data.get("players")
    if not _is_whole(players) or not spec.min_players <= players <= spec.max_players:
        raise ExportError(f"{spec.key} is for {spec.min_players} to {spec.max_players} players, not {players!r}.")
    if not _is_whole(data.get("seed")):
        raise ExportError("The seed must be a whole number.")
    options = data.get("options")
    if not isinstance(options, dict) or not _is_time(options.get("started_at")):
        raise ExportError("The options must be an object with the start time (\"started_at\", seconds since 1970, up to the year 9999).")
    if contract.RULES_VERSION_OPTION in options:
        raise ExportError("The rules version is given beside the options (\"rules_version\"), not among them.")
    _check_seats(data.get("seats"), players, spec)
    _check_actions(data.get("actions"), players)
    if data.get("finished_at") is not None:
        read_finished_at(data["finished_at"])
    if not isinstance(data.get("result"), dict):
        raise ExportError("The recorded result is missing.")
    return data


def _check_seats(seats, players, spec):
    """Raise ExportError unless ``seats`` lists seats 0 to players - 1 once each, named, with known bots."""
    if not isinstance(seats, list) or not all(isinstance(s, dict) and _is_whole(s.get("seat")) for s in seats):
        raise ExportError("The seats must be a list of objects, each with its seat number.")
    if sorted(s["seat"] for s in seats) != list(range(players)):
        raise ExportError("The seats must list each seat once, 0 to players - 1.")
    for seat in seats:
        if (
            not isinstance(seat.get("name"), str)
            or not isinstance(seat.get("username") or "", str)
            or not isinstance(seat.get("bot") or "", str)
        ):
            raise ExportError(f"Seat {seat['seat']}: a name, and optionally a username or a bot, as text.")
        if seat.get("bot") and seat["bot"] not in spec.bots:
            raise ExportError(f"Seat {seat['seat']}: {spec.key} has no computer player {seat['bot']!r}.")


def _check_actions(actions, players):
    """Raise ExportError unless ``actions`` is a list of {seat (or None), action, server_time}."""
    if not isinstance(actions, list):
        raise ExportError("The actions must be a list.")
    for index, entry in enumerate(actions):
        if not (
            isinstance(entry, dict)
            and (entry.get("seat") is None or (_is_whole(entry.get("seat")) and 0 <= entry["seat"] < players))
            and isinstance(entry.get("action"), dict)
        ):
            raise ExportError(f"Action {index}: a seat (or null for time), an action object and a server time are needed.")
        if not _is_time(entry.get("server_time")):
            raise ExportError(f"Action {index}: server_time must be seconds since 1970, up to the year 9999.")


def _log(data) -> list[tuple]:
    return [(entry["seat"], entry["action"], entry["server_time"]) for entry in data["actions"]]


def rules_version(data) -> int:
    """The rules version a (checked) export was played under."""
    return data.get("rules_version", UNVERSIONED_RULES)


def engine_options(data) -> dict:
    """The options the engine starts the exported match with: its own, under its own rules version."""
    return contract.with_rules_version(data["options"], rules_version(data))


def _normalised(value):
    return json.loads(json.dumps(value))


@dataclass
class Verification:
    ok: bool
    message: str
    reached: dict | None = None


def verify(data) -> Verification:
    """Replay an export through its engine and compare the result it reaches with the recorded one."""
    data = read_export(data)
    engine = get_game(data["game"]).engine
    options = data["options"]
    try:
        state = engine.replay(data["players"], engine_options(data), data["seed"], _log(data), options["started_at"])
    except Exception as exc:  # an engine refusing a logged action is the answer, not a crash
        return Verification(False, f"The replay stopped: {type(exc).__name__}: {exc}")
    reached = engine.result(state)
    if reached is None:
        return Verification(False, "The replay ends before the match is over.")
    reached = _normalised(reached)
    if reached != _normalised(data["result"]):
        return Verification(False, f"The replay reaches {reached}, not the recorded {data['result']}.", reached)
    return Verification(True, f"The replay of {len(data['actions'])} actions reaches the recorded result.", reached)


def _seat_row(match, entry, accounts_by_seat) -> MatchSeat:
    user = accounts_by_seat.get(entry["seat"])
    bot = entry.get("bot") or ""
    if user is None and not bot:
        return MatchSeat(match=match, seat=entry["seat"], name=entry["name"][:150])
    return MatchSeat(match=match, seat=entry["seat"], user=user, bot="" if user else bot)


def import_export(data, *, accounts_by_seat=None, is_private=True) -> Match:
    """Store a verified export as a finished, unrated match.

    A seat is an account's only when `accounts_by_seat` ({seat: user}, the
    operator's word) says so; the file's usernames are not trusted, and its
    other people are shown by their name alone.
    """
    accounts_by_seat = dict(accounts_by_seat or {})
    checked = verify(data)
    if not checked.ok:
        raise ExportError(checked.message)
    spec = get_game(data["game"])
    engine = spec.engine
    state = engine.new_game(data["players"], engine_options(data), data["seed"], data["options"]["started_at"])
    logged = []
    for seq, (seat, action, at) in enumerate(_log(data)):
        state, events = engine.apply(state, seat, action, at)
        logged.append((seq, seat, action, at, events))
    if set(accounts_by_seat) - set(range(data["players"])):
        raise ExportError(
            f"This match has seats 0 to {data['players'] - 1}, not {sorted(set(accounts_by_seat) - set(range(data['players'])))}."
        )
    finished_at = datetime.fromtimestamp(logged[-1][3] if logged else data["options"]["started_at"], tz=UTC)
    if data.get("finished_at"):
        finished_at = read_finished_at(data["finished_at"])
    with transaction.atomic():
        match = Match.objects.create(
            game=spec.key,
            options=data["options"],
            seed=data["seed"],
            rules_version=rules_version(data),
            players=data["players"],
            status=Match.Status.FINISHED,
            version=len(logged),
            step_version=len(logged),
            state=state,
            is_private=is_private,
            rated=False,
            bot_seats=[[s["seat"], s["bot"]] for s in data["seats"] if s.get("bot") and s["seat"] not in accounts_by_seat],
            result=checked.reached,
            finished_at=finished_at,
        )
        started_at = datetime.fromtimestamp(data["options"]["started_at"], tz=UTC)
        Match.objects.filter(pk=match.pk).update(started_at=started_at, created_at=started_at)
        MatchSeat.objects.bulk_create(
            [_seat_row(match, entry, accounts_by_seat) for entry in sorted(data["seats"], key=lambda s: s["seat"])]
        )
        ActionLog.objects.bulk_create(
            [
                ActionLog(match=match, seq=seq, seat=seat, action=action, server_time=at, events=events)
                for seq, seat, action, at, events in logged
            ]
        )
        ratings.record_ranks(match, checked.reached)
    match.refresh_from_db()
    return match

"""A finished match as JSON, checked by replaying it through its engine, and stored again from it.

An export holds everything needed to rebuild the match (game, options, seed,
seats, the logged actions with their server times) and the result it reached;
`verify` replays it and compares, `import_export` stores a verified one as a
finished, unrated match. docs/ratings.md describes the format.

A file says anything it likes about who played: an imported match is on
nobody's profile unless the operator says which account sat in which seat
(`accounts_by_seat`), and it is private unless asked otherwise.
"""
import json
import math
from dataclasses import dataclass
from datetime import datetime, timezone

from django.db import transaction

from matches import ratings
from matches.models import ActionLog, Match, MatchSeat
from matches.registry import get_game

FORMAT = "alibaba-match/1"


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


# Times are seconds since 1970 that a datetime can hold (up to the year 9999).
_LATEST_TIME = datetime(9999, 12, 31, tzinfo=timezone.utc).timestamp()


def _is_time(value) -> bool:
    return _is_number(value) and math.isfinite(value) and 0 <= value <= _LATEST_TIME


def read_export(data) -> dict:
    """Check the shape of an export (parsed JSON); raise ExportError naming the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(f"Not a match export (expected \"format\": \"{FORMAT}\").")
    try:
        spec = get_game(data.get("game"))
    except (LookupError, TypeError):
        raise ExportError(f"Unknown game: {data.get('game')!r}.") from None
    players = data.get("players")
    if not _is_whole(players) or not spec.min_players <= players <= spec.max_players:
        raise ExportError(f"{spec.key} is for {spec.min_players} to {spec.max_players} players, not {players!r}.")
    if not _is_whole(data.get("seed")):
        raise ExportError("The seed must be a whole number.")
    options = data.get("options")
    if not isinstance(options, dict) or not _is_time(options.get("started_at")):
        raise ExportError("The options must be an object with the start time (\"started_at\", seconds since 1970).")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) and _is_whole(s.get("seat")) for s in seats):
        raise ExportError("The seats must be a list of objects, each with its seat number.")
    if sorted(s["seat"] for s in seats) != list(range(players)):
        raise ExportError("The seats must list each seat once, 0 to players - 1.")
    for seat in seats:
        if not isinstance(seat.get("name"), str) or not isinstance(seat.get("username") or "", str) or not isinstance(seat.get("bot") or "", str):
            raise ExportError(f"Seat {seat['seat']}: a name, and optionally a username or a bot, as text.")
        if seat.get("bot") and seat["bot"] not in spec.bots:
            raise ExportError(f"Seat {seat['seat']}: {spec.key} has no computer player {seat['bot']!r}.")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise ExportError("The actions must be a list.")
    for index, entry in enumerate(actions):
        if not (
            isinstance(entry, dict)
            and (entry.get("seat") is None or (_is_whole(entry.get("seat")) and 0 <= entry["seat"] < players))
            and isinstance(entry.get("action"), dict)
            and _is_time(entry.get("server_time"))
        ):
            raise ExportError(f"Action {index}: a seat (or null for time), an action object and a server time are needed.")
    finished_at = data.get("finished_at")
    if finished_at is not None:
        try:
            datetime.fromisoformat(finished_at)
        except (TypeError, ValueError):
            raise ExportError("finished_at must be an ISO date and time.") from None
    if not isinstance(data.get("result"), dict):
        raise ExportError("The recorded result is missing.")
    return data


def _log(data) -> list[tuple]:
    return [(entry["seat"], entry["action"], entry["server_time"]) for entry in data["actions"]]


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
        state = engine.replay(data["players"], options, data["seed"], _log(data), options["started_at"])
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
    state = engine.new_game(data["players"], data["options"], data["seed"], data["options"]["started_at"])
    logged = []
    for seq, (seat, action, at) in enumerate(_log(data)):
        state, events = engine.apply(state, seat, action, at)
        logged.append((seq, seat, action, at, events))
    if set(accounts_by_seat) - set(range(data["players"])):
        raise ExportError(f"This match has seats 0 to {data['players'] - 1}, not {sorted(set(accounts_by_seat) - set(range(data['players'])))}.")
    finished_at = datetime.fromtimestamp(logged[-1][3] if logged else data["options"]["started_at"], tz=timezone.utc)
    if data.get("finished_at"):
        finished_at = datetime.fromisoformat(data["finished_at"])
        if finished_at.tzinfo is None:
            finished_at = finished_at.replace(tzinfo=timezone.utc)
    with transaction.atomic():
        match = Match.objects.create(
            game=spec.key,
            options=data["options"],
            seed=data["seed"],
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
        started_at = datetime.fromtimestamp(data["options"]["started_at"], tz=timezone.utc)
        Match.objects.filter(pk=match.pk).update(started_at=started_at, created_at=started_at)
        MatchSeat.objects.bulk_create([_seat_row(match, entry, accounts_by_seat) for entry in sorted(data["seats"], key=lambda s: s["seat"])])
        ActionLog.objects.bulk_create(
            [ActionLog(match=match, seq=seq, seat=seat, action=action, server_time=at, events=events) for seq, seat, action, at, events in logged]
        )
        ratings.record_ranks(match, checked.reached)
    match.refresh_from_db()
    return match

"""What a tournament's page shows, as plain data: built for the page's first drawing and for
every live update over the socket (tournaments/consumers.py), in the reader's language.

The view is the same for every reader but its "me" part (registered, waiting, their table, their row
of the standings): the socket builds the shared part once per change (`Tournament.version`) and
language in each process, and adds each reader's part to its text."""
import json
import threading

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from matches.registry import get_game
from matches.seat_names import bot_kind
from tournaments.models import Entry, Tournament, TournamentMatch


def _name(game_key, player, users) -> str:
    if isinstance(player, str):
        return bot_kind(game_key, player.removeprefix("bot:"))
    user = users.get(player)
    return user.username if user else "?"


def _shared(tournament: Tournament) -> dict:
    """Everything the page shows that is the same for every reader (in the active language), and what the
    reader's own part is read from: built once per change and language, whoever reads it (`shared_view`)."""
    spec = get_game(tournament.game)
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user"))
    users = {entry.user_id: entry.user for entry in entries}
    missing = {line["player"] for line in tournament.standings if isinstance(line["player"], int)} - set(users)
    users.update({u.pk: u for u in get_user_model().objects.filter(pk__in=missing)})
    standings, rows, place = [], [], 0
    for line in tournament.standings:
        if not line["computer"]:
            place += 1
        rows.append(line["player"])
        standings.append({
            "place": None if line["computer"] else place, "name": _name(tournament.game, line["player"], users),
            "computer": line["computer"], "points": line["points"], "matches": line["matches"], "wins": line["wins"],
            "on_fire": line["on_fire"] and tournament.kind == Tournament.Kind.ARENA, "buchholz": line["buchholz"],
        })
    ranked = {line["player"] for line in tournament.standings}
    # registered people with no match counted yet, in order of registration
    for entry in entries:
        if entry.user_id not in ranked and entry.withdrawn_at is None:
            at = sum(1 for row in standings if not row["computer"])
            rows.insert(at, entry.user_id)
            standings.insert(at, {"place": None, "name": entry.user.username, "computer": False,
                                  "points": 0, "matches": 0, "wins": 0, "on_fire": False, "buchholz": 0})
    running = TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=True).values_list("match_id", "players")
    ends_at = tournament.starts_at.timestamp() + 60 * tournament.minutes if tournament.kind == Tournament.Kind.ARENA else None
    view = {
        "id": tournament.pk,
        "status": tournament.status,
        "status_label": tournament.get_status_display(),
        "kind": tournament.kind,
        "game": str(spec.name),
        "starts_at": tournament.starts_at.timestamp(),
        "ends_at": ends_at,
        "round": tournament.current_round,
        "rounds": tournament.rounds,
        "people": sum(1 for entry in entries if entry.withdrawn_at is None),
        "standings": standings,
        "podium": [row["name"] for row in standings if not row["computer"]][:3]
        if tournament.status == Tournament.Status.FINISHED else [],
        "labels": {"waiting": _("Waiting for a table…"), "your_match": _("Your match is ready")},
    }
    return {
        "view": view,
        # the view as JSON without its closing brace: each reader's own part is added to it (`snapshot_text`)
        "text": json.dumps(view)[:-1],
        "row": {player: index for index, player in enumerate(rows) if not isinstance(player, str)},
        "entries": {entry.user_id: (entry.withdrawn_at is not None, entry.waiting_since is not None) for entry in entries},
        "seated": {player: match_id for match_id, players in running for player in players if not isinstance(player, str)},
    }


def _reader(shared: dict, user) -> dict:
    """The reader's own part: registered or not, waiting, their table now, their row of the standings."""
    me = user.pk if user is not None and user.is_authenticated else None
    entry = shared["entries"].get(me)
    return {
        "registered": entry is not None and not entry[0],
        "withdrawn": entry is not None and entry[0],
        "waiting": entry is not None and entry[1],
        "match": shared["seated"].get(me) if entry is not None else None,
        "row": shared["row"].get(me) if me is not None else None,
    }


def tournament_snapshot(tournament: Tournament, user) -> dict:
    """The page's view for this reader (its first drawing)."""
    shared = _shared(tournament)
    return {**shared["view"], "me": _reader(shared, user)}


# (tournament, language) -> (its version, the tournament, its shared part): one build per change, language and
# process, however many pages follow it (200 sockets building 13-24 ms each per change were the 200-person
# arena's delays, bench/bench_arena.py; docs/tournaments.md, "Load")
_built: dict[tuple[int, str], tuple[int, Tournament, dict]] = {}
_built_lock = threading.Lock()
KEPT = 64


def held_view(tournament_id: int, language: str, version: int):
    """(the tournament, its shared part) when this process already built it at ``version`` or later, else
    None; asks nothing of the database, so a socket told of a change reads it without leaving its loop."""
    with _built_lock:
        held = _built.get((tournament_id, language))
    return (held[1], held[2]) if held is not None and held[0] >= version else None


def shared_view(tournament_id: int, language: str, version: int | None = None):
    """(the tournament, its shared part) at ``version`` or later (None: its current version), or None when it
    does not exist; built in ``language`` only when this process holds none as recent."""
    if version is None:
        version = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()
        if version is None:
            return None
    held = held_view(tournament_id, language, version)
    if held is not None:
        return held
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    with translation.override(language):
        shared = _shared(tournament)
    with _built_lock:
        held = _built.get((tournament_id, language))
        if held is None or held[0] < tournament.version:
            _built.pop((tournament_id, language), None)
            _built[(tournament_id, language)] = (tournament.version, tournament, shared)
            while len(_built) > KEPT:  # the least recently changed go first
                del _built[next(iter(_built))]
    return tournament, shared


def snapshot_text(shared: dict, user) -> str:
    """The reader's whole view as JSON text: the shared text and their own part."""
    return shared["text"] + ', "me": ' + json.dumps(_reader(shared, user)) + "}"


def event_link(match) -> dict | None:
    """The way back from a tournament match's end screen to its tournament (matches/endscreen.py)."""
    row = TournamentMatch.objects.filter(match=match).select_related("tournament").first()
    if row is None:
        return None
    return {"name": row.tournament.name, "url": reverse("tournaments:detail", args=[row.tournament_id])}

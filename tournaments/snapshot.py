"""What a tournament's page shows, as plain data: built for the page's first drawing and for
every live update over the socket (tournaments/consumers.py), in the reader's language."""
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext as _

from matches.registry import get_game
from matches.seat_names import bot_kind
from tournaments.models import Entry, Tournament, TournamentMatch


def _name(game_key, player, users) -> str:
    if isinstance(player, str):
        return bot_kind(game_key, player.removeprefix("bot:"))
    user = users.get(player)
    return user.username if user else "?"


def tournament_snapshot(tournament: Tournament, user) -> dict:
    spec = get_game(tournament.game)
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user"))
    users = {entry.user_id: entry.user for entry in entries}
    missing = {line["player"] for line in tournament.standings if isinstance(line["player"], int)} - set(users)
    users.update({u.pk: u for u in get_user_model().objects.filter(pk__in=missing)})
    me = user.pk if user is not None and user.is_authenticated else None
    standings, place = [], 0
    for line in tournament.standings:
        if not line["computer"]:
            place += 1
        standings.append({
            "place": None if line["computer"] else place, "name": _name(tournament.game, line["player"], users), "me": line["player"] == me,
            "computer": line["computer"], "points": line["points"], "matches": line["matches"], "wins": line["wins"],
            "on_fire": line["on_fire"] and tournament.kind == Tournament.Kind.ARENA, "buchholz": line["buchholz"],
        })
    ranked = {line["player"] for line in tournament.standings}
    # registered people with no match counted yet, in order of registration
    for entry in entries:
        if entry.user_id not in ranked and entry.withdrawn_at is None:
            standings.insert(sum(1 for row in standings if not row["computer"]), {
                "place": None, "name": entry.user.username, "me": entry.user_id == me, "computer": False,
                "points": 0, "matches": 0, "wins": 0, "on_fire": False, "buchholz": 0})
    mine = next((entry for entry in entries if entry.user_id == me), None)
    my_match = None
    if mine is not None:
        running = TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=True).values_list("match_id", "players")
        my_match = next((match_id for match_id, players in running if me in players), None)
    ends_at = tournament.starts_at.timestamp() + 60 * tournament.minutes if tournament.kind == Tournament.Kind.ARENA else None
    return {
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
        "me": {
            "registered": mine is not None and mine.withdrawn_at is None,
            "withdrawn": mine is not None and mine.withdrawn_at is not None,
            "waiting": mine is not None and mine.waiting_since is not None,
            "match": my_match,
        },
        "labels": {"waiting": _("Waiting for a table…"), "your_match": _("Your match is ready")},
    }


def event_link(match) -> dict | None:
    """The way back from a tournament match's end screen to its tournament (matches/endscreen.py)."""
    row = TournamentMatch.objects.filter(match=match).select_related("tournament").first()
    if row is None:
        return None
    return {"name": row.tournament.name, "url": reverse("tournaments:detail", args=[row.tournament_id])}

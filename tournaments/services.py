"""The one place a tournament changes: created, joined, left, and advanced by time.

`advance(tournament_id, now)` does whatever is due for one tournament under its row lock: the
start, counting the matches that ended (each exactly once: `TournamentMatch.recorded_at`), the
arena's new tables, the Swiss rounds and the end. It runs on the clock's lane, as a match's
deadline does: woken at the tournament's next moment (`Tournament.next_due`: its start, an arena's
fill and end), stored and asked for after each advance, and at once when one of its matches ends
(`match_ended`). So all of it happens with nobody connected, and a restart loses nothing: the
wake-ups are read back from the database (`waiting_wakes`), and a slow sweep (`advance_due`,
tournaments/jobs.py) catches any wake-up lost. docs/tournaments.md says the rules.
"""
import random
import time
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.db.models import Min, Q
from django.utils.translation import gettext as _, ngettext

from lobby.errors import LobbyError
from lobby.options import check_options, engine_options
from matches import scheduling, services as match_services
from matches.early_abort import ABORTED_AWAY
from matches.models import Match
from matches.ratings import seat_outcomes
from matches.registry import get_game
from tournaments import pairing, standings as standing_rules
from tournaments.models import Entry, Tournament, TournamentMatch
from tournaments.notify import notify_tournament

MINUTES_RANGE = (10, 360)
ROUNDS_RANGE = (1, 15)
FILL_AFTER_RANGE = (5, 300)
# how far ahead a tournament may be scheduled
LONGEST_NOTICE = timedelta(days=60)
# fewer people than this when it should start: the tournament is cancelled
FEWEST_PEOPLE = 2
ENDED = (Match.Status.FINISHED, Match.Status.ABORTED)
# the tournaments' wake-up kind on the clock's lane (matches/job_registry.py, `register_wake`)
WAKE = "tournament"
_shuffle = random.SystemRandom().shuffle


class TournamentError(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = str(message)


def _when(now: float) -> datetime:
    return datetime.fromtimestamp(now, tz=UTC)


def _whole(value, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TournamentError(_("%(field)s must be a whole number.") % {"field": label})
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()):
        raise TournamentError(_("%(field)s must be a whole number.") % {"field": label})
    return int(text)


def _in_range(value: int, bounds: tuple[int, int], label: str) -> int:
    low, high = bounds
    if not low <= value <= high:
        raise TournamentError(_("%(field)s: from %(low)d to %(high)d.") % {"field": label, "low": low, "high": high})
    return value


def checked_choices(*, name, kind, game, table_size, raw_options=None, minutes=None, rounds=None, bot=None,
                    decision_days=0, fill_after=20) -> dict:
    """A tournament's choices, each checked as the lobby checks a table's: the fields to store, or
    TournamentError saying what is wrong. Shared by the form and staff's recurring schedules."""
    name = str(name or "").strip()
    if not name or len(name) > 80 or not name.isprintable():
        raise TournamentError(_("A tournament needs a name of 1 to 80 printable characters."))
    if kind not in Tournament.Kind.values:
        raise TournamentError(_("A tournament is an arena or a Swiss event."))
    try:
        spec = get_game(game)
    except LookupError:
        raise TournamentError(_("Unknown game.")) from None
    table_size = _whole(table_size, _("Seats per table"))
    try:
        options = check_options(game, table_size, raw_options or {})
    except LobbyError as exc:
        raise TournamentError(exc.message) from None
    bot = bot or next(iter(spec.bots))
    if bot not in spec.bots:
        raise TournamentError(_("Unknown computer player: %(bot)s") % {"bot": bot})
    decision_days = _whole(decision_days, _("Days per decision"))
    try:
        decision_days = match_services.check_decision_days(spec, decision_days)
    except match_services.MatchError as exc:
        raise TournamentError(exc.message) from None
    choices = dict(name=name, kind=kind, game=game, table_size=table_size, options=options, decision_days=decision_days,
                   bot=bot, fill_after=20)
    if kind == Tournament.Kind.ARENA:
        choices["minutes"] = _in_range(_whole(minutes, _("Minutes")), MINUTES_RANGE, _("Minutes"))
        choices["fill_after"] = _in_range(_whole(fill_after, _("Seconds before computer players fill a table")),
                                          FILL_AFTER_RANGE, _("Seconds before computer players fill a table"))
    else:
        choices["rounds"] = _in_range(_whole(rounds, _("Rounds")), ROUNDS_RANGE, _("Rounds"))
    return choices


def create_tournament(creator, *, starts_at: datetime, is_private=False, rated=True, schedule=None, now=None,
                      **choices) -> Tournament:
    """A scheduled tournament, every choice checked (`checked_choices`), starting within LONGEST_NOTICE."""
    now = time.time() if now is None else now
    fields = checked_choices(**choices)
    if not isinstance(starts_at, datetime) or starts_at.tzinfo is None:
        raise TournamentError(_("The start is a date and time."))
    if not _when(now) <= starts_at <= _when(now) + LONGEST_NOTICE:
        raise TournamentError(ngettext("The start is within the next %(days)d day.", "The start is within the next %(days)d days.",
                                       LONGEST_NOTICE.days) % {"days": LONGEST_NOTICE.days})
    tournament = Tournament.objects.create(starts_at=starts_at, rated=bool(rated), is_private=bool(is_private), created_by=creator,
                                           schedule=schedule, next_due=starts_at, **fields)
    _wake_after_commit(tournament.pk, starts_at.timestamp())
    return tournament


def _locked(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise TournamentError(_("No such tournament.")) from None


def register(user, tournament_id, now=None) -> Entry:
    """Join: before the start, or while an arena runs (seated at its next tables). Joining again
    after leaving takes the entry back, with its points."""
    now = time.time() if now is None else now
    with transaction.atomic():
        tournament = _locked(tournament_id)
        running_arena = tournament.status == Tournament.Status.RUNNING and tournament.kind == Tournament.Kind.ARENA
        if tournament.status != Tournament.Status.SCHEDULED and not running_arena:
            raise TournamentError(_("This tournament takes no more players."))
        if running_arena and now >= _arena_end(tournament):
            raise TournamentError(_("This tournament takes no more players."))
        entry, _created = Entry.objects.get_or_create(tournament=tournament, user=user)
        waiting = now if running_arena and not _seated_now(tournament, user.pk) else None
        Entry.objects.filter(pk=entry.pk).update(withdrawn_at=None, waiting_since=waiting)
        entry.refresh_from_db()
        notify_tournament(tournament.pk)
        if waiting is not None:
            _wake_after_commit(tournament.pk, now)  # a table may be full now, else the fill's moment is new
    return entry


def withdraw(user, tournament_id, now=None) -> None:
    """Leave: before the start the entry goes; once it runs the person is seated at no new table (a
    match already running plays on and counts)."""
    now = time.time() if now is None else now
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is None or entry.withdrawn_at is not None:
            raise TournamentError(_("You are not playing in this tournament."))
        if tournament.status == Tournament.Status.SCHEDULED:
            entry.delete()
        else:
            Entry.objects.filter(pk=entry.pk).update(withdrawn_at=_when(now), waiting_since=None)
        notify_tournament(tournament.pk)


def _arena_end(tournament: Tournament) -> float:
    return tournament.starts_at.timestamp() + 60 * (tournament.minutes or 0)


def _seated_now(tournament: Tournament, user_id: int) -> bool:
    return any(user_id in row.players for row in tournament.tournament_matches.filter(recorded_at__isnull=True))


def _is_bot(player) -> bool:
    return isinstance(player, str)


def _results(tournament: Tournament) -> list[standing_rules.TableResult]:
    rows = tournament.tournament_matches.filter(recorded_at__isnull=False, outcome__isnull=False).order_by("recorded_at", "pk")
    # plain values, not model instances: a 200-person arena counts hundreds of matches, read at every advance
    return [standing_rules.TableResult(seats=players, ranks=outcome["ranks"], teams=outcome["teams"], round=round_)
            for players, outcome, round_ in rows.values_list("players", "outcome", "round")]


def _outcome(match: Match) -> dict | None:
    """The places a finished match gives the tournament: the game's ranks, with whoever resigned
    ranked last (as for ratings); an unranked seat counts as last too."""
    if match.status != Match.Status.FINISHED:
        return None
    _keys, ranks, teams = seat_outcomes(match, list(match.seats.all()))
    last = max((rank for rank in ranks if rank is not None), default=0) + 1
    return {"ranks": [last if rank is None else rank for rank in ranks], "teams": teams}


def compute_standings(tournament: Tournament) -> list[dict]:
    """The standings from the tournament's recorded matches alone: people first, in order, then the
    computer players apart."""
    registered = list(tournament.entries.values_list("user_id", flat=True))
    rank = standing_rules.arena_standings if tournament.kind == Tournament.Kind.ARENA else standing_rules.swiss_standings
    people, computers = standing_rules.apart(rank(_results(tournament), registered), _is_bot)
    return [
        {"player": row.player, "computer": _is_bot(row.player), "points": row.points, "matches": row.matches, "wins": row.wins,
         "on_fire": row.on_fire, "buchholz": row.buchholz, "results": row.results}
        for row in people + computers
    ]


def _start_match(tournament: Tournament, table: list, round_number: int, now: float) -> TournamentMatch:
    players = [player if player is not pairing.BOT else f"bot:{tournament.bot}" for player in table]
    _shuffle(players)  # seats, and with them a role such as Sidi Baba's Leader, are drawn for each table
    users = {entry.user_id: entry.user for entry in tournament.entries.select_related("user").filter(
        user_id__in=[p for p in players if not _is_bot(p)])}
    seats = [match_services.SeatSpec(bot=tournament.bot) if _is_bot(p) else match_services.SeatSpec(user=users[p]) for p in players]
    match = match_services.create_match(tournament.game, seats, engine_options(tournament.game, tournament.options),
                                        is_private=tournament.is_private, rated=tournament.rated,
                                        decision_days=tournament.decision_days, now=now)
    return TournamentMatch.objects.create(tournament=tournament, match=match, round=round_number, players=players)


def _record_ended_matches(tournament: Tournament, now: float) -> list[TournamentMatch]:
    ended = list(tournament.tournament_matches.filter(recorded_at__isnull=True, match__status__in=ENDED)
                 .select_related("match"))
    for row in ended:
        row.recorded_at = _when(now)
        row.outcome = _outcome(row.match)
        row.save(update_fields=["recorded_at", "outcome"])
        # who resigned, or was away at the end while a computer player stood in, is withdrawn (an arena's
        # Join brings them back); the others are free again (docs/tournaments.md)
        gave_up = set(row.match.seats.filter(Q(abandoned_at__isnull=False) | Q(stand_in_since__isnull=False),
                                             user__isnull=False).values_list("user_id", flat=True))
        gave_up |= _away_at_the_start(row.match)
        people = [p for p in row.players if not _is_bot(p)]
        Entry.objects.filter(tournament=tournament, user_id__in=gave_up, withdrawn_at__isnull=True) \
            .update(withdrawn_at=_when(now), waiting_since=None)
        if tournament.kind == Tournament.Kind.ARENA:
            Entry.objects.filter(tournament=tournament, user_id__in=people, withdrawn_at__isnull=True).update(waiting_since=now)
    return ended


def _away_at_the_start(match: Match) -> set[int]:
    """Who was away at their first decision when the match was aborted for it (matches/presence.py): they
    are withdrawn, or an arena would seat them again and again for nobody."""
    if match.status != Match.Status.ABORTED:
        return set()
    seats = {notice["seat"] for notice in match.seat_notices or [] if notice.get("code") == ABORTED_AWAY}
    return set(match.seats.filter(seat__in=seats, user__isnull=False).values_list("user_id", flat=True))


def _order(tournament: Tournament, table: list[dict]) -> dict:
    return {row["player"]: index for index, row in enumerate(table)}


def _seat_arena(tournament: Tournament, table: list[dict], now: float) -> int:
    waiting = list(tournament.entries.filter(withdrawn_at__isnull=True, waiting_since__isnull=False))
    if not waiting:
        return 0
    place = _order(tournament, table)
    waiting.sort(key=lambda entry: (place.get(entry.user_id, len(place)), entry.joined_at, entry.pk))
    last_tables = {}
    for players in tournament.tournament_matches.filter(recorded_at__isnull=False).order_by("pk").values_list("players", flat=True):
        people = frozenset(p for p in players if not _is_bot(p))
        for person in people:
            last_tables[person] = people
    seating = pairing.arena_tables([entry.user_id for entry in waiting], tournament.table_size,
                                   waited={entry.user_id: now - entry.waiting_since for entry in waiting},
                                   fill_after=tournament.fill_after, last_table=last_tables)
    for table_players in seating.tables:
        _start_match(tournament, table_players, 0, now)
        Entry.objects.filter(tournament=tournament, user_id__in=[p for p in table_players if p is not None]).update(waiting_since=None)
    return len(seating.tables)


def _open_swiss_round(tournament: Tournament, table: list[dict], now: float) -> int:
    entries = list(tournament.entries.filter(withdrawn_at__isnull=True))
    place = _order(tournament, table)
    entries.sort(key=lambda entry: (place.get(entry.user_id, len(place)), entry.joined_at, entry.pk))
    players = [entry.user_id for entry in entries]
    met = pairing.meetings([[p if not _is_bot(p) else pairing.BOT for p in row.players]
                            for row in tournament.tournament_matches.all()])
    round_number = tournament.current_round + 1
    if tournament.table_size == 2:
        points = {row["player"]: row["points"] for row in table}
        round_ = pairing.swiss_pairs(players, points, met, had_bye=[entry.user_id for entry in entries if entry.byes])
    else:
        round_ = pairing.swiss_tables(players, tournament.table_size, met)
    for table_players in round_.tables:
        _start_match(tournament, table_players, round_number, now)
        if pairing.BOT in table_players:
            for entry in entries:
                if entry.user_id in table_players:
                    entry.byes = [*entry.byes, round_number]
                    entry.save(update_fields=["byes"])
    tournament.current_round = round_number
    return len(round_.tables)


def advance(tournament_id, now=None) -> bool:
    """Do what is due for one tournament; whether anything changed (its pages are then told). Safe to
    run twice or at once in two processes: everything happens under the tournament's row lock, once.

    Two transactions, each under the lock: first the start and the count (the standings), then what
    the count brings (an arena's new tables, the next Swiss round, the end). Creating a round of
    tables takes far longer than counting (every match is set up), and the standings need not wait
    for it: their pages are told after the first commit (docs/tournaments.md, "Load"). The
    tournament's next moment is stored and asked of the clock's lane after the second (`_plan_next`)."""
    now = time.time() if now is None else now
    with transaction.atomic():
        counted = _count(_locked(tournament_id), now)
        if counted:
            notify_tournament(tournament_id)
    with transaction.atomic():
        tournament = _locked(tournament_id)
        moved = _move_on(tournament, now)
        _plan_next(tournament, now)
        if moved:
            notify_tournament(tournament_id)
    return counted or moved


def _next_due(tournament: Tournament, now: float) -> float | None:
    """The next moment time brings something: the start; in a running arena before its end, the end and the
    moment the longest-waiting player has waited the fill delay. Everything else comes with a match's end."""
    if tournament.status == Tournament.Status.SCHEDULED:
        return tournament.starts_at.timestamp()
    if tournament.status != Tournament.Status.RUNNING or tournament.kind != Tournament.Kind.ARENA:
        return None
    end = _arena_end(tournament)
    if now >= end:
        return None
    first = tournament.entries.filter(withdrawn_at__isnull=True, waiting_since__isnull=False).aggregate(first=Min("waiting_since"))["first"]
    due = end if first is None else min(end, first + tournament.fill_after)
    # never a moment already passed: what was due is done, and a wake-up at once would run again and again
    return max(due, now + 1.0)


def _plan_next(tournament: Tournament, now: float) -> None:
    """Store the tournament's next moment (read back after a restart) and wake it then, after commit."""
    due = _next_due(tournament, now)
    stored = None if due is None else _when(due)
    if tournament.next_due != stored:
        tournament.next_due = stored
        tournament.save(update_fields=["next_due"])
    if due is not None:
        _wake_after_commit(tournament.pk, due)


def _wake_after_commit(tournament_id: int, at: float) -> None:
    transaction.on_commit(lambda: scheduling.schedule_wake(WAKE, tournament_id, at))


def _count(tournament: Tournament, now: float) -> bool:
    """The start if it is due, and the matches that ended counted into the standings (the caller's
    transaction, holding the tournament's lock); whether anything changed."""
    changed = False
    if tournament.status == Tournament.Status.SCHEDULED and tournament.starts_at.timestamp() <= now:
        entries = tournament.entries.filter(withdrawn_at__isnull=True)
        if entries.count() < FEWEST_PEOPLE:
            tournament.status = Tournament.Status.CANCELLED
            tournament.finished_at = _when(now)
            tournament.save(update_fields=["status", "finished_at"])
            return True
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = _when(now)
        if tournament.kind == Tournament.Kind.ARENA:
            entries.update(waiting_since=now)
        else:
            _open_swiss_round(tournament, [], now)
        tournament.save(update_fields=["status", "started_at", "current_round"])
        changed = True
    if tournament.status == Tournament.Status.RUNNING and _record_ended_matches(tournament, now):
        tournament.standings = compute_standings(tournament)
        tournament.save(update_fields=["standings"])
        changed = True
    return changed


def _move_on(tournament: Tournament, now: float) -> bool:
    """What the standings bring in a running tournament (the caller's transaction, holding its lock): an
    arena seats whoever is free, a Swiss event opens its next round once every match of the last is
    counted, and either ends when it is over; whether anything changed."""
    if tournament.status != Tournament.Status.RUNNING:
        return False
    running = tournament.tournament_matches.filter(recorded_at__isnull=True).exists()
    if tournament.kind == Tournament.Kind.ARENA:
        if now < _arena_end(tournament):
            return _seat_arena(tournament, tournament.standings, now) > 0
        if running:
            return False
        _finish(tournament, now)
        return True
    if running:
        return False
    if tournament.current_round < tournament.rounds and tournament.entries.filter(withdrawn_at__isnull=True).exists():
        _open_swiss_round(tournament, tournament.standings, now)
        tournament.save(update_fields=["current_round"])
    else:
        _finish(tournament, now)
    return True


def _finish(tournament: Tournament, now: float) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = _when(now)
    tournament.standings = compute_standings(tournament)
    Entry.objects.filter(tournament=tournament).update(waiting_since=None)
    tournament.save(update_fields=["status", "finished_at", "standings"])


# --- Time: wake-ups on the clock's lane, and the sweep behind them ------------------------------

def wake(tournament_id: int) -> bool:
    """The tournaments' wake-up (registered in tournaments/jobs.py): whatever is due now."""
    try:
        return advance(tournament_id)
    except TournamentError:
        return False  # deleted since


def match_ended(match_id: int) -> None:
    """A match ended (matches/endings.py, after its commit): its tournament, if any, counts it and seats its
    players again at once, on the clock's lane."""
    tournament_id = TournamentMatch.objects.filter(match_id=match_id).values_list("tournament_id", flat=True).first()
    if tournament_id is not None:
        scheduling.schedule_wake(WAKE, tournament_id, time.time())


def _uncounted_ends(before: float):
    """Running tournaments with a match that ended at ``before`` or earlier and is not counted yet."""
    return Q(status=Tournament.Status.RUNNING, tournament_matches__recorded_at__isnull=True,
             tournament_matches__match__status__in=ENDED, tournament_matches__match__finished_at__lte=_when(before))


def waiting_wakes():
    """What a timer starting (a restart) hands to the clock again: each stored next moment, and at once each
    running tournament with a match that ended uncounted (its wake-up was lost with the process)."""
    now = time.time()
    live = [Tournament.Status.SCHEDULED, Tournament.Status.RUNNING]
    for pk, due in Tournament.objects.filter(status__in=live, next_due__isnull=False).values_list("pk", "next_due"):
        yield pk, due.timestamp()
    for pk in Tournament.objects.filter(_uncounted_ends(now)).values_list("pk", flat=True).distinct():
        yield pk, now


def due_tournaments(now: float, grace: float = 0.0) -> list[int]:
    """The tournaments whose wake-up is overdue by ``grace`` seconds: a next moment passed, or a match ended
    and not counted (one query)."""
    cutoff = now - grace
    live = [Tournament.Status.SCHEDULED, Tournament.Status.RUNNING]
    return list(Tournament.objects.filter(Q(status__in=live, next_due__lte=_when(cutoff)) | _uncounted_ends(cutoff))
                .values_list("pk", flat=True).distinct().order_by("pk"))


def advance_due(now=None, grace: float = 0.0) -> int:
    """Advance every tournament overdue by ``grace`` seconds; how many changed. The safety net's job
    (tournaments/jobs.py): a wake-up lost (Redis restarted without its data) is done late, not never."""
    now = time.time() if now is None else now
    return sum(1 for pk in due_tournaments(now, grace) if advance(pk, now))

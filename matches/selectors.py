"""Read-only queries for the match pages."""
from django.conf import settings
from django.db.models import Count, F, IntegerField, Max, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _, ngettext

from gamekit import contract
from matches.models import Match, MatchSeat, Rating
from matches.rating_display import display_rating
from matches.registry import get_game

HISTORY_PAGE_SIZE = 20


def visible_matches(user, status=None):
    """Public matches, plus the private ones this user sat in."""
    query = Q(is_private=False)
    if user.is_authenticated:
        query |= Q(seats__user=user)
    matches = Match.objects.filter(query).distinct().prefetch_related("seats__user")
    if status:
        matches = matches.filter(status=status)
    return matches


def finished_history(user, filters: dict):
    """The finished matches ``user`` may see, narrowed by the history's cleaned filters, newest first."""
    matches = visible_matches(user, status=Match.Status.FINISHED)
    if filters.get("game"):
        matches = matches.filter(game=filters["game"])
    if filters.get("variant"):
        matches = matches.filter(options__variant=filters["variant"])
    if filters.get("player"):
        name = filters["player"].strip()
        matches = matches.filter(Q(seats__user__username__iexact=name) | Q(seats__name__iexact=name, seats__user__isnull=True))
    if filters.get("date_from"):
        matches = matches.filter(finished_at__date__gte=filters["date_from"])
    if filters.get("date_to"):
        matches = matches.filter(finished_at__date__lte=filters["date_to"])
    if filters.get("result") and user.is_authenticated:
        # One seat row for both conditions: the user's own seat won (or not).
        matches = matches.filter(seats__user=user, seats__won=filters["result"] == "won")
    return matches.order_by("-finished_at", "-pk")


def _rated_seats(game_key, *, private, bots):
    """Rated seats of a game in public (or private) matches, of the Rating row in the outer query."""
    seats = MatchSeat.objects.filter(
        match__game=game_key, match__is_private=private, match__rated_at__isnull=False, rating_after__isnull=False
    )
    return seats.filter(user__isnull=True, bot=OuterRef("bot")) if bots else seats.filter(user=OuterRef("user"))


def _one_value(seats, aggregate, output_field=None):
    # one group over every row (a constant key), so the subquery gives one value
    return Subquery(seats.order_by().annotate(one=Value(1)).values("one").annotate(v=aggregate).values("v")[:1], output_field=output_field)


def leaderboard(game_key, *, bots=False, minimum=None, limit=100):
    """People (or kinds of computer player) rated in a game, best ordinal first, once they played ``minimum`` public rated matches.

    The leaderboard is public: its counts (played, won, last played) leave out private matches
    (the rating itself is one number and moves with every rated match; docs/ratings.md).
    """
    minimum = settings.LEADERBOARD_MIN_MATCHES if minimum is None else minimum
    private = _rated_seats(game_key, private=True, bots=bots)
    rows = Rating.objects.filter(game=game_key, user__isnull=bots).annotate(
        private_played=Coalesce(_one_value(private, Count("pk")), 0, output_field=IntegerField()),
        private_wins=Coalesce(_one_value(private, Count("pk", filter=Q(won=True))), 0, output_field=IntegerField()),
        public_played=F("matches_played") - F("private_played"),
        public_wins=F("wins") - F("private_wins"),
        last_public_at=_one_value(_rated_seats(game_key, private=False, bots=bots), Max("match__finished_at")),
    ).filter(public_played__gte=max(minimum, 1))
    if not bots:
        rows = rows.filter(user__is_active=True)
    rows = list(rows.select_related("user").order_by("-rating", "-public_played", "pk")[:limit])
    for row in rows:
        # without private matches, the Rating row's own date is the last public one
        row.last_public_at = row.last_played_at if not row.private_played else row.last_public_at
    return rows


def waiting_count(user) -> int:
    """How many turn-based matches wait for ``user`` now (the header's badge): one query on the
    seats' (user, waiting_since) index (matches/turns.py keeps it)."""
    return MatchSeat.objects.filter(user=user, waiting_since__isnull=False, abandoned_at__isnull=True,
                                    match__status=Match.Status.RUNNING).count()


def my_running_matches(user, now: float) -> list[dict]:
    """Every running match ``user`` sits in (not handed to a computer player), each with the game's
    name, the other players, whom it waits for and the time left on its clock (both as that seat
    may know them); the ones waiting for ``user`` first, the closest deadline first within each group."""
    seats = (MatchSeat.objects.filter(user=user, abandoned_at__isnull=True, match__status=Match.Status.RUNNING)
             .select_related("match").prefetch_related("match__seats__user"))
    rows = []
    for mine in seats:
        match = mine.match
        spec = get_game(match.game)
        waited = contract.to_act_seen_by(spec.engine, match.state, mine.seat)
        everyone = list(match.seats.all())
        # The clock this seat may know of, not the match's next deadline: that may be a private
        # offer's expiry between two other seats (contract.deadline_for).
        at = contract.deadline_for(spec.engine, match.state, mine.seat)
        left = None if at is None else max(0.0, at - now)
        rows.append({
            "match": match,
            "game_name": spec.name,
            "others": [s for s in everyone if s.seat != mine.seat],
            "waiting_for": [s for s in everyone if s.seat in waited],
            "my_turn": mine.seat in waited,
            "seconds_left": left,
            "time_left": None if left is None else time_left(left),
            "turn_based": bool(match.decision_days),
        })
    rows.sort(key=lambda r: (not r["my_turn"], r["seconds_left"] is None, r["seconds_left"] or 0, r["match"].pk))
    return rows


def time_left(seconds: float) -> str:
    """A clock's remaining time as people read it, two units at most: "2 days 5 h", "3 h 12 min", "40 s"."""
    seconds = int(seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return ngettext("%(days)d day %(hours)d h", "%(days)d days %(hours)d h", days) % {"days": days, "hours": hours}
    if hours:
        return _("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": minutes}
    if minutes:
        return _("%(minutes)d min %(seconds)d s") % {"minutes": minutes, "seconds": secs}
    return _("%(seconds)d s") % {"seconds": secs}


def shown_ratings(players) -> dict:
    """The shown rating (docs/ratings.md) of each (game, user id or None, bot name) in ``players``, in one query:
    {(game, user_id, "") or (game, None, bot): figure}. A person by their account, a computer player by its
    kind's one rating in that game; nobody rated yet shows a newcomer's 1500. Asked for nobody, no query."""
    players = {(game, user_id, "" if user_id else bot) for game, user_id, bot in players if user_id or bot}
    if not players:
        return {}
    wanted = Q(pk__in=[])
    for game in {p[0] for p in players}:
        people = [p[1] for p in players if p[0] == game and p[1]]
        kinds = [p[2] for p in players if p[0] == game and not p[1]]
        if people:
            wanted |= Q(game=game, user_id__in=people)
        if kinds:
            wanted |= Q(game=game, user__isnull=True, bot__in=kinds)
    found = {(r.game, r.user_id, r.bot if not r.user_id else ""): r.rating
             for r in Rating.objects.filter(wanted).only("game", "user_id", "bot", "rating")}
    return {p: display_rating(found.get(p, 0.0)) for p in players}


def shown_rating_of(figures: dict, game, user_id, bot) -> int | None:
    """One player's figure from ``shown_ratings``; None for a seat with nobody (or a deleted account's)."""
    if not user_id and not bot:
        return None
    return figures.get((game, user_id, "" if user_id else bot))


def with_shown_ratings(game, seats) -> list:
    """``seats`` (a match's or a table's seat rows, each with user_id and bot), each given ``shown_rating``: the
    figure shown beside its name (None: nobody sits there); one query for them all."""
    figures = shown_ratings([(game, s.user_id, s.bot) for s in seats])
    for s in seats:
        s.shown_rating = shown_rating_of(figures, game, s.user_id, s.bot)
    return seats

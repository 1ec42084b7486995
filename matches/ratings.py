"""Ratings: OpenSkill's Plackett-Luce model, per game, for people and for each kind of computer player.

A finished rated match is recorded once (`record_match_ratings`, run by a task
on commit; `Match.rated_at` under the match's row lock makes a second run do
nothing). `recompute_all` rebuilds every rating from the finished matches in
the order they were recorded, through the same `rate_match`.
docs/ratings.md explains the choices (teams, ranks within a team, bots).
"""
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from openskill.models import PlackettLuce

from matches import broadcast
from matches.models import Match, MatchSeat, Rating
from matches.rated_entities import seat_key

# The shown figures, kept where the end screen reads them without the rating machinery (callers import them from here too).
from matches.rating_display import DISPLAY_BASE, DISPLAY_SCALE, display_change, display_rating  # noqa: F401 - re-exported (matches.ratings.display_rating, ...)

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


DEFAULT_SKILL = Skill(MODEL.mu, MODEL.sigma)

def moved_the_way_of_the_mean(before: Skill, mu_change: float, sigma: float) -> Skill:
    """The new skill, its uncertainty held where the model's would make the shown (conservative)
    figure move against the mean.

    Every match shrinks sigma, so a loser whose mean fell a little could see mu - 3 sigma rise (a bot
    on Sidi Baba's losing side gained while its team-mates lost). Here the ordinal moves at least half
    of the mean's change the same way: on a loss sigma shrinks by at most a sixth of the mean's fall,
    on a win it grows by at most a sixth of the mean's rise.
    """
    if mu_change < 0:
        sigma = max(sigma, before.sigma + mu_change / 6.0)
    elif mu_change > 0:
        sigma = min(sigma, before.sigma + mu_change / 6.0)
    return Skill(before.mu + mu_change, sigma)


def seat_teams(ranks: list[int | None], teams: list[list[int]] | None) -> list[list[int]]:
    """The sides of a result, keeping only ranked seats; without teams each seat is its own side."""
    ranked = [seat for seat, rank in enumerate(ranks) if rank is not None]
    if not teams:
        return [[seat] for seat in ranked]
    sides = [[seat for seat in team if seat in ranked] for team in teams]
    return [side for side in sides if side]


def is_rateable(keys: list) -> bool:
    """At least two different players, and no person in two seats (a person is not rated against themselves)."""
    if any(key is None for key in keys) or len(set(keys)) < 2:
        return False
    people = [key for key in keys if key[0] == "user"]
    return len(people) == len(set(people))


def side_weights(side_ranks: list[int]) -> list[float]:
    """OpenSkill weights of a side's members: larger for a better rank (the model scales them to 1-2)."""
    worst = max(side_ranks)
    return [float(worst - rank) for rank in side_ranks]


def new_skills(keys: list, ranks: list[int | None], teams: list[list[int]] | None, current: dict) -> dict:
    """The skills after one match: {key: Skill} for every key seated.

    ``keys`` and ``ranks`` are per seat. A side's rank is the best rank of its
    members. Where the game ranks the members of a side apart (Sidi Baba's
    Adventurers by fortune), they share the side's update by OpenSkill's
    weights: the last gets the plain team update, the first twice its gain or
    half its loss. A kind of computer player in several seats is one rating:
    its seats are rated as separate players from the same skill, and it moves
    by the sum of their mean changes, keeping the smallest uncertainty reached.
    """
    sides = seat_teams(ranks, teams)
    if len(sides) < 2:
        return {}
    teams_in = [[MODEL.rating(current[keys[s]].mu, current[keys[s]].sigma) for s in side] for side in sides]
    side_ranks = [min(ranks[s] for s in side) for side in sides]
    rated = MODEL.rate(teams_in, ranks=side_ranks)
    ranked_within = [len({ranks[s] for s in side}) > 1 for side in sides]
    if any(ranked_within):
        # The model gives a side of one the top weight: such sides keep the plain update.
        teams_in = [[MODEL.rating(current[keys[s]].mu, current[keys[s]].sigma) for s in side] for side in sides]
        weights = [side_weights([ranks[s] for s in side]) for side in sides]
        weighted = MODEL.rate(teams_in, ranks=side_ranks, weights=weights)
        rated = [w if within else plain for w, plain, within in zip(weighted, rated, ranked_within, strict=True)]
    seat_skills = {
        seat: Skill(player.mu, player.sigma)
        for side, players in zip(sides, rated, strict=True)
        for seat, player in zip(side, players, strict=True)
    }
    moves: dict = {}
    for seat, skill in seat_skills.items():
        before = current[keys[seat]]
        mu_change, sigma = moves.get(keys[seat], (0.0, before.sigma))
        moves[keys[seat]] = (mu_change + skill.mu - before.mu, min(sigma, skill.sigma))
    return {key: moved_the_way_of_the_mean(current[key], mu_change, sigma) for key, (mu_change, sigma) in moves.items()}


@dataclass
class Standing:
    """A rating row's figures while matches are applied."""

    skill: Skill
    matches_played: int = 0
    wins: int = 0
    last_played_at: object = None


def winners(ranks: list[int | None], teams: list[list[int]] | None) -> set[int]:
    """Seats on the side ranked first."""
    sides = seat_teams(ranks, teams)
    best = min((min(ranks[s] for s in side) for side in sides), default=None)
    return {s for side in sides if min(ranks[s] for s in side) == best for s in side}


def seat_outcomes(match: Match, seats: list[MatchSeat]) -> tuple[list, list, list | None]:
    """Per seat: whose rating it is and its rank; and the result's teams."""
    keys, ranks = [None] * match.players, [None] * match.players
    for seat_row in seats:
        keys[seat_row.seat], ranks[seat_row.seat] = seat_key(seat_row), seat_row.rank
    # A person who resigned (a computer player finished for them) is ranked last, whatever the seat reached.
    # One for whom a computer player stood in while they were away keeps the seat's rank: it stayed theirs.
    stayed = [seat_row.rank for seat_row in seats if seat_row.rank is not None and not seat_row.abandoned_at]
    for seat_row in seats:
        if seat_row.abandoned_at and seat_row.rank is not None:
            ranks[seat_row.seat] = max(stayed, default=0) + 1
    return keys, ranks, (match.result or {}).get("teams")


def rate_match(match: Match, seats: list[MatchSeat], standings: dict) -> bool:
    """Apply one finished match to ``standings`` ({key: Standing}, filled with defaults as needed).

    Sets each rated seat's rating_before/after (ordinals); returns False when
    the match rates nobody (fewer than two players, a person in two seats).
    """
    keys, ranks, teams = seat_outcomes(match, seats)
    ranked_keys = [keys[s] for s in range(match.players) if ranks[s] is not None]
    if not is_rateable(ranked_keys):
        return False
    for key in ranked_keys:
        standings.setdefault(key, Standing(DEFAULT_SKILL))
    before = {key: standings[key].skill for key in ranked_keys}
    after = new_skills(keys, ranks, teams, before)
    # As MatchSeat.won (record_ranks): a person who resigned has not won, even on the winning side.
    won = winners(ranks, teams) - {seat_row.seat for seat_row in seats if seat_row.abandoned_at}
    for key in set(ranked_keys):
        standing = standings[key]
        standing.skill = after.get(key, standing.skill)
        standing.matches_played += 1
        standing.wins += any(keys[s] == key for s in won)
        standing.last_played_at = match.finished_at
    for seat_row in seats:
        key = keys[seat_row.seat]
        if seat_row.rank is not None and key in after:
            seat_row.rating_before = before[key].ordinal
            seat_row.rating_after = after[key].ordinal
    return True


def record_ranks(match: Match, outcome: dict) -> None:
    """Store each seat's rank and score as the match ends (inside the caller's transaction)."""
    ranks = outcome.get("ranks", [])
    scores = outcome.get("scores", [])
    per_seat = [ranks[s] if s < len(ranks) else None for s in range(match.players)]
    won = winners(per_seat, outcome.get("teams"))
    for seat_row in match.seats.all():
        seat_row.rank = per_seat[seat_row.seat] if seat_row.seat < len(per_seat) else None
        seat_row.score = scores[seat_row.seat] if seat_row.seat < len(scores) else None
        seat_row.won = seat_row.seat in won and not seat_row.abandoned_at
        seat_row.save(update_fields=["rank", "score", "won"])


def _row_filter(game, key) -> dict:
    return {"game": game, "user_id": key[1], "bot": ""} if key[0] == "user" else {"game": game, "user": None, "bot": key[1]}


def _store(row: Rating, standing: Standing) -> None:
    row.mu, row.sigma, row.rating = standing.skill.mu, standing.skill.sigma, standing.skill.ordinal
    row.matches_played, row.wins, row.last_played_at = standing.matches_played, standing.wins, standing.last_played_at


def record_match_ratings(match_id: int) -> bool:
    """Move the ratings of a finished rated match's players, once; True if this call recorded it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.FINISHED or not match.rated or match.rated_at is not None:
            return False
        seats = list(match.seats.all())
        seat_keys, ranks, _teams = seat_outcomes(match, seats)
        ranked_keys = [key for key, rank in zip(seat_keys, ranks, strict=True) if rank is not None]
        keys = sorted(set(ranked_keys)) if is_rateable(ranked_keys) else []
        rows = {}
        for key in keys:
            defaults = {"mu": DEFAULT_SKILL.mu, "sigma": DEFAULT_SKILL.sigma, "rating": DEFAULT_SKILL.ordinal}
            Rating.objects.get_or_create(**_row_filter(match.game, key), defaults=defaults)
        for key in keys:
            # Locked in one order (sorted keys) so two matches sharing players cannot deadlock.
            rows[key] = Rating.objects.select_for_update().get(**_row_filter(match.game, key))
        standings = {
            key: Standing(Skill(row.mu, row.sigma), row.matches_played, row.wins, row.last_played_at) for key, row in rows.items()
        }
        if rate_match(match, seats, standings):
            for key, row in rows.items():
                _store(row, standings[key])
                row.save()
            MatchSeat.objects.bulk_update(seats, ["rating_before", "rating_after"])
        # Taken after the rating rows' locks: matches sharing a player are stamped in the order they were applied.
        match.rated_at = timezone.now()
        match.save(update_fields=["rated_at"])
        # The end screens show the rating changes as soon as they exist.
        transaction.on_commit(lambda: broadcast.send_views(match, []))
    return True


def unrecorded_matches(older_than_seconds: float = 30.0):
    """Rated finished matches whose ratings were never recorded (a lost task), oldest first."""
    cutoff = timezone.now() - timezone.timedelta(seconds=older_than_seconds)
    return Match.objects.filter(
        status=Match.Status.FINISHED, rated=True, rated_at__isnull=True, finished_at__lte=cutoff
    ).order_by("finished_at", "pk")


def record_unrecorded(limit: int = 20, older_than_seconds: float = 30.0) -> int:
    """The sweep's fallback for a lost rating task; returns how many matches it recorded."""
    ids = list(unrecorded_matches(older_than_seconds).values_list("pk", flat=True)[:limit])
    return sum(record_match_ratings(match_id) for match_id in ids)


def recording_order():
    """Finished rated matches in the order their ratings were (or will be) applied."""
    return Match.objects.filter(status=Match.Status.FINISHED, rated=True).order_by(
        F("rated_at").asc(nulls_last=True), "finished_at", "pk"
    )


def recompute_all() -> int:
    """Rebuild every rating from the finished matches, in recording order; returns the matches rated."""
    with transaction.atomic():
        matches = list(recording_order().select_for_update())
        standings_by_game: dict = {}
        rated = 0
        now = timezone.now()
        MatchSeat.objects.filter(match__status=Match.Status.FINISHED).update(rating_before=None, rating_after=None)
        for match in matches:
            seats = list(match.seats.all())
            if rate_match(match, seats, standings_by_game.setdefault(match.game, {})):
                MatchSeat.objects.bulk_update(seats, ["rating_before", "rating_after"])
                rated += 1
            if match.rated_at is None:
                match.rated_at = now
                match.save(update_fields=["rated_at"])
        Rating.objects.all().delete()
        rows = []
        for game, standings in standings_by_game.items():
            for key, standing in standings.items():
                row = Rating(**_row_filter(game, key))
                _store(row, standing)
                rows.append(row)
        Rating.objects.bulk_create(rows)
    return rated

"""Ratings: a multi-player Elo, each pair of seated people compared by rank.

Bots take part in no rating: a match's people are rated among themselves.
"""
from matches.models import Rating

K_FACTOR = 32.0


def expected_score(rating, other):
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def elo_deltas(ratings: list[float], ranks: list[int]) -> list[float]:
    """Pairwise Elo over all pairs, scaled so a 2-player match moves K at most."""
    n = len(ratings)
    if n < 2:
        return [0.0] * n
    deltas = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i == j:
                continue
            actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            total += actual - expected_score(ratings[i], ratings[j])
        deltas.append(K_FACTOR * total / (n - 1))
    return deltas


def record_result(match, outcome: dict) -> None:
    """Store each seat's rank and score, and move the people's ratings (inside the caller's transaction)."""
    ranks = outcome.get("ranks", [])
    scores = outcome.get("scores", [])
    seats = list(match.seats.select_related("user"))
    for seat_row in seats:
        seat_row.rank = ranks[seat_row.seat] if seat_row.seat < len(ranks) else None
        seat_row.score = scores[seat_row.seat] if seat_row.seat < len(scores) else None
    people = [s for s in seats if s.user_id and s.rank is not None]
    # One person in two seats (a test, or a hot-seat) is not rated against themselves.
    if len({s.user_id for s in people}) == len(people) and len(people) >= 2:
        rating_rows = []
        for seat_row in people:
            row, _ = Rating.objects.select_for_update().get_or_create(user_id=seat_row.user_id, game=match.game)
            rating_rows.append(row)
        deltas = elo_deltas([r.rating for r in rating_rows], [s.rank for s in people])
        for seat_row, row, delta in zip(people, rating_rows, deltas):
            seat_row.rating_before = row.rating
            row.rating = round(row.rating + delta, 1)
            row.matches_played += 1
            row.wins += 1 if seat_row.rank == 1 else 0
            row.save()
            seat_row.rating_after = row.rating
    for seat_row in seats:
        seat_row.save(update_fields=["rank", "score", "rating_before", "rating_after"])

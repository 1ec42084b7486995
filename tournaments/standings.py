"""A tournament's standings, recomputed from its matches alone (docs/tournaments.md, "Standings").

Plain Python: no framework, no database. The service stores each finished match's seats and
ranks; `arena_standings` and `swiss_standings` turn them into the ordered table, so the live
standings and `manage.py recompute_tournament` are the same function of the same rows.
"""
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from tournaments.points import ArenaScore, is_clear_win, place_points

Player = Hashable


@dataclass(frozen=True)
class TableResult:
    """One finished match of the tournament: who sat in each seat (``None``: a computer player that
    fills a seat and is not in the standings) and the ranks the game gave, in seat order."""

    seats: list[Player | None]
    ranks: list[int]
    teams: list[list[int]] | None = None
    round: int = 0  # Swiss: the round; arena: 0


@dataclass
class Standing:
    player: Player
    points: int = 0
    matches: int = 0
    wins: int = 0
    on_fire: bool = False
    buchholz: int = 0
    results: list[int] = field(default_factory=list)  # the points of each match, in order
    opponents: list[Player] = field(default_factory=list)


def _seat_points(result: TableResult) -> list[tuple[Player, int, bool]]:
    points = place_points(result.ranks)
    return [(player, points[seat], is_clear_win(result.ranks, seat, result.teams))
            for seat, player in enumerate(result.seats) if player is not None]


def arena_standings(results: Iterable[TableResult], registered: list[Player]) -> list[Standing]:
    """The arena's table: points by place, doubled on fire (two clear wins in a row), best first;
    ties by wins, then by the order of registration. ``results`` in the order the matches ended."""
    scores = {player: ArenaScore() for player in registered}
    rows = {player: Standing(player) for player in registered}
    for result in results:
        for player, points, won in _seat_points(result):
            before = scores.setdefault(player, ArenaScore())
            after = before.after(points, won)
            scores[player] = after
            rows.setdefault(player, Standing(player)).results.append(after.points - before.points)
    order = {player: index for index, player in enumerate(registered)}
    for player, score in scores.items():
        row = rows[player]
        row.points, row.matches, row.wins, row.on_fire = score.points, score.matches, score.wins, score.on_fire
    return sorted(rows.values(), key=lambda row: (-row.points, -row.wins, order.get(row.player, len(order))))


def swiss_standings(results: Iterable[TableResult], registered: list[Player]) -> list[Standing]:
    """The Swiss table: points by place, then the Buchholz score (the sum of the final points of
    every person met, once per meeting; computer players count nothing), then wins, then the order
    of registration."""
    rows = {player: Standing(player) for player in registered}
    for result in results:
        seated = [player for player in result.seats if player is not None]
        for player, points, won in _seat_points(result):
            row = rows.setdefault(player, Standing(player))
            row.points += points
            row.matches += 1
            row.wins += 1 if won else 0
            row.results.append(points)
            row.opponents.extend(other for other in seated if other != player)
    for row in rows.values():
        row.buchholz = sum(rows[other].points for other in row.opponents)
    order = {player: index for index, player in enumerate(registered)}
    return sorted(rows.values(), key=lambda row: (-row.points, -row.buchholz, -row.wins, order.get(row.player, len(order))))


def apart(standings: list[Standing], is_computer: Callable[[Player], bool]) -> tuple[list[Standing], list[Standing]]:
    """People and computer players ranked apart: computer players score but win no place."""
    return ([row for row in standings if not is_computer(row.player)],
            [row for row in standings if is_computer(row.player)])

"""Tournament points: what a place at a table is worth, and the arena's streaks (docs/tournaments.md).

Plain Python: no framework, no database. The standings (`tournaments/standings.py`) and the
services call these with the ranks a game's `result` gave.

A place is worth twice the number of players it beats: at a table of N, the first alone
2(N - 1), the last 0. Players tied share the mean of the places they fill, which is
always a whole number (the places p .. p+k-1 are worth 2N - 2p - (k - 1) each). At two
seats this is the chess arena's 2 for a win, 1 for a draw, 0 for a loss.
"""
from collections import Counter
from dataclasses import dataclass


def place_points(ranks: list[int]) -> list[int]:
    """Each seat's points for a table's ranks (1 = best, ties share a rank, as `result` gives them).

    A rank counts the seats ranked above it plus one, as results give them ([1, 1, 3], never
    [1, 1, 2]); a dense ranking ([1, 1, 2]) is read the same way, by the seats above.
    """
    if not ranks:
        return []
    if any(not isinstance(rank, int) or isinstance(rank, bool) or rank < 1 for rank in ranks):
        raise ValueError(f"ranks are whole numbers from 1: {ranks!r}")
    seats = len(ranks)
    tied = Counter(ranks)
    points = []
    for rank in ranks:
        first_place = 1 + sum(count for other, count in tied.items() if other < rank)
        points.append(2 * seats - 2 * first_place - (tied[rank] - 1))
    return points


def is_clear_win(ranks: list[int], seat: int, teams: list[list[int]] | None = None) -> bool:
    """Whether ``seat`` won outright: ranked first and no opponent shares the first place.

    With sides (Sidi Baba's Leader against the Adventurers) a seat wins when its side holds the
    first place alone: every member of the winning side wins, as on the end screen. A draw (an
    opponent also first) is not a win: it ends a streak, as in the chess arena.
    """
    best = min(ranks)
    if teams:
        side_of = {member: index for index, side in enumerate(teams) for member in side}
        first_sides = {side_of.get(other, ("alone", other)) for other, rank in enumerate(ranks) if rank == best}
        return len(first_sides) == 1 and side_of.get(seat, ("alone", seat)) in first_sides
    return ranks[seat] == best and list(ranks).count(best) == 1


# Two clear wins in a row set a player on fire: every later match is worth double until one is not won.
STREAK_TO_FIRE = 2


@dataclass(frozen=True)
class ArenaScore:
    """One player's arena points so far and what the next match is worth."""

    points: int = 0
    wins_in_a_row: int = 0
    matches: int = 0
    wins: int = 0

    @property
    def on_fire(self) -> bool:
        return self.wins_in_a_row >= STREAK_TO_FIRE

    def after(self, points: int, won: bool) -> "ArenaScore":
        """The score after a match worth ``points`` by place, doubled when the player was on fire."""
        earned = points * 2 if self.on_fire else points
        return ArenaScore(
            points=self.points + earned,
            wins_in_a_row=self.wins_in_a_row + 1 if won else 0,
            matches=self.matches + 1,
            wins=self.wins + (1 if won else 0),
        )

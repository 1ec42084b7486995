"""Who sits with whom: the arena's tables, and the Swiss rounds (docs/tournaments.md, "Pairings").

Plain Python (and NetworkX): no framework, no database. A player is any hashable id; the caller
(the tournament service) passes scores, who has met whom and the table size, and gets back
tables as lists of players, with `None` for a seat a computer player fills. Every function is
deterministic for its inputs: ties are broken by the order of `players`, which the caller gives
as the standings order (points, then the tie-breaks).
"""
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

Player = Hashable
BOT = None  # a seat for a computer player


def meetings(tables: Iterable[Iterable[Player]]) -> dict[frozenset, int]:
    """How many times each pair of players sat at one table (computer players left out)."""
    met: dict[frozenset, int] = {}
    for table in tables:
        people = [player for player in table if player is not BOT]
        for a, b in combinations(people, 2):
            pair = frozenset((a, b))
            met[pair] = met.get(pair, 0) + 1
    return met


def _times_met(met: Mapping[frozenset, int], a: Player, b: Player) -> int:
    return met.get(frozenset((a, b)), 0)


@dataclass(frozen=True)
class ArenaSeating:
    tables: list[list[Player]]  # full tables, each of table_size players or computer players (BOT)
    waiting: list[Player]  # still waiting for players of their level


def arena_tables(waiting: list[Player], table_size: int, waited: Mapping[Player, float], fill_after: float,
                 last_table: Mapping[Player, frozenset] | None = None) -> ArenaSeating:
    """Seat the free players of an arena, ``waiting`` in standings order (best first).

    Neighbours in the standings sit together, table_size at a time, so a table holds close
    scores. A table that would be exactly some player's last table (all its people together
    again, at once) is avoided when swapping its last player with the next table's first
    helps. Players left over (fewer than a table) keep waiting, unless one of them has waited
    ``fill_after`` seconds or more: then they sit together and computer players fill the rest.
    ``waited`` gives each waiting player's seconds of waiting.
    """
    if table_size < 2:
        raise ValueError("a table has at least two seats")
    order = list(waiting)
    last_table = last_table or {}
    full = len(order) // table_size * table_size
    tables = [order[start:start + table_size] for start in range(0, full, table_size)]
    rest = order[full:]
    for index, table in enumerate(tables):
        if _is_a_rematch(table, last_table):
            following = tables[index + 1] if index + 1 < len(tables) else rest
            if following:
                swapped = table[:-1] + [following[0]]
                if not _is_a_rematch(swapped, last_table):
                    following[0], table[-1] = table[-1], following[0]
    if rest and max(waited.get(player, 0.0) for player in rest) >= fill_after:
        tables.append(rest + [BOT] * (table_size - len(rest)))
        rest = []
    return ArenaSeating(tables=tables, waiting=rest)


def _is_a_rematch(table: list[Player], last_table: Mapping[Player, frozenset]) -> bool:
    people = frozenset(player for player in table if player is not BOT)
    return len(people) >= 2 and any(last_table.get(player) == people for player in people)


@dataclass(frozen=True)
class SwissRound:
    tables: list[list[Player]]  # each table_size seats, BOT where a computer player sits
    repeats: int  # pairs seated together again although they had met (0 while avoidable)


# A pair's weight in the matching: meeting again costs more than any gap of scores can.
_REPEAT_COST = 10**6


def swiss_pairs(players: list[Player], scores: Mapping[Player, int], met: Mapping[frozenset, int],
                had_bye: Iterable[Player] = ()) -> SwissRound:
    """A Swiss round of two-seat tables: players of close scores meet, nobody meets anyone twice
    while it can be avoided.

    ``players`` in standings order. With an odd number, the lowest in the standings who has
    not had a bye plays a computer player (the bye). The others are paired by NetworkX's
    maximum-weight matching over every pair (maximum cardinality: everybody plays), a pair
    weighing less the further apart their scores are, then their places (squared: the top half
    meets the bottom half of a score group, 1-3 and 2-4 rather than 1-4 and 2-3), and far less when they
    have met before, so a repeat happens only when no pairing without one exists.
    """
    order = list(players)
    byes = set(had_bye)
    tables: list[list[Player]] = []
    if len(order) % 2:
        candidates = [player for player in reversed(order) if player not in byes] or list(reversed(order))
        bye = candidates[0]
        order.remove(bye)
        tables.append([bye, BOT])
    place = {player: index for index, player in enumerate(order)}
    graph = nx.Graph()
    graph.add_nodes_from(order)
    for a, b in combinations(order, 2):
        gap = abs(scores.get(a, 0) - scores.get(b, 0))
        cost = _REPEAT_COST * _times_met(met, a, b) + 10_000 * gap + (place[a] - place[b]) ** 2
        graph.add_edge(a, b, weight=2 * _REPEAT_COST * (1 + len(order)) - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((sorted(pair, key=place.__getitem__) for pair in matching), key=lambda pair: place[pair[0]])
    repeats = sum(1 for a, b in pairs if _times_met(met, a, b))
    return SwissRound(tables=[list(pair) for pair in pairs] + tables, repeats=repeats)


def table_sizes(people: int, table_size: int) -> list[int]:
    """How many people sit at each table of a round: as few tables as fit everyone, the people
    spread as evenly as possible (the larger tables first), computer players in the other seats.
    Seven people at tables of four sit 4 + 3, five sit 3 + 2: nobody plays alone among bots
    while others could sit with them."""
    if people <= 0:
        return []
    count = -(-people // table_size)
    base, larger = divmod(people, count)
    return [base + 1] * larger + [base] * (count - larger)


def swiss_tables(players: list[Player], table_size: int, met: Mapping[frozenset, int]) -> SwissRound:
    """A Swiss round of tables of three or more: neighbours in the standings sit together, each
    table filled by the best-placed players still free who have met nobody at it yet.

    ``players`` in standings order. The tables take `table_sizes` people each. The first
    player still free opens a table; the next free players in order join it when they have
    met none of its players, until it holds its share; when the round runs out of such
    players, the table takes the next free ones regardless (counted in ``repeats``).
    Computer players fill the seats left.
    """
    if table_size < 3:
        raise ValueError("tables of two are paired by swiss_pairs")
    free = list(players)
    tables: list[list[Player]] = []
    repeats = 0
    for share in table_sizes(len(free), table_size):
        table = [free.pop(0)]
        for candidate in list(free):
            if len(table) == share:
                break
            if all(not _times_met(met, candidate, seated) for seated in table):
                table.append(candidate)
                free.remove(candidate)
        while len(table) < share:
            candidate = free.pop(0)
            repeats += sum(1 for seated in table if _times_met(met, candidate, seated))
            table.append(candidate)
        tables.append(table + [BOT] * (table_size - len(table)))
    return SwissRound(tables=tables, repeats=repeats)

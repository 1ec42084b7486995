"""Arena tables and Swiss pairings (docs/tournaments.md, "Pairings")."""
import pytest
from hypothesis import given, strategies as st

from tournaments.pairing import BOT, arena_tables, meetings, swiss_pairs, swiss_tables, table_sizes


def seated(tables):
    return [player for table in tables for player in table if player is not BOT]


def test_swiss_pairs_the_standings_in_neighbours_when_nobody_has_met():
    players = list("abcdef")
    scores = dict(a=6, b=6, c=4, d=4, e=2, f=0)
    assert swiss_pairs(players, scores, {}).tables == [["a", "b"], ["c", "d"], ["e", "f"]]


def test_swiss_never_pairs_two_players_again_while_another_pairing_exists():
    players = list("abcd")
    scores = dict(a=2, b=2, c=0, d=0)
    met = meetings([["a", "b"], ["c", "d"]])
    round_two = swiss_pairs(players, scores, met)
    assert round_two.repeats == 0
    assert sorted(map(sorted, round_two.tables)) == [["a", "c"], ["b", "d"]]


def test_the_bye_goes_to_the_lowest_player_who_has_not_had_one_and_is_a_computer_player():
    players = list("abcde")
    scores = dict(a=4, b=2, c=2, d=0, e=0)
    first = swiss_pairs(players, scores, {})
    assert ["e", BOT] in first.tables
    second = swiss_pairs(players, scores, {}, had_bye=["e"])
    assert ["d", BOT] in second.tables


def test_a_repeat_is_counted_when_it_cannot_be_avoided():
    met = meetings([["a", "b"]])
    assert swiss_pairs(["a", "b"], {}, met).repeats == 1


def _repeat_free_pairing_exists(players, met):
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(not met.get(frozenset((first, other)))
               and _repeat_free_pairing_exists([p for p in rest if p != other], met) for other in rest)


histories = st.integers(min_value=2, max_value=9).flatmap(lambda n: st.tuples(
    st.just(list(range(n))),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1]), max_size=12),
    st.lists(st.integers(0, 8), min_size=n, max_size=n),
))


@given(histories)
def test_swiss_seats_every_player_exactly_once_and_repeats_only_when_forced(history):
    players, pairs, points = history
    met = meetings([list(pair) for pair in pairs])
    scores = dict(zip(players, sorted(points, reverse=True), strict=True))
    round_ = swiss_pairs(players, scores, met)
    assert sorted(seated(round_.tables)) == players
    assert all(len(table) == 2 for table in round_.tables)
    assert sum(1 for table in round_.tables if BOT in table) == len(players) % 2
    paired = [p for p in players if [p, BOT] not in round_.tables]
    if _repeat_free_pairing_exists(paired, met):
        assert round_.repeats == 0


def test_table_sizes_spread_people_so_nobody_sits_alone_among_computer_players_needlessly():
    assert table_sizes(8, 4) == [4, 4]
    assert table_sizes(7, 4) == [4, 3]
    assert table_sizes(5, 4) == [3, 2]
    assert table_sizes(9, 6) == [5, 4]
    assert table_sizes(0, 4) == []


@given(st.integers(1, 60), st.integers(2, 7))
def test_table_sizes_hold_everyone_in_as_few_tables_as_fit(people, size):
    sizes = table_sizes(people, size)
    assert sum(sizes) == people
    assert len(sizes) == -(-people // size)
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= size


def test_swiss_tables_group_neighbours_who_have_not_met():
    players = list("abcdefghi")
    first = swiss_tables(players, 3, {})
    assert first.tables == [list("abc"), list("def"), list("ghi")]
    second = swiss_tables(players, 3, meetings(first.tables))
    assert second.repeats == 0
    assert second.tables == [list("adg"), list("beh"), list("cfi")]


@given(st.integers(1, 20), st.integers(3, 6), st.lists(st.tuples(st.integers(0, 19), st.integers(0, 19)), max_size=30))
def test_swiss_tables_seat_everyone_once_at_full_tables(people, size, pairs):
    players = list(range(people))
    met = meetings([list(pair) for pair in pairs if pair[0] != pair[1]])
    round_ = swiss_tables(players, size, met)
    assert sorted(seated(round_.tables)) == players
    assert all(len(table) == size for table in round_.tables)
    if not met:
        assert round_.repeats == 0


def test_the_arena_seats_neighbours_and_leaves_the_rest_waiting():
    seating = arena_tables(list("abcdefg"), 3, waited={}, fill_after=20)
    assert seating.tables == [list("abc"), list("def")]
    assert seating.waiting == ["g"]


def test_the_arena_fills_a_table_with_computer_players_once_someone_has_waited_long_enough():
    seating = arena_tables(list("abcde"), 4, waited={"e": 25.0}, fill_after=20)
    assert seating.tables == [list("abcd"), ["e", BOT, BOT, BOT]]
    assert seating.waiting == []


def test_the_arena_avoids_seating_the_same_table_again_at_once():
    last = {player: frozenset("ab") for player in "ab"}
    seating = arena_tables(list("abcd"), 2, waited={}, fill_after=20, last_table=last)
    assert seating.tables == [["a", "c"], ["b", "d"]]


@given(st.lists(st.integers(0, 50), unique=True, max_size=30), st.integers(2, 6), st.integers(0, 40))
def test_the_arena_seats_each_free_player_at_most_once(players, size, longest_wait):
    waited = {player: float(longest_wait) for player in players[-1:]}
    seating = arena_tables(players, size, waited=waited, fill_after=20)
    everyone = seated(seating.tables) + seating.waiting
    assert sorted(everyone) == sorted(players)
    assert all(len(table) == size for table in seating.tables)
    assert len(seating.waiting) < size
    assert not seating.waiting or longest_wait < 20


@pytest.mark.parametrize("size", [0, 1])
def test_an_arena_table_has_two_seats_or_more(size):
    with pytest.raises(ValueError):
        arena_tables(["a"], size, waited={}, fill_after=1)


def test_meetings_count_each_pair_of_people_once_per_table():
    met = meetings([["a", "b", BOT], ["a", "b"], ["b", "c"]])
    assert met == {frozenset("ab"): 2, frozenset("bc"): 1}
    assert all(len(pair) == 2 for pair in met)

"""Standings recomputed from a tournament's matches (docs/tournaments.md, "Standings")."""
from hypothesis import given, strategies as st

from tournaments.standings import TableResult, apart, arena_standings, swiss_standings


def test_the_arena_table_orders_by_points_then_wins_then_registration():
    results = [
        TableResult(seats=["ann", "bob"], ranks=[1, 2]),
        TableResult(seats=["cy", "dee"], ranks=[1, 1]),
        TableResult(seats=["bob", "cy"], ranks=[1, 2]),
    ]
    table = arena_standings(results, registered=["ann", "bob", "cy", "dee"])
    assert [(row.player, row.points, row.wins) for row in table] == [
        ("ann", 2, 1), ("bob", 2, 1), ("cy", 1, 0), ("dee", 1, 0)]


def test_the_arena_doubles_a_match_played_on_fire():
    results = [TableResult(seats=["ann", "bob"], ranks=[1, 2]) for _ in range(3)]
    (ann, bob) = arena_standings(results, registered=["ann", "bob"])
    assert (ann.player, ann.results, ann.points, ann.on_fire) == ("ann", [2, 2, 4], 8, True)
    assert (bob.points, bob.matches) == (0, 3)


def test_computer_players_filling_seats_are_not_in_the_standings():
    results = [TableResult(seats=["ann", None, None, "bob"], ranks=[2, 1, 3, 4])]
    table = arena_standings(results, registered=["ann", "bob"])
    assert [(row.player, row.points) for row in table] == [("ann", 4), ("bob", 0)]


def test_swiss_ties_are_broken_by_the_points_of_the_people_met():
    results = [
        TableResult(seats=["a", "b"], ranks=[1, 2], round=1),
        TableResult(seats=["c", "d"], ranks=[1, 2], round=1),
        TableResult(seats=["a", "c"], ranks=[1, 2], round=2),
        TableResult(seats=["b", "d"], ranks=[1, 2], round=2),
    ]
    table = swiss_standings(results, registered=list("abcd"))
    # b and c both have 2 points; c met a (4) and d (0): 4; b met a (4) and d (0): 4; then wins, then registration
    assert [(row.player, row.points, row.buchholz) for row in table] == [
        ("a", 4, 4), ("b", 2, 4), ("c", 2, 4), ("d", 0, 4)]


def test_people_and_computer_players_are_ranked_apart():
    results = [TableResult(seats=["ann", "bot:expert"], ranks=[2, 1])]
    people, computers = apart(arena_standings(results, ["ann", "bot:expert"]), lambda p: p.startswith("bot:"))
    assert [row.player for row in people] == ["ann"]
    assert [row.player for row in computers] == ["bot:expert"]


tables = st.lists(st.tuples(st.permutations(["a", "b", "c", "d"]), st.lists(st.integers(1, 4), min_size=4, max_size=4)),
                  max_size=12)


@given(tables)
def test_the_standings_hand_out_exactly_the_points_of_the_swiss_tables(matches):
    results = [TableResult(seats=list(seats), ranks=ranks) for seats, ranks in matches]
    table = swiss_standings(results, registered=list("abcd"))
    assert sum(row.points for row in table) == 12 * len(results)
    assert sorted(row.player for row in table) == list("abcd")


@given(tables)
def test_recomputing_the_standings_gives_the_same_table(matches):
    results = [TableResult(seats=list(seats), ranks=ranks) for seats, ranks in matches]
    assert arena_standings(results, list("abcd")) == arena_standings(list(results), list("abcd"))

"""Tournament points by place and the arena's streak (docs/tournaments.md, "Points")."""
import pytest
from hypothesis import given, strategies as st

from tournaments.points import ArenaScore, is_clear_win, place_points


def test_two_seats_are_the_chess_arena_two_one_nothing():
    assert place_points([1, 2]) == [2, 0]
    assert place_points([2, 1]) == [0, 2]
    assert place_points([1, 1]) == [1, 1]


def test_a_place_is_worth_twice_the_players_it_beats():
    assert place_points([1, 2, 3, 4]) == [6, 4, 2, 0]
    assert place_points([3, 1, 6, 2, 5, 4]) == [6, 10, 0, 8, 2, 4]


def test_tied_players_share_the_mean_of_their_places():
    # Sidi Baba's Leader wins alone, the three Adventurers tied: places 2-4 are worth 4, 2, 0.
    assert place_points([1, 2, 2, 2]) == [6, 2, 2, 2]
    assert place_points([1, 1, 3, 4]) == [5, 5, 2, 0]
    # a dense ranking reads the same: the seats above count
    assert place_points([1, 1, 2, 3]) == [5, 5, 2, 0]


@pytest.mark.parametrize("ranks", [[0, 1], [1, 1.0], [True, 2], [1, "2"]])
def test_a_rank_that_is_not_a_whole_number_from_one_is_refused(ranks):
    with pytest.raises(ValueError):
        place_points(ranks)


rankings = st.lists(st.integers(min_value=1, max_value=7), min_size=2, max_size=7)


@given(rankings)
def test_a_table_always_hands_out_n_times_n_minus_one_points(ranks):
    # every place's points are handed out exactly once, whatever the ties: nothing is made or lost
    seats = len(ranks)
    assert sum(place_points(ranks)) == seats * (seats - 1)


@given(rankings)
def test_a_better_rank_never_earns_fewer_points(ranks):
    points = place_points(ranks)
    for a in range(len(ranks)):
        for b in range(len(ranks)):
            if ranks[a] < ranks[b]:
                assert points[a] > points[b]
            if ranks[a] == ranks[b]:
                assert points[a] == points[b]


@given(rankings, st.randoms(use_true_random=False))
def test_points_follow_the_seat_not_its_position(ranks, rng):
    order = list(range(len(ranks)))
    rng.shuffle(order)
    points = place_points(ranks)
    assert place_points([ranks[i] for i in order]) == [points[i] for i in order]


def test_a_clear_win_is_first_alone_and_a_draw_is_not_a_win():
    assert is_clear_win([1, 2, 3], 0)
    assert not is_clear_win([1, 1, 3], 0)
    assert not is_clear_win([2, 1, 3], 0)


def test_every_member_of_the_side_in_first_place_wins():
    teams = [[0], [1, 2, 3]]
    assert [is_clear_win([4, 1, 2, 3], seat, teams) for seat in range(4)] == [False, True, True, True]
    assert [is_clear_win([1, 2, 2, 2], seat, teams) for seat in range(4)] == [True, False, False, False]


def test_two_clear_wins_in_a_row_double_what_follows_until_a_match_is_not_won():
    score = ArenaScore()
    score = score.after(2, won=True)
    score = score.after(2, won=True)
    assert (score.points, score.on_fire) == (4, True)
    score = score.after(2, won=True)  # on fire: a win is worth 4
    assert score.points == 8
    score = score.after(1, won=False)  # a draw on fire is worth 2, and puts the fire out
    assert (score.points, score.on_fire) == (10, False)
    score = score.after(2, won=True)
    assert (score.points, score.matches, score.wins) == (12, 5, 4)

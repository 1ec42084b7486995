"""The profile's rating chart: a line through the ratings, scaled to its box."""
from accounts.charts import rating_chart


def test_fewer_than_two_ratings_draw_no_chart():
    assert rating_chart([]) is None and rating_chart([3.0]) is None


def test_the_line_runs_left_to_right_with_the_best_rating_highest():
    chart = rating_chart([0.0, 4.0, -2.0, 1.0], width=100, height=50, margin=5)
    xs = [x for x, _y in chart.points]
    ys = [y for _x, y in chart.points]
    assert xs == [5.0, 35.0, 65.0, 95.0]
    assert min(ys) == ys[1] == 5.0 and max(ys) == ys[2] == 45.0
    assert chart.path.startswith("M5.0 ") and chart.path.count(" L") == 3
    assert (chart.low, chart.high) == (-2.0, 4.0) and 5.0 < chart.baseline < 45.0


def test_a_flat_rating_is_a_flat_line():
    chart = rating_chart([2.0, 2.0, 2.0])
    assert len({y for _x, y in chart.points}) == 1 and chart.baseline is None

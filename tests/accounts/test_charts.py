"""The profile's rating chart: a line through the ratings, scaled to its plot, its labels beside it, never on a point."""
from datetime import UTC, datetime, timedelta

from accounts.charts import FONT, LABEL_GAP, rating_chart

DAY = timedelta(days=1)
START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_fewer_than_two_ratings_draw_no_chart():
    assert rating_chart([]) is None and rating_chart([3.0]) is None


def test_the_line_runs_left_to_right_with_the_best_rating_highest():
    chart = rating_chart([0.0, 4.0, -2.0, 1.0], width=125, height=50, margin=5, gutter=30, band=5)
    xs = [x for x, _y in chart.points]
    ys = [y for _x, y in chart.points]
    assert xs == [30.0, 60.0, 90.0, 120.0]
    assert min(ys) == ys[1] == 5.0 and max(ys) == ys[2] == 45.0
    assert chart.path.startswith("M30.0 ") and chart.path.count(" L") == 3
    assert (chart.low, chart.high) == (-2.0, 4.0) and 5.0 < chart.baseline < 45.0


def test_a_flat_rating_is_a_flat_line():
    chart = rating_chart([2.0, 2.0, 2.0])
    assert len({y for _x, y in chart.points}) == 1 and chart.baseline is None


def test_no_label_is_drawn_over_a_point():
    """The ratings' labels end in the gutter left of every point; the dates' labels sit in the band under them,
    whatever the line does (the last point at the top right, where the highest rating's label used to be)."""
    for values in ([0.0, 1.0, 2.0, 9.0], [9.0, 0.0], [5.0, 5.0, 5.0], [3.0, -1.0, 7.0, 2.0, 9.0]):
        chart = rating_chart(values, [START + i * DAY for i in range(len(values))])
        left, top, right, bottom = chart.plot
        radius = 2.5
        assert all(left <= x <= right and top <= y <= bottom for x, y in chart.points)
        assert chart.label_x + LABEL_GAP == left and chart.label_x < min(x for x, _y in chart.points) - radius
        assert chart.date_y - FONT > bottom + radius and chart.date_y <= chart.height
        assert top <= chart.high_y - FONT + 1 and chart.low_y <= bottom


def test_the_axis_names_the_dates_of_the_first_and_last_points_under_them():
    chart = rating_chart([1.0, 2.0, 3.0], [START, START + DAY, START + 9 * DAY])
    first, last = chart.dates
    assert (first.x, first.when, first.anchor) == (chart.points[0][0], START, "start")
    assert (last.x, last.when, last.anchor) == (chart.points[-1][0], START + 9 * DAY, "end")


def test_one_day_of_matches_is_named_once():
    chart = rating_chart([1.0, 2.0, 3.0], [START, START, START + timedelta(minutes=30)])
    assert [(tick.when, tick.anchor) for tick in chart.dates] == [(START, "start")]


def test_without_dates_the_chart_has_no_axis():
    assert rating_chart([1.0, 2.0]).dates == []

"""The rating chart of the profile, drawn on the server as SVG path data (no script needed).

The box holds three parts that never overlap: the plot (the line and its points), a gutter on its left for the
highest and lowest ratings, and a band under it for the dates of the first and last points; so no label is ever
drawn over a point."""
from dataclasses import dataclass, field
from datetime import datetime

WIDTH = 360
HEIGHT = 140
MARGIN = 8  # round the plot, inside the box
GUTTER = 40  # left of the plot: the ratings' labels, right-aligned at GUTTER - LABEL_GAP
BAND = 24  # under the plot: the dates' labels
LABEL_GAP = 4
FONT = 10


@dataclass
class DateTick:
    x: float
    when: datetime
    anchor: str  # SVG text-anchor: "start" under the first point, "end" under the last


@dataclass
class Chart:
    width: int
    height: int
    path: str  # SVG path data through every point
    points: list[tuple[float, float]]
    low: float
    high: float
    baseline: float | None  # y of the newcomer's rating (1500 shown), when it is in range
    plot: tuple[float, float, float, float] = (0, 0, 0, 0)  # left, top, right, bottom of the points' area
    label_x: float = 0  # where the ratings' labels end (text-anchor "end"), in the gutter
    high_y: float = 0  # the highest rating's label's baseline, level with the top of the plot
    low_y: float = 0  # the lowest rating's, level with its bottom
    date_y: float = 0  # the dates' baseline, in the band under the plot
    dates: list[DateTick] = field(default_factory=list)


def rating_chart(values: list[float], dates: list[datetime] | None = None, width=WIDTH, height=HEIGHT, margin=MARGIN,
                 baseline=0.0, gutter=GUTTER, band=BAND) -> Chart | None:
    """A line through ``values`` (oldest first) scaled to the plot, a dashed line at ``baseline`` when it is in
    range, and when ``dates`` (one per value) are given, the first and last dates under their points; None with
    fewer than two values."""
    if len(values) < 2:
        return None
    left, top, right, bottom = gutter, margin, width - margin, height - band
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (right - left) / (len(values) - 1)

    def y(value):
        return round(bottom - (value - low) / span * (bottom - top), 1)

    points = [(round(left + i * step, 1), y(v)) for i, v in enumerate(values)]
    path = "M" + " L".join(f"{px} {py}" for px, py in points)
    ticks = []
    if dates and len(dates) == len(values):
        ticks.append(DateTick(points[0][0], dates[0], "start"))
        if dates[-1].date() != dates[0].date():
            ticks.append(DateTick(points[-1][0], dates[-1], "end"))
    return Chart(width, height, path, points, low, high, y(baseline) if low <= baseline <= high else None,
                 plot=(left, top, right, bottom), label_x=left - LABEL_GAP, high_y=top + FONT - 1, low_y=bottom,
                 date_y=height - (band - FONT) / 2, dates=ticks)

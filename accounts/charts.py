"""The rating chart of the profile, drawn on the server as SVG path data (no script needed)."""
from dataclasses import dataclass

WIDTH = 360
HEIGHT = 120
MARGIN = 8


@dataclass
class Chart:
    width: int
    height: int
    path: str  # SVG path data through every point
    points: list[tuple[float, float]]
    low: float
    high: float
    baseline: float | None  # y of the newcomer's rating (1500 shown), when it is in range


def rating_chart(values: list[float], width=WIDTH, height=HEIGHT, margin=MARGIN, baseline=0.0) -> Chart | None:
    """A line through ``values`` (oldest first) scaled to the box, a dashed line at ``baseline`` when it is in
    range; None with fewer than two values."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (width - 2 * margin) / (len(values) - 1)

    def y(value):
        return round(height - margin - (value - low) / span * (height - 2 * margin), 1)

    points = [(round(margin + i * step, 1), y(v)) for i, v in enumerate(values)]
    path = "M" + " L".join(f"{px} {py}" for px, py in points)
    return Chart(width, height, path, points, low, high, y(baseline) if low <= baseline <= high else None)

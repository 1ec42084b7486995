"""The profile's rating chart as a person sees it (issue 37): no label drawn over a point, even where the line
ends at the top right (the highest rating's label used to sit there), and the dates of its first and last points
under them, in the reader's language. The chart block of the profile's template, rendered as the profile renders
it from accounts.charts, drawn in chromium (no server)."""
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from accounts.charts import rating_chart

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

ROOT = Path(__file__).resolve().parents[2]
BOXES = """() => {
  const box = el => { const b = el.getBoundingClientRect(); return [el.textContent, b.left, b.top, b.right, b.bottom]; };
  const svg = document.querySelector('[data-testid=rating-chart]');
  return { texts: Array.from(svg.querySelectorAll('text')).map(box), points: Array.from(svg.querySelectorAll('circle')).map(box) };
}"""
DAYS = [datetime(2026, 3, 1, 12, tzinfo=UTC), datetime(2026, 5, 4, 12, tzinfo=UTC),
        datetime(2026, 8, 9, 12, tzinfo=UTC), datetime(2026, 11, 20, 12, tzinfo=UTC)]


def chart_svg(chart, language):
    """The profile template's chart, as accounts/templates/accounts/profile.html renders it."""
    source = (ROOT / "accounts/templates/accounts/profile.html").read_text()
    block = re.search(r"{% if r.chart %}(.*?)</svg>", source, re.S).group(1) + "</svg>"
    with translation.override(language):
        return Template("{% load i18n l10n %}" + block).render(Context({"r": {"chart": chart, "game_name": "Basra"}}))


def overlaps(a, b):
    return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]


@pytest.mark.parametrize("language, dates", [("en", ["March 1, 2026", "Nov. 20, 2026"]), ("fr", ["1 mars 2026", "20 novembre 2026"])])
@pytest.mark.parametrize("values", [[1500, 1512, 1530, 1561], [1561, 1530, 1512, 1500], [1500, 1480, 1530, 1500]])
def test_no_label_of_the_rating_chart_covers_a_point_and_the_dates_are_the_readers(browser, language, dates, values):
    chart = rating_chart(values, DAYS, baseline=1500)
    context = browser.new_context(viewport={"width": 600, "height": 400})
    try:
        page = context.new_page()
        page.set_content(f"<!doctype html><html lang={language}><body>{chart_svg(chart, language)}</body></html>")
        drawn = page.evaluate(BOXES)
        assert len(drawn["points"]) == 4
        texts = drawn["texts"]
        assert [t[0] for t in texts] == [str(max(values)), str(min(values)), *dates]
        covered = [(t[0], p) for t in texts for p in drawn["points"] if overlaps(t, p)]
        assert covered == [], covered
        assert not any(overlaps(a, b) for i, a in enumerate(texts) for b in texts[i + 1:]), texts
        assert all(t[1] >= 0 and t[3] <= chart.width for t in texts)  # inside the chart's box
    finally:
        context.close()

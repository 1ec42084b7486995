"""A countdown on the match page follows the server's clock, whatever the browser's clock says."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.tour import submit_table_form

pytestmark = pytest.mark.e2e

SKEW_SECONDS = 3600
CLOCK = 120


def _skew_browser_clock(context, seconds):
    """Every Date.now() and new Date() of the page runs `seconds` ahead (negative: behind) of the real time."""
    context.add_init_script(
        """(() => {
          const skew = %d * 1000, RealDate = Date, realNow = Date.now;
          function SkewedDate(...args) {
            return args.length ? new RealDate(...args) : new RealDate(realNow() + skew);
          }
          SkewedDate.prototype = RealDate.prototype;
          SkewedDate.now = () => realNow() + skew;
          SkewedDate.UTC = RealDate.UTC;
          SkewedDate.parse = RealDate.parse;
          window.Date = SkewedDate;
        })();""" % seconds
    )


@pytest.mark.default_mode
@pytest.mark.parametrize("skew", [SKEW_SECONDS, -SKEW_SECONDS])
def test_the_countdown_shows_the_time_left_on_the_servers_clock(live_server_url, new_page, skew):
    page = new_page()
    _skew_browser_clock(page.context, skew)
    name = f"clock{uuid.uuid4().hex[:6]}"
    signup(page, live_server_url, name)
    page.goto(live_server_url + "/")
    form = page.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=seats]").fill("2")
    form.locator("input[name=clock]").fill(str(CLOCK))
    submit_table_form(page, form)
    page.click("[data-testid=add-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))

    page.wait_for_function(
        "() => { const f = window.__lastFrame; return f && f.seat === 0 && f.legal.some(a => a.type === 'take'); }",
        timeout=30_000,
    )
    # the browser's clock is an hour off: the page does not believe it
    assert abs(page.evaluate("Date.now() / 1000 - window.MatchLive.serverNow()") - skew) < 60
    frame = page.evaluate("window.__lastFrame")
    assert frame["view"]["deadline"] and isinstance(frame["server_time"], (int, float))
    countdown = page.locator("[data-testid=countdown]")
    countdown.wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=countdown]').dataset.secondsLeft !== undefined")
    # the number and the words read at one instant: read one after the other, a tick between them (119 s -> 118 s
    # on a busy machine) failed the test while the page was right
    left, text = page.evaluate(
        "() => { const el = document.querySelector('[data-testid=countdown]'); return [el.dataset.secondsLeft, el.innerText]; }")
    left = int(left)
    expected = frame["view"]["deadline"] - frame["server_time"]
    assert expected - 5 <= left <= expected + 1, (left, expected)
    assert 0 < left <= CLOCK
    assert f"{left} s" in text

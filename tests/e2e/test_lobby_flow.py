"""Two people sign up; one creates a table, the other joins, the host adds a bot and starts."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup

pytestmark = pytest.mark.e2e


def test_two_people_and_a_bot_land_on_the_live_match_page(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    host = signup(new_page(), live_server_url, f"host{suffix}")
    guest = signup(new_page(), live_server_url, f"guest{suffix}")

    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "3")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = host.url

    # The guest sees the new table appear in the lobby live, without reloading.
    guest.goto(live_server_url + "/")
    table_id = table_url.rstrip("/").split("/")[-1]
    guest.wait_for_selector(f"[data-table='{table_id}']")
    guest.goto(table_url)
    guest.click("[data-testid=join-seat] >> nth=0")
    guest.wait_for_selector(f"text=guest{suffix}")

    # The host's page follows the table live: the guest's seat appears, one empty seat left.
    host.wait_for_selector(f"text=guest{suffix}")
    host.click("[data-testid=add-bot]")
    host.wait_for_selector("[data-testid=seat-bot]")
    host.click("[data-testid=start]")

    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert host.url == guest.url
    # Both are connected and received their own seat's view.
    host.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    guest.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 1")

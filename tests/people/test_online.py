"""Online status for the friends page: a page seen lately, or a live socket on a running match."""
import time

import pytest

from matches import presence
from people import online
from people.friends import circle
from people.relations import follow
from tests.chat.helpers import make_match
from tests.people.helpers import befriend, person

pytestmark = pytest.mark.django_db


def test_a_person_seen_on_a_page_is_online_for_a_while():
    ali = person("ali")
    now = time.time()
    online.mark_seen(ali.pk, now)
    assert online.online_ids([ali.pk], now + 10) == {ali.pk}
    assert online.online_ids([ali.pk], now + online.ONLINE_SECONDS + 1) == set()


def test_a_person_connected_to_a_running_match_is_online_and_their_public_match_is_listed():
    match, (sami, other) = make_match()
    now = time.time()
    presence.seat_connected(match.pk, 0, "channel-1", now=now)
    assert online.online_ids([sami.pk, other.pk], now) == {sami.pk}
    ali = person("ali")
    befriend(ali, sami)
    (friend,) = circle(ali, now)["friends"]
    assert friend["online"] and friend["matches"] == [{"id": match.pk, "game_name": "Countdown (test game)"}]
    assert online.online_ids([sami.pk], now + presence.PRESENCE_STALE_SECONDS + 1) == set()


def test_a_private_match_is_not_listed_and_followers_show_no_status():
    match, (sami, _other) = make_match(private=True)
    ali = person("ali")
    befriend(ali, sami)
    assert circle(ali)["friends"][0]["matches"] == []
    nour = person("nour")
    follow(nour, "ali")
    (follower,) = circle(ali)["followers"]
    assert follower["username"] == "nour" and not follower["following"]

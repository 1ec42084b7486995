"""The screen-reader mode's switch (accounts.views.screen_reader_switch, docs/accessibility.md): first in every
page's site menu, kept in a logged-in person's profile and in a visitor's session; the match page's panel."""
import pytest
from django.test import Client

from accounts.models import profile_of
from matches import services
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
SWITCH = "/accounts/screen-reader/"


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_switch_is_in_every_pages_header_and_says_its_state():
    client = logged_in(UserFactory(username="ali"))
    page = client.get("/").content.decode()
    assert 'data-testid="screen-reader-switch"' in page and 'value="on" aria-pressed="false"' in page
    assert "data-screen-reader" not in page.split("<body", 1)[1].split(">", 1)[0]


def test_a_person_turns_it_on_and_it_is_kept_in_the_profile_across_sessions():
    user = UserFactory(username="ali")
    response = logged_in(user).post(SWITCH, {"screen_reader": "on", "next": "/matches/"})
    assert response.status_code == 302 and response["Location"] == "/matches/"
    assert profile_of(user).screen_reader is True
    page = logged_in(user).get("/").content.decode()  # a new session
    assert '<body data-screen-reader="on">' in page and 'value="off" aria-pressed="true"' in page
    assert logged_in(user).post(SWITCH, {"screen_reader": "off"}).status_code == 302
    assert profile_of(user).screen_reader is False


def test_a_visitor_keeps_it_for_the_session():
    client = Client()
    assert client.post(SWITCH, {"screen_reader": "on", "next": "/leaderboards/"})["Location"] == "/leaderboards/"
    assert '<body data-screen-reader="on">' in client.get("/").content.decode()
    assert '<body data-screen-reader="on">' not in Client().get("/").content.decode()


# a lone surrogate as a browser would send it: its UTF-8 bytes, percent-encoded
@pytest.mark.parametrize("body", ["screen_reader=yes", "screen_reader=", "screen_reader=ON", "screen_reader=on%ED%A0%80",
                                  "screen_reader=1.5", ""])
def test_a_value_other_than_on_or_off_is_refused_and_changes_nothing(body):
    user = UserFactory(username="ali")
    response = logged_in(user).post(SWITCH, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and "“on” or “off”" in response.content.decode()
    assert profile_of(user).screen_reader is False


@pytest.mark.parametrize("back", ["https://evil.example/", "//evil.example/", "javascript:alert(1)", ""])
def test_it_goes_back_only_to_a_page_of_this_site(back):
    response = Client().post(SWITCH, {"screen_reader": "on", "next": back})
    assert response.status_code == 302 and response["Location"] == "/"


def test_the_switch_takes_only_a_post():
    assert Client().get(SWITCH).status_code == 405


def test_the_match_page_has_the_panel_only_in_the_mode():
    user = UserFactory(username="ali")
    match = services.create_match("countdown", [SeatSpec(user=user), SeatSpec(user=UserFactory())], {"clock": 0}, seed=1)
    client = logged_in(user)
    assert 'data-testid="sr-panel"' not in client.get(f"/matches/{match.pk}/").content.decode()
    client.post(SWITCH, {"screen_reader": "on"})
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="sr-panel"' in page and 'role="log"' in page and 'id="sr-command"' in page


def test_the_account_page_sets_it_too_and_the_export_says_it():
    user = UserFactory(username="ali")
    client = logged_in(user)
    assert client.post("/accounts/account/playing/", {"confirm_moves": "always", "screen_reader": "on"}).status_code == 302
    assert profile_of(user).screen_reader is True
    assert client.get("/accounts/account/data.json").json()["account"]["screen_reader"] is True

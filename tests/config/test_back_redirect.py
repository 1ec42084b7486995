"""config.back_redirect.back_to_next: back to a form's ``next`` only when it is a page of this site."""
import pytest
from django.test import RequestFactory

from config.back_redirect import back_to_next

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("next_url, expected", [
    ("/matches/", "/matches/"),
    ("/players/?q=ali", "/players/?q=ali"),
    ("http://testserver/leaderboards/", "http://testserver/leaderboards/"),
    ("https://evil.example/", "/"),
    ("//evil.example/", "/"),
    ("javascript:alert(1)", "/"),
    ("", "/"),
])
def test_it_goes_back_only_to_this_site(next_url, expected):
    request = RequestFactory().post("/anything/", {"next": next_url})
    assert back_to_next(request, "lobby:home")["Location"] == expected

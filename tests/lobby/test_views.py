"""The lobby pages and forms, as a browser without JavaScript would use them."""
import pytest

from lobby.models import Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_lobby_page_lists_games_and_the_create_form(client):
    client.force_login(UserFactory())
    page = client.get("/")
    assert page.status_code == 200
    assert b'data-testid="create-table-form"' in page.content and b"countdown" in page.content


def test_create_table_form_redirects_to_the_table(client):
    client.force_login(UserFactory())
    response = client.post("/tables/new/", {"game": "countdown", "seats": "2", "clock": "30", "rounds": "2"})
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/tables/{table.pk}/"
    assert table.options == {"clock": 30, "rounds": 2}


def test_bad_table_form_shows_an_error_and_creates_nothing(client):
    client.force_login(UserFactory())
    response = client.post("/tables/new/", {"game": "countdown", "seats": "9"}, follow=True)
    assert Table.objects.count() == 0
    assert b"2 to 4 players" in response.content


def test_private_table_needs_its_invite_link(client):
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": "countdown", "seats": "2", "clock": "0", "rounds": "1", "private": "1"})
    table = Table.objects.get()
    client.force_login(UserFactory())
    assert client.get(f"/tables/{table.pk}/").status_code == 404
    assert client.get(f"/tables/{table.pk}/?invite={table.invite_token}").status_code == 200
    assert client.post(f"/tables/{table.pk}/join/", {"invite": "wrong"}).status_code == 404
    client.post(f"/tables/{table.pk}/join/", {"invite": table.invite_token})
    assert table.seats.filter(seat=1).first().user_id is not None


def test_anonymous_cannot_create_tables(client):
    response = client.post("/tables/new/", {"game": "countdown", "seats": "2"})
    assert response.status_code == 302 and "/accounts/login/" in response.url

"""The table form's Rated box: ticked by default, and an unticked table plays an unrated match."""
import pytest

from lobby.models import Table
from lobby.tables import add_bot, start_table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "posted, rated",
    [
        ({}, True),  # a client that does not know the box gets a rated table
        ({"rated": ["0", "1"]}, True),  # the form with the box ticked (the hidden 0, then the box)
        ({"rated": ["0"]}, False),  # the box unticked
    ],
)
def test_the_rated_box_decides_the_table_and_its_match(client, posted, rated):
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": "countdown", "seats": "2", "clock": "0", "rounds": "1", **posted})
    table = Table.objects.get()
    assert table.rated is rated and "rated" not in table.options
    add_bot(host, table.pk, 1, "first")
    table = start_table(host, table.pk)
    assert table.match.rated is rated


def test_the_form_shows_the_box_ticked(client):
    client.force_login(UserFactory())
    assert b'name="rated" value="1" checked' in client.get("/").content

"""Fuzzing the lobby forms (issue 8, item 5): any input gets a redirect or a 4xx, never a 500,
and a refused input changes nothing."""
import pytest
from django.contrib.messages import get_messages
from django.test import Client
from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from lobby.models import QuickMatchEntry, Table, TableSeat
from lobby.tables import create_table
from matches.models import Match
from tests.examples import examples
from tests.factories import UserFactory
from tests.fuzzing import any_text, post_form

pytestmark = pytest.mark.django_db
FUZZ = hypothesis_settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

text = st.one_of(
    any_text(max_size=60),
    st.sampled_from(["countdown", "alibaba_tiles", "chess", "0", "-1", "2", "99", "1e3", "", "on", "first", "random", "nan"]),
)
seat = st.integers(min_value=-3, max_value=6).map(str) | text
fields = st.fixed_dictionaries(
    {},
    optional={
        "game": text,
        "seats": text,
        "players": text,
        "clock": text,
        "rounds": text,
        "private": text,
        "bot": text,
        "seat": seat,
        "invite": text,
        "extra": text,
    },
)
paths = st.sampled_from(
    [
        "tables/new/",
        "tables/{t}/join/",
        "tables/{t}/leave/",
        "tables/{t}/bot/",
        "tables/{t}/clear/",
        "tables/{t}/start/",
        "quick-match/",
        "quick-match/leave/",
        "tables/{other}/join/",
        "tables/{other}/start/",
        "tables/999999/join/",
    ]
)


def lobby_state():
    return (
        list(Table.objects.order_by("pk").values_list("pk", "status", "host_id", "seat_count", "options")),
        list(TableSeat.objects.order_by("pk").values_list("pk", "user_id", "bot")),
        Match.objects.count(),
        list(QuickMatchEntry.objects.values_list("user_id", "game", "players")),
    )


@FUZZ
@given(path=paths, data=fields)
def test_lobby_forms_answer_every_input_without_a_500(path, data, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    host, stranger = UserFactory(username="host"), UserFactory(username="stranger")
    table = Table.objects.filter(host=host, status=Table.Status.OPEN).first() or create_table(
        host, "countdown", 3, {"clock": 0, "rounds": 1}
    )
    other = Table.objects.filter(host=stranger, status=Table.Status.OPEN).first() or create_table(
        stranger, "countdown", 2, {"clock": 0, "rounds": 1}, is_private=True
    )
    client = Client()
    client.force_login(host)
    before = lobby_state()
    response = post_form(client, "/" + path.format(t=table.pk, other=other.pk), data)
    assert response.status_code in (302, 404), response.status_code
    errors = [m for m in get_messages(response.wsgi_request) if m.level_tag == "error"]
    if errors or response.status_code == 404:
        assert lobby_state() == before, f"refused ({errors}) but the lobby changed"

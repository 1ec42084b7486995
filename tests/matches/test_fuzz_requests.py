"""Fuzzing every match page's inputs (issue 20, item 2): the history filters, the replay's seat and range,
the leaderboards' paths, resigning, aborting and the rematch steps, with text from all of Unicode (lone surrogates
as raw bytes, NULs, over-long strings). Every input gets a page, a redirect or a 4xx, never a 500, and a
refused one changes nothing."""
import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from lobby.models import Table, TableSeat
from matches import services
from matches.models import Match
from matches.services import SeatSpec
from tests.examples import examples
from tests.factories import UserFactory
from tests.fuzzing import any_text, encode_field, post_form

pytestmark = pytest.mark.django_db
FUZZ = hypothesis_settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

value = any_text(max_size=40) | st.integers(-5, 10**20).map(str) | st.sampled_from(["0", "1", "-1", "1.5", "1e9", ""])
query = st.dictionaries(
    st.sampled_from(["game", "result", "opponent", "page", "seat", "from", "to", "sort", "q"]) | any_text(max_size=8), value, max_size=4
)


def people_and_match():
    walker, other = UserFactory(username="walker"), UserFactory(username="other")
    match = Match.objects.filter(status=Match.Status.RUNNING).first() or services.create_match(
        "countdown", [SeatSpec(user=walker), SeatSpec(user=other)], {"clock": 0, "rounds": 1}, seed=5)
    return walker, match


def match_state(match):
    match.refresh_from_db()
    return (match.version, match.status, match.state, list(match.seats.values_list("seat", "user_id", "bot")),
            Table.objects.count(), TableSeat.objects.count())


@FUZZ
@given(path=st.sampled_from(["/matches/", "/matches/{m}/", "/matches/{m}/replay/", "/matches/{m}/replay.json",
                             "/matches/{m}/replay-events.json", "/matches/{m}/export.json", "/leaderboards/"]),
       params=query, logged_in=st.booleans())
def test_every_query_string_gets_a_page_or_a_refusal(path, params, logged_in, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    walker, match = people_and_match()
    client = Client()
    if logged_in:
        client.force_login(walker)
    query_string = "&".join(f"{encode_field(k)}={encode_field(v)}" for k, v in params.items())
    response = client.get(path.format(m=match.pk) + "?" + query_string)
    assert response.status_code in (200, 301, 302, 400, 403, 404), response.status_code


@FUZZ
@given(segment=any_text(max_size=30))
def test_every_name_in_a_leaderboard_or_rules_address_is_a_page_or_a_404(segment, settings):
    for prefix in ("/leaderboards/", "/rules/"):
        response = Client().get(prefix + encode_field(segment) + "/")
        assert response.status_code in (200, 301, 302, 404), (prefix, response.status_code)


@FUZZ
@given(path=st.sampled_from(["/matches/{m}/resign/", "/matches/{m}/abort/",
                              "/rematch/{m}/", "/rematch/{m}/accept/", "/rematch/{m}/decline/"]),
       fields=st.dictionaries(any_text(max_size=10), value, max_size=3), as_player=st.booleans())
def test_resign_abort_and_rematch_posts_answer_every_input_and_a_stranger_changes_nothing(path, fields, as_player, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    walker, match = people_and_match()
    stranger = UserFactory(username="stranger")
    client = Client()
    client.force_login(walker if as_player else stranger)
    before = match_state(match)
    response = post_form(client, path.format(m=match.pk), fields)
    assert response.status_code in (302, 400, 403, 404, 405), response.status_code
    if not as_player:
        assert match_state(match) == before

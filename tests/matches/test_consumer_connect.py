"""What a match socket's connect costs the database (matches/consumers.py): every socket pays it, 800 at once in
a connect burst (docs/performance.md, "Connect burst")."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import consumers, services
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _match(private=False):
    users = [UserFactory() for _ in range(2)]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0, "rounds": 1}, seed=3, is_private=private)
    return match, users


def test_finding_the_seat_reads_neither_the_state_nor_the_muted_list_twice():
    match, users = _match()
    with CaptureQueriesContext(connection) as queries:
        found, seat, may_watch, chat = consumers._load_seat.__wrapped__(match.pk, users[1])
    assert (found, seat, may_watch) == (True, 1, True) and chat.group
    sql = [q["sql"] for q in queries.captured_queries]
    assert not any('"state"' in q for q in sql), sql
    assert sum("chat_chatmute" in q for q in sql) == 1, sql
    assert len(sql) == 4, sql  # the match's privacy, the seats, the muted people, the recent messages


def test_a_private_match_is_refused_to_a_stranger_without_reading_its_chat():
    match, _users = _match(private=True)
    with CaptureQueriesContext(connection) as queries:
        assert consumers._load_seat.__wrapped__(match.pk, UserFactory()) == (True, None, False, None)
    assert not any("chat_" in q["sql"] for q in queries.captured_queries)


def test_a_match_that_does_not_exist_is_not_found():
    assert consumers._load_seat.__wrapped__(10**9, UserFactory()) == (False, None, False, None)

"""Issue 8, finding 6: the sweeper does not reload untimed matches that wait for a person."""
import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import services
from matches.models import Match
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_idle_untimed_match_waiting_for_a_person_is_read_once():
    human = UserFactory()
    match = services.create_match("countdown", [SeatSpec(user=human), SeatSpec(bot="first")], {"clock": 0, "rounds": 1}, seed=1)
    Match.objects.filter(pk=match.pk).update(updated_at=services._ts(time.time() - 3600))
    services.wake_idle_bots()
    with CaptureQueriesContext(connection) as queries:
        services.wake_idle_bots()
        services.wake_idle_bots()
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    assert '"state"' not in sql, "the match's state was loaded again although nothing changed"
    assert len(queries.captured_queries) <= 2


def test_an_idle_match_whose_bot_is_to_move_is_woken_every_time(settings):
    human = UserFactory()
    match = services.create_match("countdown", [SeatSpec(bot="first"), SeatSpec(user=human)], {"clock": 0, "rounds": 1}, seed=1)
    Match.objects.filter(pk=match.pk).update(updated_at=services._ts(time.time() - 3600))
    assert services.wake_idle_bots() == 1
    assert services.wake_idle_bots() == 1  # its bot task may have been lost again: retried

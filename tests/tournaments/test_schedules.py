"""Staff's recurring tournaments (tournaments/schedules.py), time through `now`."""
from datetime import UTC, datetime, time

import pytest
from django.core.exceptions import ValidationError

from tournaments import schedules
from tournaments.models import Schedule, Tournament

pytestmark = pytest.mark.django_db

MONDAY_NOON = datetime(2027, 1, 4, 12, 0, tzinfo=UTC)


def daily_arena(**fields):
    return Schedule.objects.create(**{**dict(name="Daily cave arena", kind="arena", game="alibaba_tiles", table_size=2,
                                             minutes=60, at_time=time(20, 0)), **fields})


def test_a_daily_schedule_starts_next_at_its_time_today_or_tomorrow():
    schedule = daily_arena()
    assert schedules.next_start(schedule, MONDAY_NOON) == datetime(2027, 1, 4, 20, 0, tzinfo=UTC)
    assert schedules.next_start(schedule, datetime(2027, 1, 4, 20, 0, tzinfo=UTC)) == datetime(2027, 1, 5, 20, 0, tzinfo=UTC)


def test_a_weekly_schedule_starts_on_its_day():
    schedule = daily_arena(every="weekly", weekday=6, kind="swiss", rounds=4, minutes=None)
    assert schedules.next_start(schedule, MONDAY_NOON) == datetime(2027, 1, 10, 20, 0, tzinfo=UTC)


def test_each_start_is_created_once_a_day_ahead_with_the_schedules_choices():
    schedule = daily_arena()
    assert schedules.create_coming(now=MONDAY_NOON.timestamp()) == 1
    assert schedules.create_coming(now=MONDAY_NOON.timestamp() + 60) == 0
    (tournament,) = Tournament.objects.all()
    assert (tournament.schedule, tournament.starts_at, tournament.minutes, tournament.bot) == (
        schedule, datetime(2027, 1, 4, 20, 0, tzinfo=UTC), 60, "greedy")
    assert tournament.created_by is None and not tournament.is_private


def test_a_weekly_start_more_than_a_day_away_waits():
    daily_arena(every="weekly", weekday=6)
    assert schedules.create_coming(now=MONDAY_NOON.timestamp()) == 0
    assert not Tournament.objects.exists()


def test_an_inactive_schedule_creates_nothing():
    daily_arena(active=False)
    assert schedules.create_coming(now=MONDAY_NOON.timestamp()) == 0


@pytest.mark.parametrize("fields, message", [
    ({"table_size": 9}, "2 to 4 players"),
    ({"bot": "nobody"}, "Unknown computer player"),
    ({"minutes": None}, "whole number"),
    ({"every": "weekly"}, "day of the week"),
])
def test_staff_are_told_what_is_wrong_with_a_schedule(fields, message):
    schedule = Schedule(**{**dict(name="Cup", kind="arena", game="alibaba_tiles", table_size=2, minutes=60,
                                  at_time=time(20, 0)), **fields})
    with pytest.raises(ValidationError, match=message):
        schedule.clean()


def test_staff_add_a_schedule_in_the_admin(admin_client):
    response = admin_client.post("/admin/tournaments/schedule/add/", {
        "name": "Sunday Swiss", "kind": "swiss", "game": "basra", "table_size": "3", "options": "{}", "decision_days": "0",
        "bot": "", "rated": "on", "rounds": "5", "fill_after": "20", "every": "weekly", "weekday": "6", "at_time": "18:00",
        "active": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Schedule.objects.get().rounds == 5

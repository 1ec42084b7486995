"""The tournament pages: thin views over tournaments/services.py, private tournaments seen only by
those who may (tournaments/access.py)."""
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def tournament(private=False, **choices):
    fields = dict(name="Cup", kind="arena", game="countdown", table_size=2, minutes=30, bot="first",
                  starts_at=timezone.now() + timedelta(hours=1), raw_options={"clock": 0, "rounds": 1}, is_private=private)
    return services.create_tournament(UserFactory(), **{**fields, **choices})


def test_anyone_lists_public_tournaments_and_not_private_ones(client):
    public, private = tournament(name="Open cup"), tournament(name="Secret cup", private=True)
    page = client.get("/tournaments/").content.decode()
    assert public.name in page and private.name not in page


def test_a_private_tournament_is_a_404_to_a_stranger_until_they_open_its_invite_link(client):
    secret = tournament(private=True)
    client.force_login(UserFactory())
    assert client.get(f"/tournaments/{secret.pk}/").status_code == 404
    assert client.get(f"/tournaments/{secret.pk}/?invite=wrong").status_code == 404
    assert client.get(f"/tournaments/{secret.pk}/?invite={secret.invite_token}").status_code == 200
    assert client.get(f"/tournaments/{secret.pk}/").status_code == 200  # the session remembers the invite


def test_the_invite_link_is_shown_to_the_creator_only(client):
    secret = tournament(private=True)
    client.force_login(secret.created_by)
    assert secret.invite_token in client.get(f"/tournaments/{secret.pk}/").content.decode()
    entrant = UserFactory()
    services.register(entrant, secret.pk)
    client.force_login(entrant)
    assert secret.invite_token not in client.get(f"/tournaments/{secret.pk}/").content.decode()


def test_join_and_leave_go_through_the_service(client):
    cup = tournament()
    person = UserFactory()
    client.force_login(person)
    assert client.post(f"/tournaments/{cup.pk}/join/").status_code == 302
    assert Entry.objects.filter(tournament=cup, user=person).exists()
    client.post(f"/tournaments/{cup.pk}/leave/")
    assert not Entry.objects.filter(tournament=cup, user=person).exists()


def test_joining_needs_a_log_in_and_a_post(client):
    cup = tournament()
    assert client.post(f"/tournaments/{cup.pk}/join/").status_code == 302
    assert not Entry.objects.exists()
    client.force_login(UserFactory())
    assert client.get(f"/tournaments/{cup.pk}/join/").status_code == 405


def test_creating_from_the_form_stores_the_start_with_its_offset(client):
    creator = UserFactory()
    client.force_login(creator)
    start = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    response = client.post("/tournaments/new/", {
        "name": "Evening arena", "game": "alibaba_tiles", "kind": "arena", "table_size": "2", "minutes": "30",
        "starts_at": start.astimezone(timezone.get_fixed_timezone(60)).isoformat(), "bot": "greedy",
        "decision_days": "0", "rated": ["0", "1"]})
    created = Tournament.objects.get()
    assert response.status_code == 302 and response.url == f"/tournaments/{created.pk}/"
    assert created.starts_at == start and created.created_by == creator and created.rated


def test_the_form_offers_each_games_table_options_and_the_tables_are_played_with_those_chosen(client):
    client.force_login(UserFactory())
    offered = client.get("/tournaments/").context["games_options"]
    assert {option["name"] for option in offered["alibaba_tiles"]} >= {"variant", "clock"}
    assert {option["name"] for option in offered["basra"]} >= {"variant", "turn_seconds"}
    start = timezone.now() + timedelta(days=1)
    client.post("/tournaments/new/", {
        "name": "Lamp arena", "game": "alibaba_tiles", "kind": "arena", "table_size": "2", "minutes": "30",
        "starts_at": start.isoformat(), "bot": "greedy", "variant": "lamp", "clock": "45"})
    created = Tournament.objects.get()
    assert (created.options["variant"], created.options["clock"]) == ("lamp", 45)


@pytest.mark.parametrize("change, message", [
    ({"clock": "9999"}, "between 0 and 600"),
    ({"variant": "giant"}, "unknown choice"),
    ({"starts_at": "tomorrow"}, "date and time"),
    ({"table_size": "2.5"}, "whole number"),
    ({"game": "chess"}, "Unknown game"),
    ({"bot": "master", "game": "alibaba_tiles", "kind": "swiss", "rounds": "99"}, "from 1 to 15"),
])
def test_a_refused_form_says_why_and_creates_nothing(client, change, message):
    client.force_login(UserFactory())
    form = {"name": "Cup", "game": "alibaba_tiles", "kind": "arena", "table_size": "2", "minutes": "30", "bot": "greedy",
            "starts_at": (timezone.now() + timedelta(days=1)).isoformat()}
    response = client.post("/tournaments/new/", {**form, **change}, follow=True)
    assert re.search(message, response.content.decode())
    assert not Tournament.objects.exists()


def test_an_unknown_tournament_is_a_404(client):
    assert client.get("/tournaments/999/").status_code == 404


def test_a_tournament_matchs_end_screen_leads_back_to_the_tournament():
    from matches.endscreen import end_summary
    from tests.chat.helpers import play_to_end
    from tests.tournaments.test_services import T0, new_tournament

    tournament, _users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    row = tournament.tournament_matches.get()
    finished = play_to_end(row.match_id)
    assert end_summary(finished, 0)["event"] == {"name": "Friday cup", "url": f"/tournaments/{tournament.pk}/"}

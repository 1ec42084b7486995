"""The people pages: thin over the services; names only, never an address; every refusal said on the page."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Audience, profile_of
from lobby.models import Table
from people.models import Follow, Invitation
from tests.people.helpers import befriend, open_table, person

pytestmark = pytest.mark.django_db(transaction=True)


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_search_page_needs_a_log_in():
    answer = Client().get(reverse("people:players"), {"q": "ali"})
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_the_search_page_lists_names_and_never_an_address():
    viewer = person("viewer")
    karim = person("karim")
    profile = profile_of(karim)
    profile.verified_email = "karim@example.org"
    profile.save()
    page = client_of(viewer).get(reverse("people:players"), {"q": "KAR"}).content.decode()
    assert 'data-player="karim"' in page and "example.org" not in page
    assert 'data-testid="no-player"' in client_of(viewer).get(reverse("people:players"), {"q": "zzz"}).content.decode()
    assert 'data-testid="search-too-short"' in client_of(viewer).get(reverse("people:players"), {"q": "k"}).content.decode()


def test_follow_goes_back_to_the_page_it_came_from_and_only_to_this_site():
    ali = person("ali")
    person("sami")
    client = client_of(ali)
    answer = client.post(reverse("people:follow"), {"name": "sami", "next": "/players/?q=sam"})
    assert answer["Location"] == "/players/?q=sam"
    assert Follow.objects.filter(follower=ali, followed__username="sami").exists()
    answer = client.post(reverse("people:unfollow"), {"name": "sami", "next": "https://evil.example/"})
    assert answer["Location"] == reverse("people:friends")


def test_a_refusal_is_said_on_the_next_page_and_changes_nothing():
    ali = person("ali")
    client = client_of(ali)
    page = client.post(reverse("people:follow"), {"name": "ali"}, follow=True).content.decode()
    assert "You cannot follow yourself." in page
    assert not Follow.objects.exists()


def test_the_friends_page_shows_friends_apart_from_who_one_follows():
    ali, sami, nour = person("ali"), person("sami"), person("nour")
    befriend(ali, sami)
    Follow.objects.create(follower=ali, followed=nour)
    page = client_of(ali).get(reverse("people:friends")).content.decode()
    friends = page.split('data-testid="friends"')[1].split("</table>")[0]
    following = page.split('data-testid="following"')[1].split("</table>")[0]
    assert 'data-person="sami"' in friends and 'data-person="nour"' in following


def test_the_host_invites_from_the_table_page_and_the_guest_sees_the_badge_then_accepts():
    host, guest = person("host"), person("guest")
    table = open_table(host)
    host_client, guest_client = client_of(host), client_of(guest)
    assert 'data-testid="invite-form"' in host_client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    host_client.post(reverse("people:invite", args=[table.pk]), {"name": "guest"})
    page = host_client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert "kept for guest (invited)" in page
    badge = re.search(r'data-testid="invitations-badge"[^>]*>✉ (\d+)<', guest_client.get(reverse("people:friends")).content.decode())
    assert badge and badge.group(1) == "1"
    invitation = Invitation.objects.get()
    answer = guest_client.post(reverse("people:accept", args=[invitation.pk]))
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED
    assert answer["Location"] == reverse("matches:match", args=[table.match_id])


def test_the_wrong_person_accepting_is_told_and_nothing_changes():
    host, guest, other = person("host"), person("guest"), person("other")
    table = open_table(host)
    client_of(host).post(reverse("people:invite", args=[table.pk]), {"name": "guest"})
    invitation = Invitation.objects.get()
    page = client_of(other).post(reverse("people:accept", args=[invitation.pk]), follow=True).content.decode()
    assert "There is no such invitation for you." in page
    assert Invitation.objects.get().status == "pending" and guest.table_seats.count() == 0


def test_a_profile_offers_follow_block_and_challenge_to_others_only():
    ali, sami = person("ali"), person("sami")
    url = reverse("accounts:profile", args=["sami"])
    assert 'data-testid="challenge-form"' in client_of(ali).get(url).content.decode()
    assert 'data-testid="people-actions"' not in client_of(sami).get(url).content.decode()
    assert 'data-testid="people-actions"' not in Client().get(url).content.decode()
    answer = client_of(ali).post(reverse("people:challenge"), {"name": "sami", "game": "countdown", "seats": "2", "next": url})
    invitation = Invitation.objects.get()
    assert invitation.challenge and answer["Location"] == reverse("lobby:table", args=[invitation.table_id])


def test_the_account_page_saves_the_privacy_settings():
    ali = person("ali")
    client = client_of(ali)
    client.post(reverse("accounts:privacy"), {"findable_by": Audience.FRIENDS, "invitable_by": Audience.NOBODY})
    profile = profile_of(ali)
    assert (profile.findable_by, profile.invitable_by) == (Audience.FRIENDS, Audience.NOBODY)
    page = client.post(reverse("accounts:privacy"), {"findable_by": "martians", "invitable_by": Audience.NOBODY}).content.decode()
    assert "errorlist" in page and profile_of(ali).findable_by == Audience.FRIENDS


def test_the_data_download_holds_the_follows_blocks_and_invitations():
    host, guest, nour = person("host"), person("guest"), person("nour")
    befriend(host, guest)
    client_of(host).post(reverse("people:block"), {"name": "nour"})
    invitation = client_of(host).post(reverse("people:invite", args=[open_table(host).pk]), {"name": "guest"})
    assert invitation.status_code == 302
    people = client_of(host).get("/accounts/account/data.json").json()["people"]
    assert (people["following"], people["followers"], people["blocked"]) == (["guest"], ["guest"], ["nour"])
    assert [(i["with"], i["status"]) for i in people["invitations_sent"]] == [("guest", "pending")]
    assert client_of(guest).get("/accounts/account/data.json").json()["people"]["invitations_received"][0]["with"] == "host"
    assert client_of(nour).get("/accounts/account/data.json").json()["people"]["blocked"] == []  # the blocker's, not told


def test_an_invitation_to_a_table_that_does_not_exist_says_so_in_the_lobby():
    host = person("host")
    person("guest")
    page = client_of(host).post(reverse("people:invite", args=[999]), {"name": "guest"}, follow=True)
    assert page.status_code == 200 and "That table does not exist." in page.content.decode()
    assert not Invitation.objects.exists()

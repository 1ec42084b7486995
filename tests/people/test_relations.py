"""Following, friends and the search by name: privacy, blocks, bounds; every refusal changes nothing."""
import pytest
from django.test import override_settings

from accounts.models import Audience
from lobby.errors import LobbyError
from lobby.tables import join_table
from people import blocking, relations
from people.errors import PeopleError
from people.models import Block, Follow
from tests.people.helpers import befriend, open_table, person

pytestmark = pytest.mark.django_db


def refused(code, call, *args):
    with pytest.raises(PeopleError) as caught:
        call(*args)
    assert caught.value.code == code and caught.value.message
    return caught.value


def test_friends_are_two_people_who_follow_each_other():
    ali, sami = person("ali"), person("sami")
    relations.follow(ali, "Sami")  # names are matched ignoring case
    assert relations.follows(ali.pk, sami.pk) and not relations.are_friends(ali.pk, sami.pk)
    relations.follow(sami, "ali")
    assert relations.are_friends(ali.pk, sami.pk)
    relations.unfollow(sami, "ali")
    assert not relations.are_friends(ali.pk, sami.pk)


def test_following_refuses_nobody_yourself_twice_and_unfollowing_who_you_do_not_follow():
    ali, _sami = person("ali"), person("sami")
    refused("unknown", relations.follow, ali, "nobody-here")
    refused("no_name", relations.follow, ali, "   ")
    refused("yourself", relations.follow, ali, "ali")
    relations.follow(ali, "sami")
    assert "already follow" in refused("twice", relations.follow, ali, "sami").message
    refused("not_following", relations.unfollow, _sami, "ali")
    assert Follow.objects.count() == 1


def test_an_inactive_account_is_nobody():
    ali, gone = person("ali"), person("gone")
    gone.is_active = False
    gone.save()
    refused("unknown", relations.follow, ali, "gone")
    assert relations.search(ali, "gone") == []


def test_the_search_finds_names_containing_the_text_ignoring_case_prefixes_first():
    viewer = person("viewer")
    for name in ("Karim", "abkarim", "karima", "someone"):
        person(name)
    found = [p["username"] for p in relations.search(viewer, "KARIM")]
    assert found == ["Karim", "karima", "abkarim"]


def test_the_search_shows_names_only_never_the_viewer_and_needs_two_letters():
    viewer = person("player-one")
    person("player-two")
    (row,) = relations.search(viewer, "player")
    assert set(row) == {"id", "username", "friend", "following"}  # never an address
    assert relations.search(viewer, "p") == []
    assert relations.search(viewer, "pl\x00") == []


@override_settings(PEOPLE_SEARCH_RESULTS=3)
def test_the_search_is_bounded():
    viewer = person("viewer")
    for n in range(6):
        person(f"twin{n}")
    assert len(relations.search(viewer, "twin")) == 3


def test_privacy_friends_only_and_nobody_hide_a_person_from_the_search():
    viewer, stranger = person("viewer"), person("stranger")
    shy = person("shy-friends", findable_by=Audience.FRIENDS)
    person("shy-nobody", findable_by=Audience.NOBODY)
    assert relations.search(viewer, "shy") == []
    befriend(viewer, shy)
    assert [p["username"] for p in relations.search(viewer, "shy")] == ["shy-friends"]
    assert relations.search(stranger, "shy") == []
    relations.follow(stranger, "shy-friends")  # following alone does not make a friend
    assert relations.search(stranger, "shy") == []


def test_people_on_either_side_of_a_block_do_not_find_each_other():
    ali, sami = person("ali"), person("sami")
    blocking.block(ali, "sami")
    assert relations.search(ali, "sami") == [] and relations.search(sami, "ali") == []
    blocking.unblock(ali, "sami")
    assert [p["username"] for p in relations.search(sami, "ali")] == ["ali"]


def test_a_block_ends_the_follows_and_neither_may_follow_while_it_stands():
    ali, sami = person("ali"), person("sami")
    befriend(ali, sami)
    blocking.block(sami, "ali")
    assert not Follow.objects.exists()
    assert "unblock them first" in refused("blocked", relations.follow, sami, "ali").message
    refused("blocked", relations.follow, ali, "sami")
    refused("twice", blocking.block, sami, "ali")
    refused("yourself", blocking.block, sami, "sami")
    refused("not_blocked", blocking.unblock, ali, "sami")
    assert Block.objects.count() == 1


def test_nobody_sits_at_a_table_with_someone_on_the_other_side_of_a_block():
    host, blocked, friend = person("host"), person("blocked"), person("friend")
    table = open_table(host, seats=3)
    blocking.block(host, "blocked")
    with pytest.raises(LobbyError, match="You cannot sit at this table."):
        join_table(blocked, table.pk)
    join_table(friend, table.pk)
    # the blocker is told why, by name, at a table where the one they blocked sits
    other_table = open_table(blocked, seats=2)
    with pytest.raises(LobbyError, match="You blocked blocked, who sits at this table: unblock them first."):
        join_table(host, other_table.pk)
    assert list(table.seats.exclude(user=None).values_list("user__username", flat=True)) == ["host", "friend"]
    blocking.unblock(host, "blocked")
    join_table(blocked, table.pk)

"""Invitations by name and challenges: a seat kept for the invited person until they accept (they sit, a full
table starts), decline (the seat is free, the host sees who), or it expires; blocks, privacy and the rate limit
refuse, and every refusal changes nothing."""
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from accounts.models import Audience
from lobby.errors import LobbyError
from lobby.models import Table, TableSeat
from lobby.snapshot import lobby_snapshot
from lobby.tables import add_bot, join_table
from people import blocking, invitations
from people.errors import PeopleError
from people.models import Invitation
from tests.people.helpers import befriend, open_table, person

pytestmark = pytest.mark.django_db(transaction=True)


def refused(code, call, *args, **kwargs):
    with pytest.raises(PeopleError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code and caught.value.message
    return caught.value


def kept(table):
    return list(TableSeat.objects.filter(table=table).order_by("seat").values_list("reserved_for__username", "declined"))


def test_an_invitation_keeps_a_free_seat_for_the_invited_person_only():
    host, guest, other = person("host"), person("guest"), person("other")
    table = open_table(host, seats=3)
    invitation = invitations.invite(host, table.pk, "Guest")
    assert (invitation.seat, invitation.status) == (1, Invitation.Status.PENDING)
    assert kept(table) == [(None, False), ("guest", False), (None, False)]
    assert list(invitations.waiting_for(guest)) == [invitation]
    with pytest.raises(LobbyError, match="kept for an invited player"):
        join_table(other, table.pk, 1)


def test_accepting_seats_the_person_and_a_full_table_starts():
    host, guest = person("host"), person("guest")
    table = open_table(host)
    invitation = invitations.invite(host, table.pk, "guest")
    table = invitations.accept(guest, invitation.pk)
    assert table.status == Table.Status.STARTED and table.match_id
    assert sorted(table.match.seats.values_list("user__username", flat=True)) == ["guest", "host"]
    assert Invitation.objects.get().status == Invitation.Status.ACCEPTED
    assert list(invitations.waiting_for(guest)) == []


def test_accepting_at_a_table_with_seats_left_seats_the_person_without_starting():
    host, guest = person("host"), person("guest")
    table = open_table(host, seats=3)
    table = invitations.accept(guest, invitations.invite(host, table.pk, "guest").pk)
    assert table.status == Table.Status.OPEN
    assert table.seats.get(seat=1).user == guest


def test_declining_frees_the_seat_and_the_table_shows_who_declined():
    host, guest, other = person("host"), person("guest"), person("other")
    table = open_table(host)
    invitation = invitations.invite(host, table.pk, "guest")
    invitations.decline(guest, invitation.pk)
    assert Invitation.objects.get().status == Invitation.Status.DECLINED
    assert kept(table)[1] == ("guest", True)
    join_table(other, table.pk, 1)  # the seat is anybody's again
    refused("answered", invitations.accept, guest, invitation.pk)


def test_only_the_invited_person_answers_and_nothing_changes_otherwise():
    host, guest, other = person("host"), person("guest"), person("other")
    table = open_table(host)
    invitation = invitations.invite(host, table.pk, "guest")
    refused("unknown_invitation", invitations.accept, other, invitation.pk)
    refused("unknown_invitation", invitations.decline, host, invitation.pk)
    refused("unknown_invitation", invitations.accept, guest, "1")
    refused("unknown_invitation", invitations.accept, guest, invitation.pk + 100)
    assert Invitation.objects.get().status == Invitation.Status.PENDING
    assert table.seats.get(seat=1).user is None


def test_bad_invitations_are_refused_and_change_nothing():
    host, stranger = person("host"), person("stranger")
    person("guest")
    table = open_table(host)
    refused("unknown", invitations.invite, host, table.pk, "nobody-here")
    refused("yourself", invitations.invite, host, table.pk, "host")
    refused("not_host", invitations.invite, stranger, table.pk, "guest")
    refused("no_table", invitations.invite, host, table.pk + 100, "guest")
    invitations.invite(host, table.pk, "guest")
    assert "already invited" in refused("twice", invitations.invite, host, table.pk, "guest").message
    refused("full", invitations.invite, host, table.pk, "stranger")
    assert Invitation.objects.count() == 1


def test_a_started_or_closed_table_takes_no_invitation_and_its_invitations_cannot_be_accepted():
    host, guest = person("host"), person("guest")
    person("other")
    table = open_table(host, seats=3)
    invitation = invitations.invite(host, table.pk, "guest")
    Table.objects.filter(pk=table.pk).update(status=Table.Status.CLOSED)
    refused("closed", invitations.invite, host, table.pk, "other")
    refused("closed", invitations.accept, guest, invitation.pk)
    assert list(invitations.waiting_for(guest)) == []


def test_the_host_giving_the_seat_away_is_said_to_the_invited_person():
    host, guest = person("host"), person("guest")
    table = open_table(host)
    invitation = invitations.invite(host, table.pk, "guest")
    add_bot(host, table.pk, 1, "first")
    refused("seat_taken", invitations.accept, guest, invitation.pk)


def test_an_invitation_expires_its_seat_is_freed_and_it_can_no_longer_be_accepted():
    host, guest = person("host"), person("guest")
    table = open_table(host)
    now = time.time()
    invitation = invitations.invite(host, table.pk, "guest", now=now)
    later = now + 1800 + 1  # PEOPLE_INVITATION_SECONDS for a real-time table
    assert "expired" in refused("expired", invitations.accept, guest, invitation.pk, now=later).message
    assert list(invitations.waiting_for(guest, now=later)) == []
    assert invitations.expire_due(now=later) == 1
    assert invitations.expire_due(now=later) == 0  # idempotent
    assert Invitation.objects.get().status == Invitation.Status.EXPIRED
    assert kept(table)[1] == (None, False)
    refused("expired", invitations.accept, guest, invitation.pk, now=later)


def test_the_host_withdraws_an_invitation():
    host, guest = person("host"), person("guest")
    table = open_table(host)
    invitation = invitations.invite(host, table.pk, "guest")
    refused("unknown_invitation", invitations.withdraw, guest, invitation.pk)
    invitations.withdraw(host, invitation.pk)
    assert kept(table)[1] == (None, False)
    refused("withdrawn", invitations.accept, guest, invitation.pk)
    refused("answered", invitations.withdraw, host, invitation.pk)


def test_a_blocked_person_cannot_invite_or_challenge_the_blocker_and_a_block_withdraws_what_waits():
    host, guest = person("host"), person("guest")
    table = open_table(host, seats=3)
    invitation = invitations.invite(host, table.pk, "guest")
    blocking.block(guest, "host")
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.WITHDRAWN
    assert kept(table)[1] == (None, False)
    refused("not_invitable", invitations.invite, host, table.pk, "guest")
    refused("not_invitable", invitations.challenge, host, "guest", "countdown")
    # and the blocker is told to unblock first
    assert "unblock" in refused("blocked", invitations.invite, guest, open_table(guest).pk, "host").message
    assert Invitation.objects.count() == 1


def test_privacy_decides_who_may_invite():
    host, friend = person("host"), person("friend")
    person("friends-only", invitable_by=Audience.FRIENDS)
    person("nobody-please", invitable_by=Audience.NOBODY)
    table = open_table(host, seats=4)
    refused("not_invitable", invitations.invite, host, table.pk, "nobody-please")
    refused("not_invitable", invitations.invite, host, table.pk, "friends-only")
    friends_only = person("friends-only")
    befriend(host, friends_only)
    invitations.invite(host, table.pk, "friends-only")
    invitations.invite(host, table.pk, friend.username)
    assert Invitation.objects.count() == 2


@override_settings(PEOPLE_INVITATIONS_PER_PERSON_LIMIT=2, PEOPLE_INVITATIONS_LIMIT=3)
def test_a_host_cannot_flood_a_person_nor_everyone_with_invitations():
    host, guest = person("host"), person("guest")
    for _ in range(2):
        invitation = invitations.invite(host, open_table(host).pk, "guest")
        invitations.decline(guest, invitation.pk)
    assert "Too many invitations" in refused("too_many", invitations.invite, host, open_table(host).pk, "guest").message
    invitations.invite(host, Table.objects.filter(host=host, status="open").first().pk, person("third").username)
    refused("too_many", invitations.invite, host, Table.objects.filter(host=host, status="open").last().pk, person("fourth").username)
    assert Invitation.objects.count() == 3


def test_a_challenge_is_a_new_table_of_the_game_with_a_seat_kept_for_the_challenged():
    ali, sami = person("ali"), person("sami")
    invitation = invitations.challenge(ali, "sami", "countdown", "2")
    table = invitation.table
    assert (table.host, table.game, table.seat_count, invitation.challenge) == (ali, "countdown", 2, True)
    assert kept(table)[1] == ("sami", False)
    table = invitations.accept(sami, invitation.pk)
    assert table.status == Table.Status.STARTED


def test_a_bad_challenge_makes_no_table():
    ali = person("ali")
    person("sami")
    refused("game", invitations.challenge, ali, "sami", "chess")
    refused("table", invitations.challenge, ali, "sami", "countdown", "9")
    refused("unknown", invitations.challenge, ali, "nobody", "countdown")
    assert not Table.objects.exists() and not Invitation.objects.exists()


def test_the_lobby_snapshot_of_the_invited_person_carries_what_waits_for_them_and_nobody_elses_does():
    host, guest = person("host"), person("guest")
    invitations.invite(host, open_table(host).pk, "guest")
    mine = lobby_snapshot(guest)["invitations"]
    assert mine["count"] == 1 and [(i["host"], i["game"], i["challenge"]) for i in mine["waiting"]] == [("host", "countdown", False)]
    assert lobby_snapshot(host)["invitations"] == {"count": 0, "waiting": []}
    assert "invitations" not in lobby_snapshot(AnonymousUser())

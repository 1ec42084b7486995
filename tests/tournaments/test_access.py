"""Who may see a tournament (tournaments/access.py): a public one everybody; a private one its creator, its
players, staff and whoever opened its invite link. What the row alone tells is answered without the database."""
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from tests.factories import UserFactory
from tournaments import services
from tournaments.access import may_see, seen_from_its_row

pytestmark = pytest.mark.django_db


def cup(creator, private):
    return services.create_tournament(creator, name="Cup", kind="arena", game="countdown", table_size=2, minutes=30,
                                      bot="first", starts_at=timezone.now() + timedelta(hours=1),
                                      raw_options={"clock": 0, "rounds": 1}, is_private=private)


def test_a_public_tournament_is_seen_by_everybody_from_its_row(django_assert_num_queries):
    public = cup(UserFactory(), private=False)
    with django_assert_num_queries(0):
        assert seen_from_its_row(public, AnonymousUser()) and may_see(public, AnonymousUser())


def test_a_private_tournament_is_seen_by_its_creator_staff_invited_and_players_only(django_assert_num_queries):
    creator, player, staff, stranger = UserFactory(), UserFactory(), UserFactory(is_staff=True), UserFactory()
    secret = cup(creator, private=True)
    services.register(player, secret.pk)
    with django_assert_num_queries(0):
        assert seen_from_its_row(secret, creator) and seen_from_its_row(secret, staff)
        assert seen_from_its_row(secret, AnonymousUser(), (secret.invite_token,))
        # a player's entry is in the database: the row alone does not tell
        assert not seen_from_its_row(secret, player)
        assert not seen_from_its_row(secret, AnonymousUser())
    assert may_see(secret, player)
    assert not may_see(secret, stranger) and not may_see(secret, AnonymousUser())

"""What a tournament's page shows (tournaments/snapshot.py): the part every reader shares is built once per
change and language in a process, and each reader's own part ("me") is added to its text."""
import json

import pytest

from tests.factories import UserFactory
from tests.tournaments.test_services import T0, new_tournament
from tournaments import services, snapshot

pytestmark = pytest.mark.django_db


def test_each_reader_gets_the_shared_view_with_their_own_row_and_table():
    tournament, users = new_tournament(people=3)
    services.advance(tournament.pk, now=T0)  # two seated, the third waits
    stranger = UserFactory()
    found = snapshot.shared_view(tournament.pk, "en")
    assert found is not None
    _tournament, shared = found
    tournament.refresh_from_db()
    for reader in [*users, stranger]:
        # the socket's text is the page's first drawing, for this reader
        assert json.loads(snapshot.snapshot_text(shared, reader)) == snapshot.tournament_snapshot(tournament, reader)
    views = {reader.pk: json.loads(snapshot.snapshot_text(shared, reader)) for reader in [*users, stranger]}
    rows = [views[user.pk]["me"]["row"] for user in users]
    assert sorted(rows) == [0, 1, 2]
    assert [views[user.pk]["standings"][row]["name"] for user, row in zip(users, rows, strict=True)] == [u.username for u in users]
    assert sum(1 for user in users if views[user.pk]["me"]["match"]) == 2
    assert sum(1 for user in users if views[user.pk]["me"]["waiting"]) == 1
    assert views[stranger.pk]["me"] == {"registered": False, "withdrawn": False, "waiting": False, "match": None, "row": None}


def test_the_shared_part_is_built_once_per_change_and_language(django_assert_num_queries):
    tournament, _users = new_tournament(people=2)
    first = snapshot.shared_view(tournament.pk, "en")[1]
    with django_assert_num_queries(1):  # the version alone: the part built is still the latest
        assert snapshot.shared_view(tournament.pk, "en")[1] is first
    version = type(tournament).objects.get(pk=tournament.pk).version
    with django_assert_num_queries(0):  # a socket told of that version asks nothing
        assert snapshot.shared_view(tournament.pk, "en", version)[1] is first
    assert snapshot.shared_view(tournament.pk, "fr")[1]["view"]["status_label"] == "Commence bientôt"
    newcomer = UserFactory()
    services.register(newcomer, tournament.pk, now=T0 - 30)  # a change: the version moves
    again = snapshot.shared_view(tournament.pk, "en", version + 1)[1]
    assert again is not first and again["view"]["people"] == 3


def test_a_view_held_is_read_without_the_database_and_only_at_its_version_or_later(django_assert_num_queries):
    tournament, _users = new_tournament(people=2)
    version = type(tournament).objects.get(pk=tournament.pk).version
    with django_assert_num_queries(0):
        assert snapshot.held_view(tournament.pk, "en", version) is None  # nothing built yet in this process
    built = snapshot.shared_view(tournament.pk, "en")[1]
    with django_assert_num_queries(0):
        assert snapshot.held_view(tournament.pk, "en", version)[1] is built
        assert snapshot.held_view(tournament.pk, "en", version + 1) is None  # a later change: build it again
        assert snapshot.held_view(tournament.pk, "fr", version) is None  # each language its own

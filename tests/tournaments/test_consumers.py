"""A tournament's socket: the page's view on connect and again after each change; nothing for a
private tournament to a stranger."""
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from config.asgi import application
from tests.factories import UserFactory
from tournaments import consumers, services, snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def new_tournament(private=False):
    return services.create_tournament(UserFactory(), name="Cup", kind="arena", game="countdown", table_size=2, minutes=30,
                                      bot="first", starts_at=timezone.now() + timedelta(hours=1),
                                      raw_options={"clock": 0, "rounds": 1}, is_private=private)


async def connect(tournament_id):
    communicator = WebsocketCommunicator(application, f"/ws/tournament/{tournament_id}/",
                                         headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


async def test_a_person_joining_reaches_every_page_of_the_tournament():
    cup = await sync_to_async(new_tournament)()
    communicator = await connect(cup.pk)
    first = await communicator.receive_json_from(timeout=5)
    assert (first["id"], first["people"], first["status"]) == (cup.pk, 0, "scheduled")
    person = await sync_to_async(UserFactory)()
    await sync_to_async(services.register)(person, cup.pk)
    after = await communicator.receive_json_from(timeout=5)
    assert after["people"] == 1 and [row["name"] for row in after["standings"]] == [person.username]
    await communicator.disconnect()


async def test_a_private_tournament_closes_a_strangers_socket_without_a_view():
    secret = await sync_to_async(new_tournament)(private=True)
    communicator = await connect(secret.pk)
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}


async def test_pages_told_of_one_change_share_one_build_of_the_view(monkeypatch):
    """A change reaches every page of a tournament at once: the process builds the shared view once and each
    page adds its reader's part on the loop, instead of each page taking its own trip to the database's thread
    (docs/tournaments.md, "Load")."""
    cup = await sync_to_async(new_tournament)()
    pages = [await connect(cup.pk) for _ in range(5)]
    for page in pages:
        await page.receive_json_from(timeout=5)
    builds, trips = [], []
    build, read = snapshot._shared, consumers.shared_view
    monkeypatch.setattr(snapshot, "_shared", lambda tournament: builds.append(tournament.version) or build(tournament))
    monkeypatch.setattr(consumers, "shared_view", lambda *args: trips.append(args) or read(*args))
    person = await sync_to_async(UserFactory)()
    await sync_to_async(services.register)(person, cup.pk)
    for page in pages:
        after = await page.receive_json_from(timeout=5)
        assert [row["name"] for row in after["standings"]] == [person.username]
    assert len(builds) == 1 and len(trips) == 1
    for page in pages:
        await page.disconnect()


async def test_a_change_made_while_the_first_view_is_read_still_reaches_the_page(monkeypatch):
    """The socket joins the tournament's group before it reads its first view: a person joining between that
    read and the socket's subscription would otherwise never reach the page (it showed 1 person for good)."""
    cup = await sync_to_async(new_tournament)()
    person = await sync_to_async(UserFactory)()
    read = consumers.shared_view
    joined = []

    def read_then_someone_joins(*args, **kwargs):
        found = read(*args, **kwargs)
        if not joined:
            joined.append(services.register(person, cup.pk))  # committed and announced before the view is sent
        return found

    monkeypatch.setattr(consumers, "shared_view", read_then_someone_joins)
    communicator = await connect(cup.pk)
    first = await communicator.receive_json_from(timeout=5)
    assert first["people"] == 0
    after = await communicator.receive_json_from(timeout=5)
    assert after["people"] == 1
    await communicator.disconnect()
